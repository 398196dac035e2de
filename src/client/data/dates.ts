/**
 * The edge where API date strings become branded values. Past these mappers nothing accepts a raw
 * string: a `CalendarDate` (src/core/time) is a day without a time zone (`YYYY-MM-DD`), an
 * `Instant` is a moment (an ISO 8601 timestamp).
 */
import { type CalendarDate, parseCalendarDate } from '../../core/time/calendarDate.ts';

export type { CalendarDate };
export type Instant = string & { readonly __brand: 'Instant' };

/** `YYYY-MM-DD` (or a timestamp whose day part is taken as is) → CalendarDate; anything else → null. */
export function toCalendarDate(value: string | null | undefined): CalendarDate | null {
  if (!value) return null;
  return parseCalendarDate(value.slice(0, 10)) ?? null;
}

/** An ISO timestamp → Instant; unparsable input → null. */
export function toInstant(value: string | null | undefined): Instant | null {
  if (!value) return null;
  return Number.isNaN(Date.parse(value)) ? null : (value as Instant);
}
