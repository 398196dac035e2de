import { describe, expect, it } from 'vitest';
import { asEpochDay, dayToCalendarDate, parseDay } from './epochDay.ts';
import {
  addMonths,
  monthStartOf,
  secondsBetween,
  utcDayOf,
  utcDaysBefore,
  utcMidnightOf,
  wholeDaysBetween,
  wholeHoursBetween,
} from './utcDays.ts';

const day = (text: string) => asEpochDay(parseDay(text));
const at = (text: string) => new Date(text);

describe('instants on the UTC calendar', () => {
  it.each([
    ['2026-03-29T00:00:00.000Z', '2026-03-29'],
    ['2026-03-29T23:59:59.999Z', '2026-03-29'],
    ['2026-03-30T00:30:00+01:00', '2026-03-29'],
    ['2024-02-29T12:00:00Z', '2024-02-29'],
    ['1969-12-31T23:00:00Z', '1969-12-31'],
  ])('puts %s on the UTC day %s', (instant, expected) => {
    expect(dayToCalendarDate(utcDayOf(at(instant)))).toBe(expected);
  });

  it('starts a day at midnight UTC', () => {
    expect(utcMidnightOf(day('2026-10-25')).toISOString()).toBe('2026-10-25T00:00:00.000Z');
  });

  it.each([
    ['2026-01-31', '2026-01-01'],
    ['2024-02-29', '2024-02-01'],
    ['2026-12-01', '2026-12-01'],
  ])('finds the month of %s starting on %s', (given, expected) => {
    expect(dayToCalendarDate(monthStartOf(day(given)))).toBe(expected);
  });

  it.each([
    ['2026-05-31', -3, '2026-02-28'],
    ['2024-05-31', -3, '2024-02-29'],
    ['2026-01-15', -3, '2025-10-15'],
    ['2026-11-30', 1, '2026-12-30'],
    ['2026-12-31', 1, '2027-01-31'],
    ['2026-01-31', 1, '2026-02-28'],
  ])('moves %s by %i months to %s, clamping the day of month', (given, months, expected) => {
    expect(dayToCalendarDate(addMonths(day(given), months))).toBe(expected);
  });

  it('counts whole days between instants toward zero, as Ruby’s DateTime difference', () => {
    expect(wholeDaysBetween(at('2026-01-01T00:00:00Z'), at('2026-04-02T23:00:00Z'))).toBe(91);
    expect(wholeDaysBetween(at('2026-01-01T00:00:00Z'), at('2026-04-03T00:00:00Z'))).toBe(92);
    expect(wholeDaysBetween(at('2026-01-02T00:00:00Z'), at('2026-01-01T01:00:00Z'))).toBe(0);
  });

  it('floors whole hours and keeps fractional seconds', () => {
    expect(wholeHoursBetween(at('2026-01-01T00:00:00Z'), at('2026-01-01T05:59:59Z'))).toBe(5);
    expect(wholeHoursBetween(at('2026-01-01T00:00:00Z'), at('2026-01-03T00:00:00Z'))).toBe(48);
    expect(secondsBetween(at('2026-01-01T00:00:00Z'), at('2026-01-01T00:00:01.500Z'))).toBe(1.5);
  });

  it('goes back whole 24-hour days, whatever the process’s zone does to wall clocks', () => {
    expect(utcDaysBefore(at('2026-06-15T12:00:00Z'), 90).toISOString()).toBe('2026-03-17T12:00:00.000Z');
  });
});
