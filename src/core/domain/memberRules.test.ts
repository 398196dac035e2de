import { describe, expect, it } from 'vitest';
import {
  checkExpiresAt,
  dayAfter,
  grantableAccessLevels,
  isEmailAddress,
  MEMBER_ERRORS,
  parseCalendarDay,
  showMoreErrorsText,
  splitCommaList,
} from './memberRules.ts';

describe('grantableAccessLevels', () => {
  it.each([
    [50, false, [10, 20, 30, 40, 50]],
    [40, false, [10, 20, 30, 40]],
    [30, false, [10, 20, 30]],
    [0, false, []],
    [0, true, [10, 20, 30, 40, 50]],
  ])('a member at %i (admin %s) grants %j', (level, isAdmin, expected) => {
    expect(grantableAccessLevels(level, isAdmin)).toEqual(expected);
  });
});

describe('checkExpiresAt', () => {
  const today = '2026-11-27';
  it.each([
    [null, { ok: true }],
    ['2026-11-28', { ok: true }],
    ['2026-11-27', { ok: false, error: MEMBER_ERRORS.pastExpiry }],
    ['2025-01-01', { ok: false, error: MEMBER_ERRORS.pastExpiry }],
    ['2026-02-30', { ok: false, error: 'is invalid' }],
    ['28/11/2026', { ok: false, error: 'is invalid' }],
  ])('%s → %j', (value, expected) => {
    expect(checkExpiresAt(value, today)).toEqual(expected);
  });
});

describe('calendar days', () => {
  it('reads real days only', () => {
    expect(parseCalendarDay('2028-02-29')).toBe('2028-02-29');
    expect(parseCalendarDay('2027-02-29')).toBeNull();
  });
  it('steps over month and year ends', () => {
    expect(dayAfter('2026-12-31')).toBe('2027-01-01');
    expect(dayAfter('2028-02-28')).toBe('2028-02-29');
  });
});

describe('isEmailAddress', () => {
  it.each([
    ['new.person@example.org', true],
    ['a@b.c', true],
    ['no-at-sign', false],
    ['two@@example.org', false],
    ['space in@example.org', false],
    ['x@localhost', false],
  ])('%s → %s', (value, expected) => {
    expect(isEmailAddress(value)).toBe(expected);
  });
});

describe('splitCommaList', () => {
  it('trims, drops empty parts and repeats', () => {
    expect(splitCommaList(' a@x.org, b@x.org,,a@x.org ')).toEqual(['a@x.org', 'b@x.org']);
  });
});

it('names the folded errors', () => {
  expect(showMoreErrorsText(3)).toBe('Show more (3)');
});
