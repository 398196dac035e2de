/**
 * GitLab's per-preset bar and today-indicator rules, on top of the piecewise preset scale (GitLab's timeline
 * and the roadmap preset mixins). Kept apart from the scale because they are GitLab's quirks,
 * not geometry: a bar that starts mid-column starts at the END of its start day (months: at
 * floor(percent) of the column; quarters: at the exact fraction) or half a day in (weeks); the first
 * column then counts the days after the start day (weeks: from it). The end day is always inclusive
 * (in GitLab: an epic ending Fri 2 Feb 2018 fills six of seven days of its last week).
 */
import type { EpochDay } from './epochDay.ts';
import type { PresetType } from './presets.ts';
import { COLUMN_WIDTH, type WorldPx, worldPx } from './units.ts';

/** What the rules need from a preset scale (avoids an import cycle with timeScale.ts). */
export interface PresetColumns {
  readonly presetType: PresetType;
  readonly columnStarts: Int32Array;
  readonly columnCount: number;
  readonly width: number;
  clampedColumnOf(day: number): number;
  columnOf(day: EpochDay): number;
}

const CELL = COLUMN_WIDTH;

/** out[0] = x, out[1] = width (world px) of a bar from start to end, both inclusive and in the domain. */
export function presetBarSpan(scale: PresetColumns, start: EpochDay, end: EpochDay, out: Float64Array): void {
  const starts = scale.columnStarts;
  const first = scale.clampedColumnOf(start);
  const last = scale.clampedColumnOf(end);
  const firstDays = starts[first + 1]! - starts[first]!;
  const lastDays = starts[last + 1]! - starts[last]!;
  const offset = start - starts[first]!;
  const weeks = scale.presetType === 'WEEKS';
  let x = first * CELL;
  if (offset > 0) {
    if (weeks) x += ((offset + 0.5) * CELL) / 7;
    else if (scale.presetType === 'MONTHS') x += (Math.floor(((offset + 1) / firstDays) * 100) * CELL) / 100;
    else x += ((offset + 1) * CELL) / firstDays;
  }
  let width: number;
  if (first === last) {
    width = Math.min(CELL, ((end - start + 1) * CELL) / firstDays);
  } else {
    const daysInFirst = weeks || offset === 0 ? firstDays - offset : firstDays - offset - 1;
    const daysInLast = end - starts[last]! + 1;
    width = (daysInFirst * CELL) / firstDays + (last - first - 1) * CELL + (daysInLast * CELL) / lastDays;
  }
  // GitLab's start offsets can push a bar past the last column (a one-day epic on the last day would
  // vanish if cut there): such a bar keeps its width and ends at the timeline's end instead.
  const overflow = x + width - scale.width;
  out[0] = overflow > 0 ? Math.max(0, x - overflow) : x;
  out[1] = Math.min(width, scale.width);
}

/**
 * The today indicator: GitLab positions it at a floored percentage of today's column — quarters
 * floor(dayOfQuarter / daysInQuarter · 100), months floor(dayOfMonth / daysInMonth · 100), weeks
 * floor((weekday + 1) / 7 · 100 − 7) — with 1-based day numbers.
 */
export function presetTodayX(scale: PresetColumns, today: EpochDay): WorldPx | null {
  const column = scale.columnOf(today);
  if (column < 0) return null;
  const start = scale.columnStarts[column]!;
  const days = scale.columnStarts[column + 1]! - start;
  const dayNumber = today - start + 1;
  const percent =
    scale.presetType === 'WEEKS'
      ? Math.floor((dayNumber / 7) * 100 - 7)
      : Math.floor((dayNumber / days) * 100);
  return worldPx(column * CELL + (percent * CELL) / 100);
}
