/**
 * An epic's bar on a scale: clamp its stored dates to the scale's range (the selected timeframe) (clampEpic.ts), then let the
 * scale place it (GitLab's per-preset rules, or exact edges on the continuous scale).
 */
import { asEpochDay } from '../time/epochDay.ts';
import type { TimeScale } from '../time/timeScale.ts';
import { clampEnd, clampFlags, clampStart } from './clampEpic.ts';
import { SMALL_TIMELINE_BAR } from './constants.ts';
import { ROW_FLAG } from './roadmapEpic.ts';

/**
 * Writes the bar of stored dates (UNDEFINED_START/END for missing) into out[0] (x) and out[1]
 * (width), world px, and returns the ROW_FLAG bits for undefined/out-of-range dates and a truncated
 * title. The caller has checked that the epic is shown (clamped start ≤ clamped end).
 */
export function epicBar(scale: TimeScale, start: number, end: number, out: Float64Array): number {
  const from = clampStart(start, scale.rangeStartDay);
  const to = clampEnd(end, scale.rangeEndDay);
  scale.barSpan(asEpochDay(from), asEpochDay(to), out);
  let flags = clampFlags(start, end, scale.rangeStartDay, scale.rangeEndDay);
  if (out[1]! < SMALL_TIMELINE_BAR) flags |= ROW_FLAG.TITLE_TRUNCATED;
  return flags;
}

/** Whether [x, x + width) meets [from, to). */
export function barIntersects(x: number, width: number, from: number, to: number): boolean {
  return x < to && x + width > from;
}
