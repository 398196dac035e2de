import { describe, expect, it } from 'vitest';
import type { CalendarDate } from '../../../../core/time/calendarDate.ts';
import {
  applyDateChange,
  canRemoveDate,
  checkDateChoice,
  dateBounds,
  isDateOrderValid,
  isPastDate,
  isPastDue,
} from './epicDates.ts';

const day = (value: string) => value as CalendarDate;

describe('date ordering', () => {
  it.each([
    ['2024-03-01', '2024-03-02', true],
    ['2024-03-02', '2024-03-02', false],
    ['2024-03-03', '2024-03-02', false],
    ['2023-12-31', '2024-01-01', true],
    ['2024-02-29', '2024-03-01', true],
  ])('start %s before due %s is %s (equal is invalid)', (start, due, valid) => {
    expect(isDateOrderValid(day(start), day(due))).toBe(valid);
  });

  it('is skipped when either date is missing', () => {
    expect(isDateOrderValid(null, day('2024-01-01'))).toBe(true);
    expect(isDateOrderValid(day('2024-01-01'), null)).toBe(true);
    expect(isDateOrderValid(null, null)).toBe(true);
  });
});

describe('the picker’s limits', () => {
  it('end a start date the day before the due date, across a leap day and a year end', () => {
    expect(dateBounds('start', day('2024-03-01'))).toEqual({ min: null, max: '2024-02-29' });
    expect(dateBounds('start', day('2025-01-01'))).toEqual({ min: null, max: '2024-12-31' });
  });

  it('begin a due date the day after the start date', () => {
    expect(dateBounds('due', day('2024-02-28'))).toEqual({ min: '2024-02-29', max: null });
    expect(dateBounds('due', day('2023-12-31'))).toEqual({ min: '2024-01-01', max: null });
  });

  it('are open when the other date is missing', () => {
    expect(dateBounds('start', null)).toEqual({ min: null, max: null });
    expect(dateBounds('due', null)).toEqual({ min: null, max: null });
  });
});

describe('a chosen date', () => {
  it('is sent as YYYY-MM-DD, and an empty input means no date', () => {
    expect(checkDateChoice('start', '2024-05-06', null)).toEqual({ ok: true, value: '2024-05-06' });
    expect(checkDateChoice('due', '  ', day('2024-01-01'))).toEqual({ ok: true, value: null });
  });

  it('is refused when it is not a real day', () => {
    expect(checkDateChoice('start', '2024-02-30', null)).toEqual({ ok: false, error: 'invalid' });
    expect(checkDateChoice('start', '06/05/2024', null)).toEqual({ ok: false, error: 'invalid' });
  });

  it('is refused before sending when it breaks the order with the other date', () => {
    expect(checkDateChoice('start', '2024-05-06', day('2024-05-06'))).toEqual({
      ok: false,
      error: 'order',
    });
    expect(checkDateChoice('due', '2024-05-05', day('2024-05-06'))).toEqual({ ok: false, error: 'order' });
    expect(checkDateChoice('due', '2024-05-07', day('2024-05-06'))).toEqual({
      ok: true,
      value: '2024-05-07',
    });
  });
});

describe('past dates', () => {
  const today = day('2024-06-15');

  it('are the days before today', () => {
    expect(isPastDate(day('2024-06-14'), today)).toBe(true);
    expect(isPastDate(day('2024-06-15'), today)).toBe(false);
  });

  it('make an open epic past due, never a closed one or one without a due date', () => {
    expect(isPastDue(day('2024-06-14'), 'opened', today)).toBe(true);
    expect(isPastDue(day('2024-06-14'), 'closed', today)).toBe(false);
    expect(isPastDue(day('2024-06-15'), 'opened', today)).toBe(false);
    expect(isPastDue(null, 'opened', today)).toBe(false);
  });
});

describe('removing a date', () => {
  it('needs a fixed date and the update permission', () => {
    expect(canRemoveDate(day('2024-01-01'), true)).toBe(true);
    expect(canRemoveDate(day('2024-01-01'), false)).toBe(false);
    expect(canRemoveDate(null, true)).toBe(false);
  });
});

describe('a date change shown while it saves', () => {
  const field = {
    date: day('2024-02-01'),
    isFixed: false,
    fixed: day('2024-01-10'),
    fromMilestones: day('2024-02-01'),
  };

  it('switching to fixed shows the fixed date, and back to inherited the milestones’ date', () => {
    const fixed = applyDateChange(field, { isFixed: true });
    expect(fixed).toEqual({ ...field, isFixed: true, date: '2024-01-10' });
    expect(applyDateChange(fixed, { isFixed: false }).date).toBe('2024-02-01');
  });

  it('a new fixed date is shown at once, and removing it leaves no date', () => {
    expect(applyDateChange(field, { isFixed: true, fixed: day('2024-03-03') })).toMatchObject({
      date: '2024-03-03',
      fixed: '2024-03-03',
    });
    expect(applyDateChange({ ...field, isFixed: true }, { isFixed: true, fixed: null })).toMatchObject({
      date: null,
      fixed: null,
    });
  });
});
