import { DAY_MS } from '../../../core/time/epochDay.ts';

/** About eighteen months: the demo's dates spread this far on either side of today. */
export const HALF_SPAN_DAYS = 548;

/** When things happen: created over the three years before today, nothing later than just before today. */
export interface Timeline {
  readonly createdFromMs: number;
  readonly createdToMs: number;
  readonly nowMs: number;
}

export function timelineFor(todayDay: number, foundedMs: number): Timeline {
  const nowMs = todayDay * DAY_MS - 60_000;
  return {
    createdFromMs: Math.max(foundedMs + 90 * DAY_MS, (todayDay - 3 * 365) * DAY_MS),
    createdToMs: nowMs - 3_600_000,
    nowMs,
  };
}
