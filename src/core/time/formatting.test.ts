import { describe, expect, it } from 'vitest';
import type { CalendarDate } from './calendarDate.ts';
import { parseCalendarDate } from './calendarDate.ts';
import { calendarDateOf, formatCalendarDate, formatDateRange, formatTimeAgo } from './formatting.ts';

const day = (text: string) => text as CalendarDate;

describe('calendar dates', () => {
  it.each([
    ['2024-02-29', '2024-02-29'],
    ['2023-02-29', undefined],
    ['2024-13-01', undefined],
    ['2024-1-01', undefined],
    ['2024-12-31', '2024-12-31'],
    ['2000-02-29', '2000-02-29'],
    ['1900-02-29', undefined],
    ['2024-04-31', undefined],
    ['2024-04-30', '2024-04-30'],
    ['2024-00-10', undefined],
    ['2024-05-00', undefined],
    ['0000-01-01', undefined],
    ['0001-01-01', '0001-01-01'],
    ['9999-12-31', '9999-12-31'],
    ['2024-02-29T00:00:00Z', undefined],
    ['', undefined],
  ])('parses %j as %j', (input, expected) => {
    expect(parseCalendarDate(input)).toBe(expected);
  });

  it('formats a day without shifting it across time zones', () => {
    expect(formatCalendarDate(day('2024-03-09'))).toBe('Mar 9, 2024');
    expect(formatCalendarDate(day('2024-12-31'))).toBe('Dec 31, 2024');
    expect(formatCalendarDate(day('2026-01-01'))).toBe('Jan 1, 2026');
  });

  it('reads open-ended ranges the way GitLab does', () => {
    expect(formatDateRange(day('2024-01-01'), null)).toBe('Jan 1, 2024 – No due date');
    expect(formatDateRange(null, day('2024-03-31'))).toBe('No start date – Mar 31, 2024');
    expect(formatDateRange(null, null)).toBeNull();
  });

  it('says how long ago something happened', () => {
    const now = new Date('2024-03-10T12:00:00Z');
    expect(formatTimeAgo('2024-03-07T12:00:00Z', now)).toBe('3 days ago');
    expect(formatTimeAgo('2024-03-10T11:59:30Z', now)).toBe('just now');
  });

  it('takes the calendar day of an instant', () => {
    expect(calendarDateOf(new Date('2024-02-29T23:30:00Z'))).toBe('2024-02-29');
  });
});
