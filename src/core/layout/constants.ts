/** Roadmap layout constants (spec, "Roadmap layout"; GitLab's roadmap constants). */
import { COLUMN_WIDTH } from '../time/timeScale.ts';

/** Width of each timeframe column, px (TIMELINE_CELL_MIN_WIDTH). */
export const TIMELINE_CELL_WIDTH = COLUMN_WIDTH;
/** The left details column, px (EPIC_DETAILS_CELL_WIDTH). */
export const EPIC_DETAILS_CELL_WIDTH = 320;
/** One epic row, px (EPIC_ITEM_HEIGHT). */
export const EPIC_ITEM_HEIGHT = 50;
/** Bars narrower than this (px) show '...' instead of their title (SMALL_TIMELINE_BAR). */
export const SMALL_TIMELINE_BAR = 40;
/** The text a too-narrow bar shows. */
export const TRUNCATED_BAR_TITLE = '...';

/** Child epics are indented by level: 1 is ml-4, 2 is ml-6, 3 is ml-8, 4 is ml-10. */
export const EPIC_LEVEL_MARGIN: Readonly<Record<1 | 2 | 3 | 4, string>> = {
  1: 'ml-4',
  2: 'ml-6',
  3: 'ml-8',
  4: 'ml-10',
};

/** The indentation class of a row level; '' at top level, and levels past 4 stay at ml-10. */
export function indentClassForLevel(level: number): string {
  if (level <= 0) return '';
  return EPIC_LEVEL_MARGIN[Math.min(4, Math.floor(level)) as 1 | 2 | 3 | 4];
}

/** Section width is 320 + 180 × the number of columns. */
export function sectionWidth(columnCount: number): number {
  return EPIC_DETAILS_CELL_WIDTH + TIMELINE_CELL_WIDTH * columnCount;
}

/** The buffer size is the ceiling of (window height − list top offset) / 50, never negative. */
export function bufferSize(windowHeight: number, listTopOffset: number): number {
  return Math.max(0, Math.ceil((windowHeight - listTopOffset) / EPIC_ITEM_HEIGHT));
}
