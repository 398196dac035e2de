import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CalendarDate } from './calendarDate.ts';
import {
  asEpochDay,
  calendarDateToDay,
  civilOf,
  DAY_MS,
  daysFromCivil,
  daysInMonth,
  dayToCalendarDate,
  parseDay,
  weekdayOf,
} from './epochDay.ts';

const day = (text: string) => text as CalendarDate;

describe('epoch days by integer calendar arithmetic', () => {
  it.each([
    ['1970-01-01', 0, 4],
    ['2018-01-01', 17532, 1],
    ['2020-02-29', 18321, 6],
    ['2020-07-06', 18449, 1],
    ['2024-02-29', 19782, 4],
    ['2026-03-08', 20520, 0],
    ['2026-03-29', 20541, 0],
    ['2026-10-25', 20751, 0],
    ['2026-11-01', 20758, 0],
    ['1969-12-31', -1, 3],
    ['0001-01-01', -719162, 1],
    ['9999-12-31', 2932896, 5],
  ])('%s is day %i, weekday %i, and formats back', (text, expected, weekday) => {
    const value = calendarDateToDay(day(text));
    expect(value).toBe(expected);
    expect(weekdayOf(value)).toBe(weekday);
    expect(dayToCalendarDate(value)).toBe(text);
  });

  it('agrees with Date.UTC and getUTCDay for any day in ±10,000 years', () => {
    fc.assert(
      fc.property(fc.integer({ min: -3_000_000, max: 2_900_000 }), (n) => {
        const date = new Date(n * DAY_MS);
        const civil = civilOf(asEpochDay(n));
        expect(civil).toEqual({
          year: date.getUTCFullYear(),
          month: date.getUTCMonth() + 1,
          day: date.getUTCDate(),
        });
        expect(daysFromCivil(civil.year, civil.month, civil.day)).toBe(n);
        expect(weekdayOf(asEpochDay(n))).toBe(date.getUTCDay());
      }),
    );
  });

  it('agrees with the existing parseDay', () => {
    for (const text of ['2024-02-29', '2025-12-31', '2026-03-29', '1999-12-31']) {
      expect(calendarDateToDay(day(text))).toBe(parseDay(text));
    }
  });

  it.each([
    [2023, 2, 28],
    [2024, 2, 29],
    [1900, 2, 28],
    [2000, 2, 29],
    [2024, 4, 30],
    [2024, 12, 31],
  ])('%i-%i has %i days', (year, month, days) => {
    expect(daysInMonth(year, month)).toBe(days);
  });

  it('counts days across both DST changes in the US and the EU as whole days', () => {
    // Epoch days have no zone; the day after a DST change is exactly one day later.
    for (const [before, after] of [
      ['2026-03-07', '2026-03-08'],
      ['2026-03-08', '2026-03-09'],
      ['2026-10-31', '2026-11-01'],
      ['2026-03-28', '2026-03-29'],
      ['2026-10-25', '2026-10-26'],
    ] as const) {
      expect(calendarDateToDay(day(after)) - calendarDateToDay(day(before))).toBe(1);
      expect(dayToCalendarDate(asEpochDay(calendarDateToDay(day(before)) + 1))).toBe(after);
    }
  });
});
