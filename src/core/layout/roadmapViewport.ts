/**
 * Where the roadmap is looking: vertical scroll over the rows, horizontal scroll over the timeline,
 * and the zoom of the time scale. Pure state with clamping; the page owns one, feeds its gestures
 * in, and hands `layoutViewport()` to the layout worker. Units: px; scrollLeft is world px of the
 * timeline (0 = its first day), scrollTop px from the top of the first row.
 */
import {
  ContinuousTimeScale,
  clampZoom,
  domainFilling,
  MIN_ZOOM,
  pixelsPerDayAtZoom,
  zoomForPixelsPerDay,
} from '../time/continuousScale.ts';
import { asEpochDay, type EpochDay } from '../time/epochDay.ts';
import type { TimeScale } from '../time/timeScale.ts';
import { worldPx } from '../time/units.ts';
import { EPIC_ITEM_HEIGHT } from './constants.ts';
import type { LayoutViewport } from './windowLayout.ts';

/** Zoom levels (log2 px per day) one `+`/`-` key press or button click moves. */
export const ZOOM_STEP = 0.5;
/** Where "Today" puts today: this fraction of the visible timeline from its left edge. */
export const TODAY_ANCHOR = 1 / 3;

export class RoadmapViewport {
  scrollTop = 0;
  scrollLeft = 0;
  /** Visible timeline width and list height, px. */
  width = 0;
  height = 0;
  rowCount = 0;
  private currentScale: TimeScale;

  constructor(scale: TimeScale) {
    this.currentScale = scale;
  }

  get scale(): TimeScale {
    return this.currentScale;
  }

  get maxScrollTop(): number {
    return Math.max(0, this.rowCount * EPIC_ITEM_HEIGHT - this.height);
  }

  get maxScrollLeft(): number {
    return Math.max(0, this.currentScale.width - this.width);
  }

  /** The current zoom level: the continuous scale's, or the preset's average px per day. */
  get zoom(): number {
    const scale = this.currentScale;
    return scale instanceof ContinuousTimeScale
      ? scale.zoom
      : zoomForPixelsPerDay(scale.width / (scale.endDay - scale.startDay + 1));
  }

  /**
   * The least zoom. Zooming out continues past the selected range fitting the view: the scale's
   * domain then grows around the range (see scaleAtZoom) so the timeline always fills the width.
   */
  get minZoom(): number {
    return MIN_ZOOM;
  }

  /** The zoom at which the selected range exactly fits the visible width (within MIN…MAX_ZOOM). */
  get fitZoom(): number {
    const days = this.currentScale.rangeEndDay - this.currentScale.rangeStartDay + 1;
    if (this.width <= 0) return MIN_ZOOM;
    return clampZoom(zoomForPixelsPerDay(this.width / days));
  }

  setSize(width: number, height: number): void {
    this.width = Math.max(0, width);
    this.height = Math.max(0, height);
    this.clamp();
  }

  setRowCount(rowCount: number): void {
    this.rowCount = rowCount;
    this.clamp();
  }

  scrollTo(left: number, top: number): void {
    this.scrollLeft = left;
    this.scrollTop = top;
    this.clamp();
  }

  scrollBy(dx: number, dy: number): void {
    this.scrollTo(this.scrollLeft + dx, this.scrollTop + dy);
  }

  /** Scrolls the least distance that shows row `row` whole. */
  scrollRowIntoView(row: number): void {
    const top = row * EPIC_ITEM_HEIGHT;
    if (top < this.scrollTop) this.scrollTo(this.scrollLeft, top);
    else if (top + EPIC_ITEM_HEIGHT > this.scrollTop + this.height)
      this.scrollTo(this.scrollLeft, top + EPIC_ITEM_HEIGHT - this.height);
  }

  /**
   * Replaces the scale, keeping the instant at `anchorX` (px from the visible timeline's left edge;
   * the middle by default) under the same screen x.
   */
  setScale(scale: TimeScale, anchorX = this.width / 2): void {
    const day = this.currentScale.dayAt(worldPx(this.scrollLeft + anchorX));
    this.currentScale = scale;
    this.scrollLeft = scale.toPixel(asEpochDay(day)) - anchorX;
    this.clamp();
  }

  /**
   * The continuous scale over the same range at `zoom` (clamped to MIN…MAX_ZOOM), or null if
   * unchanged. When the range is narrower than the view at that zoom, the domain grows around it so
   * that the day now under `anchorX` stays there and the view is all timeline.
   */
  scaleAtZoom(zoom: number, anchorX = this.width / 2): ContinuousTimeScale | null {
    const next = clampZoom(zoom);
    const current = this.currentScale;
    if (current instanceof ContinuousTimeScale && Math.abs(current.zoom - next) < 1e-9) return null;
    const range = { startDay: current.rangeStartDay, endDay: current.rangeEndDay };
    const anchorDay = current.dayAt(worldPx(this.scrollLeft + anchorX));
    const domain = domainFilling(range, pixelsPerDayAtZoom(next), this.width, anchorDay, anchorX);
    return new ContinuousTimeScale(domain.startDay, domain.endDay, next, range);
  }

  /** Puts today at TODAY_ANCHOR of the visible width (no-op when today is outside the timeframe). */
  scrollToToday(today: EpochDay): void {
    const x = this.currentScale.todayX(today);
    if (x !== null) this.scrollTo(x - this.width * TODAY_ANCHOR, this.scrollTop);
  }

  /** What the layout worker lays out: the visible window; the worker adds its buffer. */
  layoutViewport(): LayoutViewport {
    return { scrollTop: this.scrollTop, height: this.height, scrollLeft: this.scrollLeft, width: this.width };
  }

  /**
   * Whether the view has moved far enough from the viewport a snapshot was laid out for that its
   * buffer (one screen on each side) may soon run out: half a screen either way.
   */
  movedFrom(requested: LayoutViewport): boolean {
    return (
      Math.abs(this.scrollTop - requested.scrollTop) > this.height / 2 ||
      Math.abs(this.scrollLeft - requested.scrollLeft) > this.width / 2 ||
      this.height > requested.height ||
      this.width > requested.width
    );
  }

  private clamp(): void {
    this.scrollTop = Math.min(Math.max(0, this.scrollTop), this.maxScrollTop);
    this.scrollLeft = Math.min(Math.max(0, this.scrollLeft), this.maxScrollLeft);
  }
}
