/**
 * The date blocks' rules (spec, "Dates", "Date ordering", "Date value", "Date picker"): a start
 * date must be strictly earlier than the due date, checked only when both exist; values travel as
 * YYYY-MM-DD; a due date before today on an open epic is past due.
 */
import { err, ok, type Result } from '../../../../core/lib/result.ts';
import {
  type CalendarDate,
  compareCalendarDates,
  parseCalendarDate,
} from '../../../../core/time/calendarDate.ts';
import { addDays, calendarDateToDay, dayToCalendarDate } from '../../../../core/time/epochDay.ts';
import type { EpicDateChange, EpicDateField, EpicDateKind, ItemState } from '../../../data/index.ts';

export interface DateBounds {
  /** The earliest day the picker offers, null for no limit. */
  readonly min: CalendarDate | null;
  /** The latest day the picker offers, null for no limit. */
  readonly max: CalendarDate | null;
}

const dayAfter = (date: CalendarDate, days: number): CalendarDate =>
  dayToCalendarDate(addDays(calendarDateToDay(date), days));

/**
 * The picker's limits for one date given the other one in effect: the start date ends the day
 * before the due date, the due date begins the day after the start date (equal is invalid).
 */
export function dateBounds(kind: EpicDateKind, other: CalendarDate | null): DateBounds {
  if (other === null) return { min: null, max: null };
  return kind === 'start' ? { min: null, max: dayAfter(other, -1) } : { min: dayAfter(other, 1), max: null };
}

/** True unless both dates exist and the start is not strictly before the due date. */
export function isDateOrderValid(start: CalendarDate | null, due: CalendarDate | null): boolean {
  return start === null || due === null || compareCalendarDates(start, due) < 0;
}

/** The day to send (null removes the date), or why the picker's text was refused. */
export type DateChoice = Result<CalendarDate | null, 'invalid' | 'order'>;

/**
 * What the picker's text means: '' is no date (null removes it), a real YYYY-MM-DD is that day,
 * anything else is refused; a day on the wrong side of the other date is refused before sending.
 */
export function checkDateChoice(kind: EpicDateKind, input: string, other: CalendarDate | null): DateChoice {
  const text = input.trim();
  if (text === '') return ok(null);
  const date = parseCalendarDate(text);
  if (!date) return err('invalid');
  const [start, due] = kind === 'start' ? [date, other] : [other, date];
  return isDateOrderValid(start, due) ? ok(date) : err('order');
}

export function isPastDate(date: CalendarDate, today: CalendarDate): boolean {
  return compareCalendarDates(date, today) < 0;
}

/** A due date is past due when it is before today and the epic is not closed (spec). */
export function isPastDue(due: CalendarDate | null, state: ItemState, today: CalendarDate): boolean {
  return due !== null && state !== 'closed' && isPastDate(due, today);
}

/** A date may be removed only if one is set by hand and the user can update (spec). */
export function canRemoveDate(fixed: CalendarDate | null, canUpdate: boolean): boolean {
  return canUpdate && fixed !== null;
}

/** The date as it will be once `change` is saved: what the block shows while the save runs. */
export function applyDateChange(field: EpicDateField, change: EpicDateChange): EpicDateField {
  const fixed = change.fixed === undefined ? field.fixed : change.fixed;
  return { ...field, isFixed: change.isFixed, fixed, date: change.isFixed ? fixed : field.fromMilestones };
}
