/**
 * Rescheduling an epic on the roadmap's timeline (beyond GitLab, as Jira Plans and gantt tools do):
 * drag a bar's body to move it, an edge to resize it, or step it with the keyboard. The snap follows
 * the zoom — days when zoomed in, weeks, then months — and what the drop sends is fixed dates, as the
 * epic sidebar would. Pure: the client feeds it day deltas read off its scale.
 */
import type { CalendarDate } from '../time/calendarDate.ts';
import { addMonthsToMonthStart } from '../time/calendarUnits.ts';
import {
  addDays,
  calendarDateToDay,
  civilOf,
  daysFromCivil,
  daysInMonth,
  dayToCalendarDate,
  type EpochDay,
} from '../time/epochDay.ts';

/** What a gesture changes: the whole bar, or one of its edges. */
export type RescheduleEdge = 'move' | 'start' | 'end';

export type SnapUnit = 'day' | 'week' | 'month';

/** A whole number of snap units, as a drag or an arrow key asks for. */
export interface RescheduleStep {
  readonly unit: SnapUnit;
  readonly count: number;
}

/** An epic's dates as the roadmap shows them, and which of them are set by hand. */
export interface EpicSchedule {
  readonly startDate: CalendarDate | null;
  readonly dueDate: CalendarDate | null;
  readonly startDateIsFixed: boolean;
  readonly dueDateIsFixed: boolean;
}

/**
 * Below this many px per day a day is too small to aim at, so the snap grows to weeks (GitLab's Weeks
 * layout shows about 26 px a day, Months about 6, Quarters about 2).
 */
const DAY_SNAP_MIN_PX = 12;
/** Below this many px per day a week is under about 20 px: the snap grows to months. */
const WEEK_SNAP_MIN_PX = 3;
/** Days in an average Gregorian month: how far a drag must go to count as one month. */
const AVERAGE_MONTH_DAYS = 365.2425 / 12;

export function snapUnitFor(pxPerDay: number): SnapUnit {
  if (pxPerDay >= DAY_SNAP_MIN_PX) return 'day';
  if (pxPerDay >= WEEK_SNAP_MIN_PX) return 'week';
  return 'month';
}

/** The nearest whole step to a drag of `deltaDays` (fractional days) at a snap unit. */
export function snapStep(deltaDays: number, unit: SnapUnit): RescheduleStep {
  const size = unit === 'day' ? 1 : unit === 'week' ? 7 : AVERAGE_MONTH_DAYS;
  // `+ 0` turns a -0 from rounding a small negative drag into 0.
  return { unit, count: Math.round(deltaDays / size) + 0 };
}

/** A day moved by a step; a month step keeps the day of the month, or the month's last day. */
export function shiftDay(day: EpochDay, step: RescheduleStep): EpochDay {
  if (step.unit === 'day') return addDays(day, step.count);
  if (step.unit === 'week') return addDays(day, step.count * 7);
  const { day: dayOfMonth } = civilOf(day);
  const { year, month } = civilOf(addMonthsToMonthStart(day, step.count));
  return daysFromCivil(year, month, Math.min(dayOfMonth, daysInMonth(year, month)));
}

/**
 * Where the bar's drawn ends are: the start and due dates, or for an open-ended epic the days its bar
 * reaches (the timeframe's edge), so an edge without a date can still be dragged to one.
 */
export interface BarDays {
  readonly startDay: EpochDay;
  readonly endDay: EpochDay;
}

const shiftDate = (date: CalendarDate, step: RescheduleStep): CalendarDate =>
  dayToCalendarDate(shiftDay(calendarDateToDay(date), step));

/**
 * The epic's dates after a step on one edge. A move shifts the dates the epic has (an open end stays
 * open); an edge gets a date even when it had none, starting from where its bar is drawn; an edge
 * never crosses the other one (a one-day epic is the shortest).
 */
export function rescheduled(
  schedule: EpicSchedule,
  edge: RescheduleEdge,
  step: RescheduleStep,
  bar: BarDays,
): EpicSchedule {
  if (step.count === 0) return schedule;
  const { startDate, dueDate } = schedule;
  switch (edge) {
    case 'move':
      return {
        ...schedule,
        startDate: startDate && shiftDate(startDate, step),
        dueDate: dueDate && shiftDate(dueDate, step),
        startDateIsFixed: schedule.startDateIsFixed || startDate !== null,
        dueDateIsFixed: schedule.dueDateIsFixed || dueDate !== null,
      };
    case 'start': {
      let start = shiftDay(startDate ? calendarDateToDay(startDate) : bar.startDay, step);
      if (dueDate && start > calendarDateToDay(dueDate)) start = calendarDateToDay(dueDate);
      return { ...schedule, startDate: dayToCalendarDate(start), startDateIsFixed: true };
    }
    case 'end': {
      let due = shiftDay(dueDate ? calendarDateToDay(dueDate) : bar.endDay, step);
      if (startDate && due < calendarDateToDay(startDate)) due = calendarDateToDay(startDate);
      return { ...schedule, dueDate: dayToCalendarDate(due), dueDateIsFixed: true };
    }
  }
}

export const sameSchedule = (a: EpicSchedule, b: EpicSchedule): boolean =>
  a.startDate === b.startDate &&
  a.dueDate === b.dueDate &&
  a.startDateIsFixed === b.startDateIsFixed &&
  a.dueDateIsFixed === b.dueDateIsFixed;

/**
 * Whether going from `before` to `after` turns an inherited date into a fixed one: the roadmap asks
 * first, as the epic then stops following its milestones and child epics.
 */
export function fixesInheritedDates(before: EpicSchedule, after: EpicSchedule): boolean {
  const startChanged = before.startDate !== after.startDate;
  const dueChanged = before.dueDate !== after.dueDate;
  return (startChanged && !before.startDateIsFixed) || (dueChanged && !before.dueDateIsFixed);
}

/** `updateEpic`'s date attributes (GitLab's names) that take an epic from `before` to `target`. */
export interface EpicDatesInput {
  startDateIsFixed?: boolean;
  startDateFixed?: CalendarDate | null;
  dueDateIsFixed?: boolean;
  dueDateFixed?: CalendarDate | null;
}

/**
 * What to send to make the epic read `target`: a fixed date is sent with its value, an inherited one
 * as not fixed (the server puts the inherited date back). Dates that do not change are not sent.
 */
export function datesInput(before: EpicSchedule, target: EpicSchedule): EpicDatesInput {
  const input: EpicDatesInput = {};
  if (before.startDate !== target.startDate || before.startDateIsFixed !== target.startDateIsFixed) {
    input.startDateIsFixed = target.startDateIsFixed;
    if (target.startDateIsFixed) input.startDateFixed = target.startDate;
  }
  if (before.dueDate !== target.dueDate || before.dueDateIsFixed !== target.dueDateIsFixed) {
    input.dueDateIsFixed = target.dueDateIsFixed;
    if (target.dueDateIsFixed) input.dueDateFixed = target.dueDate;
  }
  return input;
}
