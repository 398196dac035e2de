import { isValid, parseISO } from 'date-fns';

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

/**
 * Parses `YYYY-MM-DD` (a real date: no Feb 30, years 0001–9999); undefined otherwise. The year 0
 * does not exist in the proleptic Gregorian calendar PostgreSQL uses (1 BC comes before AD 1).
 */
export function parseCalendarDate(value: string): CalendarDate | undefined {
  if (!DAY_PATTERN.test(value) || value.startsWith('0000')) return undefined;
  const parsed = parseISO(value);
  if (!isValid(parsed)) return undefined;
  const [year, month, day] = value.split('-').map(Number);
  if (parsed.getFullYear() !== year || parsed.getMonth() + 1 !== month || parsed.getDate() !== day)
    return undefined;
  return value as CalendarDate;
}

export function compareCalendarDates(a: CalendarDate, b: CalendarDate): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
