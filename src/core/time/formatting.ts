import { format, formatDistanceStrict, formatISO, parseISO } from 'date-fns';
import type { CalendarDate } from './calendarDate.ts';
import { monthAbbreviation } from './calendarUnits.ts';

/** The calendar day of an instant in the process's time zone. */
export function calendarDateOf(instant: Date): CalendarDate {
  return formatISO(instant, { representation: 'date' }) as CalendarDate;
}

/**
 * 'Mar 9, 2024' (spec: "d mmm, yyyy" style), read without any time-zone shift. Built from the ISO
 * text's parts: lists format it for each row they render, and a date library's format costs a
 * hundred times more (it showed in the roadmap's scroll frames).
 */
export function formatCalendarDate(date: CalendarDate): string {
  const [year, month, day] = date.split('-') as [string, string, string];
  return `${monthAbbreviation(Number(month))} ${Number(day)}, ${year}`;
}

/** 'Jan 1, 2024 – Mar 31, 2024'; an open end reads 'No start date' / 'No due date'; null when both are missing. */
export function formatDateRange(start: CalendarDate | null, due: CalendarDate | null): string | null {
  if (!start && !due) return null;
  const from = start ? formatCalendarDate(start) : 'No start date';
  const to = due ? formatCalendarDate(due) : 'No due date';
  return `${from} – ${to}`;
}

/** '3 days ago' (or 'in 2 hours' for a clock skewed ahead), relative to `now`; ISO timestamps in. */
export function formatTimeAgo(instant: string, now: Date): string {
  const date = parseISO(instant);
  if (Math.abs(now.getTime() - date.getTime()) < 60_000) return 'just now';
  return formatDistanceStrict(date, now, { addSuffix: true });
}

/** The full timestamp shown in tooltips: 'Mar 9, 2024 2:05pm'. */
export function formatTimestamp(instant: string): string {
  return format(parseISO(instant), 'MMM d, yyyy h:mmaaa');
}
