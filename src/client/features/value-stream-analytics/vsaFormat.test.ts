import { describe, expect, it } from 'vitest';
import type { CalendarDate } from '../../data/index.ts';
import {
  formatDuration,
  formatMedian,
  formatMetric,
  formatShortDate,
  formatTick,
  formatTotalTime,
} from './vsaFormat.ts';

describe('value stream analytics wording', () => {
  it.each([
    [null, '-'],
    [30, '< 1m'],
    [60, '1m'],
    [3_599, '59m'],
    [3_600 * 5 + 59, '5h'],
    [86_400 * 2 + 3_600, '2d'],
    [86_400 * 7, '1w'],
    [86_400 * 20, '2w'],
  ])('writes a median of %s seconds as %s', (seconds, text) => {
    expect(formatMedian(seconds)).toBe(text);
  });

  it.each([
    [{ days: 2, hours: 3 }, '2 days'],
    [{ days: 1 }, '1 day'],
    [{ hours: 3, mins: 5 }, '3 hours'],
    [{ hours: 1 }, '1 hour'],
    [{ mins: 1 }, '1 min'],
    [{ mins: 45 }, '45 mins'],
    [{}, '--'],
  ])('writes a total time of %o as %s', (time, text) => {
    expect(formatTotalTime(time)).toBe(text);
  });

  it('writes metrics with their units', () => {
    expect(formatMetric({ value: '2.5', unit: 'days' })).toBe('2.5 days');
    expect(formatMetric({ value: '0.1', unit: '/day' })).toBe('0.1/day');
    expect(formatMetric({ value: '12', unit: null })).toBe('12');
    expect(formatMetric({ value: '-', unit: 'days' })).toBe('-');
  });

  it('writes ticks and table durations', () => {
    expect(formatTick(2, 'days')).toBe('2d');
    expect(formatTick(1.25, 'hours')).toBe('1.3h');
    expect(formatDuration(86_400 * 1.5)).toBe('1.5 days');
    expect(formatDuration(3_600)).toBe('1 hour');
    expect(formatDuration(600)).toBe('10 minutes');
    expect(formatDuration(5)).toBe('< 1 minute');
    expect(formatDuration(null)).toBe('-');
    expect(formatShortDate('2026-11-03' as CalendarDate)).toBe('Nov 3');
  });
});
