/**
 * Timeframes: the columns a roadmap shows for a date range and preset (spec, "Timeframes"
 * "Timeframe item"), computed from an injected "today" — never from the clock.
 *
 * - Current quarter: weeks from the start of the current quarter to its end.
 * - Current year: 12 months, or weeks from 1 Jan to 31 Dec.
 * - Three years: the 36 months from the first day of the month 18 months before today. QUARTERS
 *   widens that window to quarter boundaries (in GitLab: 2018-01-01 → 2016 Q3…2019 Q2;
 *   2020-12-25 → 13 quarters 2019 Q2…2022 Q2). WEEKS keeps GitLab's window, Sundays before the last
 *   day of the month 18 months ahead (its spec: 161 weeks from 2019-06-30 for 2021-01-01).
 * - Weeks start on Sunday and have 7 days; the first week is the one containing the range start.
 *   For the current quarter and year the last week is the one containing the range's last day, even
 *   when that day is a Sunday (GitLab's `sunday < lastDay` loop drops it then, e.g. 30 June 2024).
 */
import type { CalendarDate } from './calendarDate.ts';
import {
  addMonthsToMonthStart,
  DAYS_IN_WEEK,
  quarterOfMonth,
  startOfQuarter,
  startOfWeek,
} from './calendarUnits.ts';
import {
  addDays,
  asEpochDay,
  calendarDateToDay,
  civilOf,
  dayToCalendarDate,
  type EpochDay,
} from './epochDay.ts';
import { type PresetType, resolvePresetType, type TimeframeRangeType } from './presets.ts';

/** A quarter column: `range` is GitLab's three month dates, the last one being the quarter's last day. */
export interface QuarterItem {
  readonly kind: 'quarter';
  readonly quarterSequence: 1 | 2 | 3 | 4;
  readonly year: number;
  readonly range: readonly [CalendarDate, CalendarDate, CalendarDate];
  readonly start: EpochDay;
  /** Last day of the column, inclusive. */
  readonly end: EpochDay;
}

/** A month column. `date` is the 1st, except on the last column where GitLab makes it the last day. */
export interface MonthItem {
  readonly kind: 'month';
  readonly date: CalendarDate;
  readonly start: EpochDay;
  readonly end: EpochDay;
}

/** A week column: `date` is its Sunday. */
export interface WeekItem {
  readonly kind: 'week';
  readonly date: CalendarDate;
  readonly start: EpochDay;
  readonly end: EpochDay;
}

export type TimeframeItem = QuarterItem | MonthItem | WeekItem;

export interface Timeframe {
  readonly rangeType: TimeframeRangeType;
  readonly presetType: PresetType;
  readonly items: readonly TimeframeItem[];
  /** First shown day (first column's first day). */
  readonly startDay: EpochDay;
  /** Last shown day, inclusive (last column's last day). */
  readonly endDay: EpochDay;
  /** Column boundaries in epoch days: `columnStarts[i]` starts column i; the last entry is `endDay + 1`. */
  readonly columnStarts: Int32Array;
}

export interface TimeframeRequest {
  readonly rangeType: TimeframeRangeType;
  /** Resolved against the range: a preset the range does not allow becomes its default. */
  readonly presetType: PresetType;
  readonly today: CalendarDate;
}

/** The columns of a range and preset as of `today` (GitLab's `getTimeframeForRangeType`). */
export function buildTimeframe(request: TimeframeRequest): Timeframe {
  const { rangeType } = request;
  const presetType = resolvePresetType(rangeType, request.presetType);
  const today = calendarDateToDay(request.today);
  if (rangeType === 'CURRENT_QUARTER') {
    const first = startOfQuarter(today);
    return fromStarts(
      rangeType,
      presetType,
      weekStarts(first, lastDayBefore(addMonthsToMonthStart(first, 3))),
    );
  }
  if (rangeType === 'CURRENT_YEAR') {
    const first = addMonthsToMonthStart(today, -(civilOf(today).month - 1));
    if (presetType === 'MONTHS') return fromStarts(rangeType, presetType, monthStarts(first, 12, 1));
    const lastDay = lastDayBefore(addMonthsToMonthStart(first, 12));
    return fromStarts(rangeType, presetType, weekStarts(first, lastDay));
  }
  const first = addMonthsToMonthStart(today, -18);
  if (presetType === 'MONTHS') return fromStarts(rangeType, presetType, monthStarts(first, 36, 1));
  if (presetType === 'QUARTERS') {
    const quarterFirst = startOfQuarter(first);
    const lastMonth = addMonthsToMonthStart(first, 35);
    const end = addMonthsToMonthStart(startOfQuarter(lastMonth), 3);
    return fromStarts(rangeType, presetType, monthStarts(quarterFirst, monthsBetween(quarterFirst, end), 3));
  }
  // GitLab iterates Sundays while `sunday < lastDayOfMonth(today + 18 months)`.
  const gitlabEnd = lastDayBefore(addMonthsToMonthStart(today, 19));
  return fromStarts(rangeType, presetType, weekStarts(first, addDays(gitlabEnd, -1)));
}

