import type { CalendarDate } from '../time/calendarDate.ts';
import { addMonthsToMonthStart, startOfMonth } from '../time/calendarUnits.ts';
import { addDays, calendarDateToDay, dayToCalendarDate, type EpochDay, weekdayOf } from '../time/epochDay.ts';

/** GitLab's `due_date` issue-list filter values (`Issue::DueDateStruct` names). */
export const DUE_DATE_FILTERS = [
  '0',
  'any',
  'today',
  'tomorrow',
  'overdue',
  'week',
  'month',
  'next_month_and_previous_two_weeks',
] as const;

export type DueDateFilter = (typeof DUE_DATE_FILTERS)[number];

/**
 * What a due-date filter keeps: issues with no due date, with any, or due in a closed range of
 * days (either end may be open).
 */
export type DueDateCondition =
  | { readonly kind: 'none' }
  | { readonly kind: 'any' }
  | { readonly kind: 'between'; readonly from: CalendarDate | null; readonly to: CalendarDate | null };

/**
 * GitLab's IssuableFinder `by_due_date` for `today`: weeks run Monday to Sunday (Rails'
 * `beginning_of_week`), months are calendar months, `overdue` is strictly before today.
 */
export function dueDateCondition(filter: DueDateFilter, today: CalendarDate): DueDateCondition {
  const day = calendarDateToDay(today);
  const between = (from: EpochDay | null, to: EpochDay | null): DueDateCondition => ({
    kind: 'between',
    from: from === null ? null : dayToCalendarDate(from),
    to: to === null ? null : dayToCalendarDate(to),
  });
  switch (filter) {
    case '0':
      return { kind: 'none' };
    case 'any':
      return { kind: 'any' };
    case 'today':
      return between(day, day);
    case 'tomorrow':
      return between(addDays(day, 1), addDays(day, 1));
    case 'overdue':
      return between(null, addDays(day, -1));
    case 'week': {
      const monday = addDays(day, -((weekdayOf(day) + 6) % 7));
      return between(monday, addDays(monday, 6));
    }
    case 'month':
      return between(startOfMonth(day), addDays(addMonthsToMonthStart(day, 1), -1));
    case 'next_month_and_previous_two_weeks':
      return between(addDays(day, -14), addDays(addMonthsToMonthStart(day, 2), -1));
  }
}
