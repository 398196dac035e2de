import { type CalendarDate, compareCalendarDates } from './calendarDate.ts';
import { monthAbbreviation } from './calendarUnits.ts';
import { calendarDateToDay, weekdayOf } from './epochDay.ts';
import { formatCalendarDate } from './formatting.ts';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** How a due date reads next to an issuable, and its tooltip; `overdue` when it has passed. */
export interface DueDateText {
  readonly text: string;
  readonly tooltip: string;
  readonly overdue: boolean;
}

/**
 * The spec's due-date wording: "Today, Tomorrow and Yesterday for -1 to 1 days; weekday name for
 * 1 to 6 days ahead; otherwise a standard date, with the year shown if it is not the current year.
 * The full date is added for differences from -1 to 6 days."
 */
export function dueDateText(due: CalendarDate, today: CalendarDate): DueDateText {
  const days = calendarDateToDay(due) - calendarDateToDay(today);
  const full = formatCalendarDate(due);
  const overdue = compareCalendarDates(due, today) < 0;
  const near = (text: string): DueDateText => ({ text, tooltip: `${text} (${full})`, overdue });
  if (days === -1) return near('Yesterday');
  if (days === 0) return near('Today');
  if (days === 1) return near('Tomorrow');
  if (days > 1 && days <= 6) return near(WEEKDAYS[weekdayOf(calendarDateToDay(due))] ?? full);
  const [, month, day] = due.split('-').map(Number) as [number, number, number];
  const text = due.slice(0, 4) === today.slice(0, 4) ? `${monthAbbreviation(month)} ${day}` : full;
  return { text, tooltip: text, overdue };
}
