import { add, sub } from 'date-fns';

/**
 * Calendar shifts of an instant, as Rails' `30.days.ago` or `1.week.from_now`: whole days, weeks and
 * years of the calendar (a day across a DST change keeps the wall-clock time), never milliseconds.
 */
export interface InstantShift {
  readonly years?: number;
  readonly weeks?: number;
  readonly days?: number;
}

/** The instant `shift` before `instant`; the argument is not changed. */
export const instantBefore = (instant: Date, shift: InstantShift): Date => sub(instant, shift);

/** The instant `shift` after `instant`; the argument is not changed. */
export const instantAfter = (instant: Date, shift: InstantShift): Date => add(instant, shift);
