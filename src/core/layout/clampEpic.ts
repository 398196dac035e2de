/**
 * Clamping an epic (or milestone) to the timeframe — spec "Bars":
 * - A start before the timeframe start is clamped to it and marked out of range; likewise an end
 *   after the timeframe end.
 * - A missing start or end is "undefined" and the bar extends to that edge.
 * - An item whose clamped start is after its clamped end is dropped. That also drops every item
 *   entirely outside the timeframe and every item whose dates are reversed.
 * Like GitLab, a start after the timeframe end is not clamped (so the item is dropped), and an item
 * without any date spans the whole timeframe.
 */
import type { CalendarDate } from '../time/calendarDate.ts';
import { calendarDateToDay, dayToCalendarDate, type EpochDay } from '../time/epochDay.ts';
import { ROW_FLAG } from './roadmapEpic.ts';

/** Stored start of an epic without a start date: below every real day (sorts as −∞). */
export const UNDEFINED_START = -2147483648;
/** Stored end of an epic without a due date: above every real day (sorts as +∞). */
export const UNDEFINED_END = 2147483647;

/** The derived date fields of the spec's "Epic (roadmap)". */
export interface ClampedDates {
  readonly originalStartDate: CalendarDate | null;
  readonly originalEndDate: CalendarDate | null;
  /** The start the bar is drawn from: the original, or the timeframe start. */
  readonly startDate: CalendarDate;
  readonly endDate: CalendarDate;
  readonly startDateUndefined: boolean;
  readonly endDateUndefined: boolean;
  readonly startDateOutOfRange: boolean;
  readonly endDateOutOfRange: boolean;
  /** False when the clamped start is after the clamped end: the item is not shown. */
  readonly shown: boolean;
}

export interface DayRange {
  readonly startDay: EpochDay;
  /** Inclusive. */
  readonly endDay: EpochDay;
}

/** Clamps one item's dates to a timeframe (object form, for callers outside the hot path). */
export function clampEpicToTimeframe(
  item: { readonly startDate: CalendarDate | null; readonly dueDate: CalendarDate | null },
  timeframe: DayRange,
): ClampedDates {
  const start = item.startDate === null ? UNDEFINED_START : calendarDateToDay(item.startDate);
  const end = item.dueDate === null ? UNDEFINED_END : calendarDateToDay(item.dueDate);
  const from = clampStart(start, timeframe.startDay);
  const to = clampEnd(end, timeframe.endDay);
  const flags = clampFlags(start, end, timeframe.startDay, timeframe.endDay);
  return {
    originalStartDate: item.startDate,
    originalEndDate: item.dueDate,
    startDate: dayToCalendarDate(from as EpochDay),
    endDate: dayToCalendarDate(to as EpochDay),
    startDateUndefined: (flags & ROW_FLAG.START_UNDEFINED) !== 0,
    endDateUndefined: (flags & ROW_FLAG.END_UNDEFINED) !== 0,
    startDateOutOfRange: (flags & ROW_FLAG.START_OUT_OF_RANGE) !== 0,
    endDateOutOfRange: (flags & ROW_FLAG.END_OUT_OF_RANGE) !== 0,
    shown: from <= to,
  };
}

/** The drawn start day of a stored start (UNDEFINED_START for none) in a timeframe starting at t0. */
export function clampStart(start: number, timeframeStart: number): number {
  return Math.max(start, timeframeStart);
}

/** The drawn end day of a stored end (UNDEFINED_END for none) in a timeframe ending at t1. */
export function clampEnd(end: number, timeframeEnd: number): number {
  return Math.min(end, timeframeEnd);
}

/** Whether an item with these stored dates is shown in [t0, t1]. */
export function isShown(start: number, end: number, timeframeStart: number, timeframeEnd: number): boolean {
  return clampStart(start, timeframeStart) <= clampEnd(end, timeframeEnd);
}

/** START/END_UNDEFINED and START/END_OUT_OF_RANGE bits (ROW_FLAG) of stored dates. */
export function clampFlags(start: number, end: number, timeframeStart: number, timeframeEnd: number): number {
  let flags = 0;
  if (start === UNDEFINED_START) flags |= ROW_FLAG.START_UNDEFINED;
  else if (start < timeframeStart) flags |= ROW_FLAG.START_OUT_OF_RANGE;
  if (end === UNDEFINED_END) flags |= ROW_FLAG.END_UNDEFINED;
  else if (end > timeframeEnd) flags |= ROW_FLAG.END_OUT_OF_RANGE;
  return flags;
}
