import { describe, expect, it } from 'vitest';
import type { CalendarDate } from './calendarDate.ts';
import { parseNaturalDate } from './naturalDate.ts';

// A Thursday.
const TODAY = '2026-11-26' as CalendarDate;

describe('reading /due dates as Chronic does, towards the future', () => {
  it.each([
    ['2026-12-31', '2026-12-31'],
    ['2027/1/5', '2027-01-05'],
    ['12/31/2026', '2026-12-31'],
    ['31.12.2026', '2026-12-31'],
    ['today', '2026-11-26'],
    ['Tomorrow', '2026-11-27'],
    ['yesterday', '2026-11-25'],
    ['in 2 days', '2026-11-28'],
    ['in a week', '2026-12-03'],
    ['in two weeks', '2026-12-10'],
    ['3 days from now', '2026-11-29'],
    ['in 3 months', '2027-02-26'],
    ['in 1 year', '2027-11-26'],
    ['friday', '2026-11-27'],
    ['this Friday', '2026-11-27'],
    ['next friday', '2026-11-27'],
    ['thursday', '2026-12-03'],
    ['mon', '2026-11-30'],
    ['December 31st', '2026-12-31'],
    ['Dec 31', '2026-12-31'],
    ['31 December', '2026-12-31'],
    ['the 1st of march', '2027-03-01'],
    ['November 26', '2026-11-26'],
    ['November 25th', '2027-11-25'],
    ['December 31, 2027', '2027-12-31'],
    ['Feb 29', '2028-02-29'],
  ])('reads %s as %s', (text, expected) => {
    expect(parseNaturalDate(text, TODAY)).toBe(expected);
  });

  it.each([
    '',
    'soon',
    '2026-02-30',
    '13/01/2026',
    'February 30',
    'next week',
    'tomorrow at 3pm',
    '3 days ago',
    'in some days',
  ])('refuses %j', (text) => {
    expect(parseNaturalDate(text, TODAY)).toBeNull();
  });

  it('clamps a month offset to the end of a shorter month', () => {
    expect(parseNaturalDate('in 1 month', '2027-01-31' as CalendarDate)).toBe('2027-02-28');
    expect(parseNaturalDate('in 1 month', '2028-01-31' as CalendarDate)).toBe('2028-02-29');
  });
});
