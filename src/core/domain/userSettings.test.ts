import { describe, expect, it } from 'vitest';
import type { CalendarDate } from '../time/calendarDate.ts';
import {
  clearStatusAt,
  effectiveFirstDayOfWeek,
  newPasswordErrors,
  PASSWORD_TEXT,
  tokenDefaultExpiry,
  tokenMaxExpiry,
} from './userSettings.ts';

describe('user settings rules', () => {
  it('lists every problem of a new password as GitLab does, and none for a good one', () => {
    expect(newPasswordErrors('short', 'short')).toEqual([PASSWORD_TEXT.tooShort]);
    expect(newPasswordErrors('long enough', 'long enougH')).toEqual([PASSWORD_TEXT.mismatch]);
    expect(newPasswordErrors('x'.repeat(129), 'x'.repeat(129))).toEqual([PASSWORD_TEXT.tooLong]);
    expect(newPasswordErrors('a', 'b')).toEqual([PASSWORD_TEXT.mismatch, PASSWORD_TEXT.tooShort]);
    expect(newPasswordErrors('12345678', '12345678')).toEqual([]);
  });

  it('clears a status after the chosen time, or never', () => {
    const now = new Date('2026-03-28T23:30:00Z');
    expect(clearStatusAt(null, now)).toBeNull();
    expect(clearStatusAt('30_minutes', now)?.toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(clearStatusAt('1_day', now)?.toISOString()).toBe('2026-03-29T23:30:00.000Z');
  });

  it('offers tokens for 30 days and allows at most 365, across a leap day', () => {
    const today = '2028-02-01' as CalendarDate;
    expect(tokenDefaultExpiry(today)).toBe('2028-03-02');
    expect(tokenMaxExpiry(today)).toBe('2029-01-31');
  });

  it('starts weeks on Sunday unless the user chose otherwise', () => {
    expect(effectiveFirstDayOfWeek(null)).toBe(0);
    expect(effectiveFirstDayOfWeek(1)).toBe(1);
    expect(effectiveFirstDayOfWeek(3)).toBe(0);
  });
});
