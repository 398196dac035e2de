import type { CalendarDate } from './calendarDate.ts';

/**
 * Epoch days: calendar days as integers (days since 1970-01-01, UTC). Bulk generators (the demo seed)
 * count in them: integer arithmetic is exact and no time zone can shift a day. `YYYY-MM-DD` at the edges.
 */
export const DAY_MS = 86_400_000;

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export function parseDay(value: string): number {
  const match = DAY_PATTERN.exec(value);
  if (!match) throw new Error(`Expected a day as YYYY-MM-DD, got '${value}'`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const date = new Date(ms);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    throw new Error(`'${value}' is not a calendar day`);
  }
  return ms / DAY_MS;
}

const dayTexts = new Map<number, string>();

/** `YYYY-MM-DD`; memoised because a few thousand distinct days are formatted millions of times. */
export function formatDay(day: number): string {
  let text = dayTexts.get(day);
  if (text === undefined) {
    text = new Date(day * DAY_MS).toISOString().slice(0, 10);
    dayTexts.set(day, text);
  }
  return text;
}

export function formatDayOrNull(day: number | null): string | null {
  return day === null ? null : formatDay(day);
}

export function formatTimestamp(ms: number): string {
  return new Date(Math.round(ms)).toISOString();
}

/** Year and quarter (1–4) of a day. */
export function quarterOf(day: number): { year: number; quarter: number } {
  const date = new Date(day * DAY_MS);
  return { year: date.getUTCFullYear(), quarter: Math.floor(date.getUTCMonth() / 3) + 1 };
}

/** The first day of a quarter, as a day number. */
export function quarterStart(year: number, quarter: number): number {
  return Date.UTC(year, (quarter - 1) * 3, 1) / DAY_MS;
}

declare const epochDayBrand: unique symbol;
/**
 * A calendar day as an integer count of days since 1970-01-01. No time, no zone: adding 1 is always
 * "the next calendar day", whatever DST does to wall clocks. The layout engine works in these.
 */
export type EpochDay = number & { readonly [epochDayBrand]: true };

/** Brands an integer day count; the caller promises it is whole. */
export const asEpochDay = (value: number): EpochDay => value as EpochDay;

/** `day + count` days, still a day. */
export const addDays = (day: EpochDay, count: number): EpochDay => (day + count) as EpochDay;

/**
 * The epoch day of a proleptic Gregorian date (month 1–12), by integer arithmetic (H. Hinnant's
 * days_from_civil): no Date object, so no time zone can move it.
 */
export function daysFromCivil(year: number, month: number, day: number): EpochDay {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return (era * 146097 + dayOfEra - 719468) as EpochDay;
}

/** Year, month (1–12) and day of month (1–31) of an epoch day (Hinnant's civil_from_days). */
export interface CivilDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

export function civilOf(epochDay: EpochDay): CivilDate {
  const z = epochDay + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** Day of the week, 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
export function weekdayOf(day: EpochDay): number {
  return (((day + 4) % 7) + 7) % 7;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const MONTH_LENGTHS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** Days in a month (1–12) of a year: 28–31. */
export function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : MONTH_LENGTHS[month - 1]!;
}

/** `YYYY-MM-DD` → epoch day. The input is already a valid CalendarDate, so this only does arithmetic. */
export function calendarDateToDay(date: CalendarDate): EpochDay {
  const year = Number(date.slice(0, 4));
  const month = (date.charCodeAt(5) - 48) * 10 + (date.charCodeAt(6) - 48);
  const day = (date.charCodeAt(8) - 48) * 10 + (date.charCodeAt(9) - 48);
  return daysFromCivil(year, month, day);
}

const pad2 = (value: number) => (value < 10 ? `0${value}` : String(value));

/** Epoch day → `YYYY-MM-DD` (years 0–9999). */
export function dayToCalendarDate(day: EpochDay): CalendarDate {
  const { year, month, day: dayOfMonth } = civilOf(day);
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(dayOfMonth)}` as CalendarDate;
}
