import { describe, expect, it } from 'vitest';
import type { CalendarDate } from '../time/calendarDate.ts';
import { calendarDateToDay } from '../time/epochDay.ts';
import {
  type BarDays,
  datesInput,
  type EpicSchedule,
  fixesInheritedDates,
  rescheduled,
  sameSchedule,
  shiftDay,
  snapStep,
  snapUnitFor,
} from './reschedule.ts';

const d = (value: string) => value as CalendarDate;
const day = (value: string) => calendarDateToDay(d(value));
const fixed = (startDate: string | null, dueDate: string | null): EpicSchedule => ({
  startDate: startDate === null ? null : d(startDate),
  dueDate: dueDate === null ? null : d(dueDate),
  startDateIsFixed: startDate !== null,
  dueDateIsFixed: dueDate !== null,
});
const bar = (start: string, end: string): BarDays => ({ startDay: day(start), endDay: day(end) });
const BAR = bar('2027-01-01', '2027-12-31');

describe('the snap follows the zoom', () => {
  it('snaps to days in the Weeks layout, weeks in Months, months in Quarters', () => {
    expect(snapUnitFor(180 / 7)).toBe('day');
    expect(snapUnitFor(180 / 30)).toBe('week');
    expect(snapUnitFor(180 / 91)).toBe('month');
  });

  it('rounds a drag to the nearest whole unit, either way', () => {
    expect(snapStep(2.4, 'day')).toEqual({ unit: 'day', count: 2 });
    expect(snapStep(-2.6, 'day')).toEqual({ unit: 'day', count: -3 });
    expect(snapStep(3.4, 'week')).toEqual({ unit: 'week', count: 0 });
    expect(snapStep(3.6, 'week')).toEqual({ unit: 'week', count: 1 });
    expect(snapStep(-46, 'month')).toEqual({ unit: 'month', count: -2 });
    expect(Object.is(snapStep(-0.2, 'day').count, 0)).toBe(true);
  });

  it('moves by calendar months, keeping the day or falling back to the month end', () => {
    expect(shiftDay(day('2027-01-31'), { unit: 'month', count: 1 })).toBe(day('2027-02-28'));
    expect(shiftDay(day('2028-01-31'), { unit: 'month', count: 1 })).toBe(day('2028-02-29'));
    expect(shiftDay(day('2027-03-15'), { unit: 'month', count: -14 })).toBe(day('2026-01-15'));
    expect(shiftDay(day('2027-03-15'), { unit: 'week', count: 2 })).toBe(day('2027-03-29'));
  });
});

describe('a reschedule', () => {
  const epic = fixed('2027-03-01', '2027-04-30');

  it('moves both dates by the step', () => {
    expect(rescheduled(epic, 'move', { unit: 'week', count: 1 }, BAR)).toEqual(
      fixed('2027-03-08', '2027-05-07'),
    );
  });

  it('resizes one edge and never lets it cross the other', () => {
    expect(rescheduled(epic, 'end', { unit: 'day', count: 10 }, BAR)).toEqual(
      fixed('2027-03-01', '2027-05-10'),
    );
    expect(rescheduled(epic, 'start', { unit: 'day', count: -3 }, BAR)).toEqual(
      fixed('2027-02-26', '2027-04-30'),
    );
    expect(rescheduled(epic, 'start', { unit: 'month', count: 5 }, BAR)).toEqual(
      fixed('2027-04-30', '2027-04-30'),
    );
    expect(rescheduled(epic, 'end', { unit: 'month', count: -5 }, BAR)).toEqual(
      fixed('2027-03-01', '2027-03-01'),
    );
  });

  it('gives an open edge a date from where its bar is drawn; a move keeps it open', () => {
    const open = fixed('2027-03-01', null);
    expect(rescheduled(open, 'end', { unit: 'day', count: -1 }, BAR)).toEqual(
      fixed('2027-03-01', '2027-12-30'),
    );
    expect(rescheduled(open, 'move', { unit: 'day', count: 1 }, BAR)).toEqual(fixed('2027-03-02', null));
  });

  it('is no change at all for a step of zero', () => {
    expect(rescheduled(epic, 'move', { unit: 'day', count: 0 }, BAR)).toBe(epic);
    expect(sameSchedule(epic, fixed('2027-03-01', '2027-04-30'))).toBe(true);
  });

  it('turns inherited dates it moves into fixed ones, and says so', () => {
    const inherited: EpicSchedule = { ...epic, startDateIsFixed: false, dueDateIsFixed: false };
    const moved = rescheduled(inherited, 'end', { unit: 'day', count: 1 }, BAR);
    expect(moved).toMatchObject({ startDateIsFixed: false, dueDateIsFixed: true, dueDate: '2027-05-01' });
    expect(fixesInheritedDates(inherited, moved)).toBe(true);
    expect(fixesInheritedDates(epic, rescheduled(epic, 'move', { unit: 'day', count: 1 }, BAR))).toBe(false);
  });
});

describe("updateEpic's attributes", () => {
  const before: EpicSchedule = {
    startDate: d('2027-03-01'),
    dueDate: d('2027-04-30'),
    startDateIsFixed: false,
    dueDateIsFixed: true,
  };

  it('sends a changed fixed date with its value and leaves the other out', () => {
    const after = { ...before, dueDate: d('2027-05-07') };
    expect(datesInput(before, after)).toEqual({ dueDateIsFixed: true, dueDateFixed: '2027-05-07' });
  });

  it('undoes a switch to fixed by letting the date inherit again', () => {
    const after = { ...before, startDate: d('2027-03-08'), startDateIsFixed: true };
    expect(datesInput(before, after)).toEqual({ startDateIsFixed: true, startDateFixed: '2027-03-08' });
    expect(datesInput(after, before)).toEqual({ startDateIsFixed: false });
  });
});
