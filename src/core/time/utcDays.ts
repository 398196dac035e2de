/**
 * Instants against the UTC calendar, as GitLab's analytics read them (Time.zone is UTC there): the
 * day and month an instant falls in, midnight of a day, and whole days or hours between two
 * instants. The only place analytics turn milliseconds into days or hours.
 */
import { asEpochDay, civilOf, DAY_MS, daysFromCivil, daysInMonth, type EpochDay } from './epochDay.ts';

const HOUR_MS = 3_600_000;
const SECOND_MS = 1_000;

/** The UTC calendar day the instant falls on. */
export const utcDayOf = (instant: Date): EpochDay => asEpochDay(Math.floor(instant.getTime() / DAY_MS));

/** Midnight (UTC) that starts the day. */
export const utcMidnightOf = (day: EpochDay): Date => new Date(day * DAY_MS);

/** The first day of the day's month. */
export function monthStartOf(day: EpochDay): EpochDay {
  const { year, month } = civilOf(day);
  return daysFromCivil(year, month, 1);
}

/**
 * The day `months` calendar months after `day` (before, when negative), its day of month clamped to
 * the target month's length: Rails' `advance(months:)`, so May 31 less 3 months is Feb 28 (or 29).
 */
export function addMonths(day: EpochDay, months: number): EpochDay {
  const { year, month, day: dayOfMonth } = civilOf(day);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = index - targetYear * 12 + 1;
  return daysFromCivil(targetYear, targetMonth, Math.min(dayOfMonth, daysInMonth(targetYear, targetMonth)));
}

/** The instant `days` whole days (of 24 hours: UTC has no DST) before `instant`. */
export const utcDaysBefore = (instant: Date, days: number): Date =>
  new Date(instant.getTime() - days * DAY_MS);

/**
 * Whole days from `from` to `to`, truncated toward zero (Ruby's `(to - from).to_i` on two DateTimes):
 * 91 days and 23 hours is 91.
 */
export const wholeDaysBetween = (from: Date, to: Date): number =>
  // `+ 0` turns the -0 of a short negative span into 0.
  Math.trunc((to.getTime() - from.getTime()) / DAY_MS) + 0;

/** Whole hours from `from` to `to`, floored (GitLab's `(seconds / 1.hour).floor`). */
export const wholeHoursBetween = (from: Date, to: Date): number =>
  Math.floor((to.getTime() - from.getTime()) / HOUR_MS);

/** Seconds from `from` to `to`, fractional (PostgreSQL's `EXTRACT(EPOCH FROM to - from)`). */
export const secondsBetween = (from: Date, to: Date): number => (to.getTime() - from.getTime()) / SECOND_MS;
