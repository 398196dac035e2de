import { describe, expect, it } from 'vitest';
import { toCalendarDate, toInstant } from './dates.ts';

describe('toCalendarDate', () => {
  it('keeps a plain YYYY-MM-DD day', () => {
    expect(toCalendarDate('2024-02-29')).toBe('2024-02-29');
  });
  it('takes the day part of a timestamp without shifting it by the time zone', () => {
    expect(toCalendarDate('2024-12-31T23:30:00-05:00')).toBe('2024-12-31');
  });
  it('returns null for missing, malformed or impossible dates', () => {
    expect(toCalendarDate(null)).toBeNull();
    expect(toCalendarDate(undefined)).toBeNull();
    expect(toCalendarDate('')).toBeNull();
    expect(toCalendarDate('31/12/2024')).toBeNull();
    expect(toCalendarDate('2024-13-01')).toBeNull();
    expect(toCalendarDate('2023-02-29')).toBeNull();
  });
});

describe('toInstant', () => {
  it('accepts ISO timestamps and rejects garbage', () => {
    expect(toInstant('2024-05-01T10:00:00Z')).toBe('2024-05-01T10:00:00Z');
    expect(toInstant('not a date')).toBeNull();
    expect(toInstant(null)).toBeNull();
  });
});
