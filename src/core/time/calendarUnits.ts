/**
 * Calendar units (day, Sunday-week, month, quarter, year) over epoch days: where a unit starts and
 * where the next one starts. Shared by timeframes, scales and header ticks so that "a week" or "a
 * quarter" means the same thing everywhere. Weeks start on Sunday (spec: "Weeks start on Sunday and have 7 days").
 */
import { addDays, civilOf, daysFromCivil, type EpochDay, weekdayOf } from './epochDay.ts';

export const TICK_UNITS = ['day', 'week', 'month', 'quarter', 'year'] as const;
export type TickUnit = (typeof TICK_UNITS)[number];

export const DAYS_IN_WEEK = 7;

/** Mean length of each unit in days (Gregorian averages): the continuous zoom compares these. */
export const AVERAGE_UNIT_DAYS: Readonly<Record<TickUnit, number>> = {
  day: 1,
  week: 7,
  month: 365.2425 / 12,
  quarter: 365.2425 / 4,
  year: 365.2425,
};

/** 'Jan' … 'Dec': GitLab's abbreviated month names (`monthInWords(date, true)`). */
export const MONTH_ABBREVIATIONS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

export function monthAbbreviation(month: number): string {
  return MONTH_ABBREVIATIONS[month - 1] ?? '';
}

/** The Sunday on or before a day. */
export function startOfWeek(day: EpochDay): EpochDay {
  return addDays(day, -weekdayOf(day));
}

export function startOfMonth(day: EpochDay): EpochDay {
  const { year, month } = civilOf(day);
  return daysFromCivil(year, month, 1);
}

/** 1–4. */
export function quarterOfMonth(month: number): 1 | 2 | 3 | 4 {
  return (Math.floor((month - 1) / 3) + 1) as 1 | 2 | 3 | 4;
}

export function startOfQuarter(day: EpochDay): EpochDay {
  const { year, month } = civilOf(day);
  return daysFromCivil(year, month - ((month - 1) % 3), 1);
}

export function startOfYear(day: EpochDay): EpochDay {
  return daysFromCivil(civilOf(day).year, 1, 1);
}

/**
 * The first day of the month `count` months after the month of `day` (count may be negative).
 * Month arithmetic on (year, month) pairs, never on day counts: no "Feb 31" overflow.
 */
export function addMonthsToMonthStart(day: EpochDay, count: number): EpochDay {
  const { year, month } = civilOf(day);
  const index = year * 12 + (month - 1) + count;
  return daysFromCivil(Math.floor(index / 12), (index % 12) + 1, 1);
}

/** The first day of the unit that contains `day`. */
export function unitStart(day: EpochDay, unit: TickUnit): EpochDay {
  switch (unit) {
    case 'day':
      return day;
    case 'week':
      return startOfWeek(day);
    case 'month':
      return startOfMonth(day);
    case 'quarter':
      return startOfQuarter(day);
    case 'year':
      return startOfYear(day);
  }
}

/** The first day of the unit after the one starting at `start` (which must be a unit start). */
export function nextUnitStart(start: EpochDay, unit: TickUnit): EpochDay {
  switch (unit) {
    case 'day':
      return addDays(start, 1);
    case 'week':
      return addDays(start, DAYS_IN_WEEK);
    case 'month':
      return addMonthsToMonthStart(start, 1);
    case 'quarter':
      return addMonthsToMonthStart(start, 3);
    case 'year':
      return addMonthsToMonthStart(start, 12);
  }
}

/** The next finer unit, used for header sub-labels; `day` has none. */
export const SUB_UNIT: Readonly<Record<TickUnit, TickUnit | null>> = {
  day: null,
  week: 'day',
  month: 'week',
  quarter: 'month',
  year: 'quarter',
};

/** Whole units of `unit` from the one containing `from` to the one containing `to`. */
export function unitsBetween(from: EpochDay, to: EpochDay, unit: TickUnit): number {
  const a = unitStart(from, unit);
  const b = unitStart(to, unit);
  if (unit === 'day') return b - a;
  if (unit === 'week') return (b - a) / 7;
  const ca = civilOf(a);
  const cb = civilOf(b);
  const months = (cb.year - ca.year) * 12 + (cb.month - ca.month);
  return unit === 'month' ? months : unit === 'quarter' ? months / 3 : months / 12;
}
