declare const calendarDateBrand: unique symbol;
/** A day on the calendar, `YYYY-MM-DD`, with no time and no zone. */
export type CalendarDate = string & { readonly [calendarDateBrand]: true };

/**
 * A closed range of days, both ends included: GraphQL's `Timeframe`, GitLab's `start_date` and
 * `end_date` filters. It does not promise start ≤ end: what a reversed range means is up to the API
 * that read it.
 */
export interface DateRange {
  readonly start: CalendarDate;
  readonly end: CalendarDate;
}

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Days in each month of a common year; February gains one in a leap year. */
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

/**
 * Parses `YYYY-MM-DD` (a real date: no Feb 30, years 0001–9999); undefined otherwise. The year 0
 * does not exist in the proleptic Gregorian calendar PostgreSQL uses (1 BC comes before AD 1).
 * Checked by arithmetic, not through a Date: a roadmap maps 20,000 dates as its epics arrive.
 */
export function parseCalendarDate(value: string): CalendarDate | undefined {
  if (!DAY_PATTERN.test(value)) return undefined;
  const year = Number(value.slice(0, 4));
  const month = Number(value.slice(5, 7));
  const day = Number(value.slice(8, 10));
  if (year < 1 || month < 1 || month > 12 || day < 1) return undefined;
  const daysInMonth = month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1]!;
  return day <= daysInMonth ? (value as CalendarDate) : undefined;
}

export function compareCalendarDates(a: CalendarDate, b: CalendarDate): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
