import { describe, expect, it } from 'vitest';
import type { CalendarDate } from './calendarDate.ts';
import {
  distanceInDaysText,
  isMilestoneExpired,
  isMilestoneUpcoming,
  milestoneDateRangeText,
  milestoneRemainingText,
} from './milestoneDates.ts';

const day = (text: string) => text as CalendarDate;
const dates = (startDate: string | null, dueDate: string | null) => ({
  startDate: startDate === null ? null : day(startDate),
  dueDate: dueDate === null ? null : day(dueDate),
});
const today = day('2026-06-15');

describe('milestone date range', () => {
  it.each([
    ['2026-06-01', '2026-06-30', 'Jun 1, 2026–Jun 30, 2026'],
    [null, '2026-06-14', 'expired on Jun 14, 2026'],
    [null, '2026-06-15', 'expires on Jun 15, 2026'],
    ['2026-06-14', null, 'started on Jun 14, 2026'],
    ['2026-06-15', null, 'starts on Jun 15, 2026'],
    [null, null, null],
  ])('reads start %j and due %j as %j', (start, due, expected) => {
    expect(milestoneDateRangeText(dates(start, due), today)).toBe(expected);
  });
});

describe('milestone remaining days', () => {
  it.each([
    ['2026-05-01', '2026-06-14', 'Past due'],
    ['2026-06-16', '2026-07-31', 'Upcoming'],
    ['2026-06-01', '2026-06-15', '0 days remaining'],
    ['2026-06-01', '2026-06-16', '1 day remaining'],
    [null, '2026-07-14', '29 days remaining'],
    [null, '2026-07-15', '1 month remaining'],
    [null, '2026-08-10', '2 months remaining'],
    ['2026-06-10', null, '5 days elapsed'],
    ['2026-06-14', null, '1 day elapsed'],
    ['2026-06-15', null, null],
    [null, null, null],
  ])('reads start %j and due %j as %j', (start, due, expected) => {
    expect(milestoneRemainingText(dates(start, due), today)).toBe(expected);
  });

  it('counts calendar days across a leap day and the year end', () => {
    expect(milestoneRemainingText(dates(null, '2028-03-01'), day('2028-02-28'))).toBe('2 days remaining');
    expect(milestoneRemainingText(dates('2025-12-30', null), day('2026-01-02'))).toBe('3 days elapsed');
  });

  it('is expired after the due day and upcoming before the start day, as GitLab', () => {
    expect(isMilestoneExpired(dates(null, '2026-06-14'), today)).toBe(true);
    expect(isMilestoneExpired(dates(null, '2026-06-15'), today)).toBe(false);
    expect(isMilestoneUpcoming(dates('2026-06-16', null), today)).toBe(true);
    expect(isMilestoneUpcoming(dates('2026-06-15', null), today)).toBe(false);
  });
});

describe('distance in days', () => {
  it.each([
    [0, '0 days'],
    [1, '1 day'],
    [44, '1 month'],
    [45, '2 months'],
    [364, '12 months'],
    [365, '1 year'],
    [500, 'over 1 year'],
    [700, 'almost 2 years'],
    [730, '2 years'],
  ])('%i days read %j', (days, expected) => {
    expect(distanceInDaysText(days)).toBe(expected);
  });
});
