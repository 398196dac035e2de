/**
 * Pixel units. Two coordinate spaces meet on the roadmap and mixing them is the classic bug:
 * - `WorldPx`: a position on the whole timeline; 0 is the left edge of the first timeframe column
 *   (the 320 px details column is not part of it). Layout speaks only this.
 * - `ScreenPx`: a position in the visible viewport (after scrolling). Pointer events speak this.
 */
declare const worldPxBrand: unique symbol;
declare const screenPxBrand: unique symbol;

export type WorldPx = number & { readonly [worldPxBrand]: true };
export type ScreenPx = number & { readonly [screenPxBrand]: true };

export const worldPx = (value: number): WorldPx => value as WorldPx;
export const screenPx = (value: number): ScreenPx => value as ScreenPx;

/** A world position seen through a viewport scrolled to `scrollLeft` (a world position itself). */
export const worldToScreen = (x: WorldPx, scrollLeft: WorldPx): ScreenPx => (x - scrollLeft) as ScreenPx;

export const screenToWorld = (x: ScreenPx, scrollLeft: WorldPx): WorldPx => (x + scrollLeft) as WorldPx;

/** GitLab's TIMELINE_CELL_MIN_WIDTH: every preset column (quarter, month or week) is 180 px wide. */
export const COLUMN_WIDTH = 180;