/** How many columns an extension adds by default: GitLab's PRESET_DEFAULTS (21 months = 7 quarters, 8 months, 7 weeks). */
export const EXTEND_COLUMNS: Readonly<Record<PresetType, number>> = { QUARTERS: 7, MONTHS: 8, WEEKS: 7 };

export interface TimeframeExtension {
  readonly timeframe: Timeframe;
  /** The days the extension added (inclusive), e.g. to fetch epics for just that part. */
  readonly addedStartDay: EpochDay;
  readonly addedEndDay: EpochDay;
  /** Columns added before the old first column: the page shifts its scroll by this many columns. */
  readonly columnsPrepended: number;
}

/** Adds columns before or after a timeframe, as when the user scrolls to an edge of the roadmap. */
export function extendTimeframe(
  timeframe: Timeframe,
  side: 'before' | 'after',
  count: number = EXTEND_COLUMNS[timeframe.presetType],
): TimeframeExtension {
  const columns = Math.max(0, Math.floor(count));
  const starts = Array.from(timeframe.columnStarts);
  const step = (day: number, k: number): number =>
    timeframe.presetType === 'WEEKS'
      ? day + k * DAYS_IN_WEEK
      : addMonthsToMonthStart(asEpochDay(day), k * (timeframe.presetType === 'QUARTERS' ? 3 : 1));
  const first = starts[0]!;
  const sentinel = starts[starts.length - 1]!;
  const added: number[] = [];
  if (side === 'before') for (let k = -columns; k < 0; k += 1) added.push(step(first, k));
  else for (let k = 1; k <= columns; k += 1) added.push(step(sentinel, k));
  const next = fromStarts(
    timeframe.rangeType,
    timeframe.presetType,
    side === 'before' ? [...added, ...starts] : [...starts, ...added],
  );
  return {
    timeframe: next,
    addedStartDay: side === 'before' ? next.startDay : addDays(timeframe.endDay, 1),
    addedEndDay: side === 'before' ? addDays(timeframe.startDay, -1) : next.endDay,
    columnsPrepended: side === 'before' ? columns : 0,
  };
}

const lastDayBefore = (day: EpochDay): EpochDay => addDays(day, -1);

function monthsBetween(from: EpochDay, to: EpochDay): number {
  const a = civilOf(from);
  const b = civilOf(to);
  return (b.year - a.year) * 12 + (b.month - a.month);
}

/** Column starts (plus the end sentinel) of `months` months grouped `step` at a time. */
function monthStarts(first: EpochDay, months: number, step: number): number[] {
  const starts: number[] = [];
  for (let m = 0; m <= months; m += step) starts.push(addMonthsToMonthStart(first, m));
  return starts;
}

/** Sundays from the one on or before `first` through the last one on or before `lastDay`, plus the sentinel. */
function weekStarts(first: EpochDay, lastDay: EpochDay): number[] {
  const starts: number[] = [];
  for (let sunday = startOfWeek(first); sunday <= lastDay; sunday = addDays(sunday, DAYS_IN_WEEK))
    starts.push(sunday);
  starts.push(starts[starts.length - 1]! + DAYS_IN_WEEK);
  return starts;
}

function fromStarts(
  rangeType: TimeframeRangeType,
  presetType: PresetType,
  starts: readonly number[],
): Timeframe {
  const columnStarts = Int32Array.from(starts);
  const items: TimeframeItem[] = [];
  for (let i = 0; i + 1 < columnStarts.length; i += 1) {
    const start = asEpochDay(columnStarts[i]!);
    const end = asEpochDay(columnStarts[i + 1]! - 1);
    const isLast = i + 2 === columnStarts.length;
    items.push(makeItem(presetType, start, end, isLast));
  }
  return {
    rangeType,
    presetType,
    items,
    startDay: asEpochDay(columnStarts[0]!),
    endDay: asEpochDay(columnStarts[columnStarts.length - 1]! - 1),
    columnStarts,
  };
}

function makeItem(presetType: PresetType, start: EpochDay, end: EpochDay, isLast: boolean): TimeframeItem {
  if (presetType === 'WEEKS') return { kind: 'week', date: dayToCalendarDate(start), start, end };
  if (presetType === 'MONTHS') {
    return { kind: 'month', date: dayToCalendarDate(isLast ? end : start), start, end };
  }
  const { year, month } = civilOf(start);
  const range = [
    dayToCalendarDate(start),
    dayToCalendarDate(addMonthsToMonthStart(start, 1)),
    dayToCalendarDate(end),
  ] as const;
  return { kind: 'quarter', quarterSequence: quarterOfMonth(month), year, range, start, end };
}

/**
 * The edge a horizontal scroll has reached, if any: the page extends the timeframe there
 * (`extendTimeframe`) and fetches epics for the added days. World px; `threshold` widens each edge.
 */
export function timeframeEdgeReached(
  scrollLeft: number,
  viewportWidth: number,
  timelineWidth: number,
  threshold = 0,
): 'before' | 'after' | null {
  if (scrollLeft <= threshold) return 'before';
  if (scrollLeft + viewportWidth >= timelineWidth - threshold) return 'after';
  return null;
}
