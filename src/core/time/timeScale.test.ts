import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CalendarDate } from './calendarDate.ts';
import { asEpochDay, calendarDateToDay, type EpochDay } from './epochDay.ts';
import type { PresetType, TimeframeRangeType } from './presets.ts';
import { buildTimeframe } from './timeframe.ts';
import { type PresetTimeScale, presetScaleOf } from './timeScale.ts';
import { worldPx } from './units.ts';

const day = (text: string): EpochDay => calendarDateToDay(text as CalendarDate);
const scaleOf = (rangeType: TimeframeRangeType, presetType: PresetType, today: string) =>
  presetScaleOf(buildTimeframe({ rangeType, presetType, today: today as CalendarDate }));
const bar = (scale: PresetTimeScale, start: string, end: string) => {
  const out = new Float64Array(2);
  scale.barSpan(day(start), day(end), out);
  return { x: out[0]!, width: out[1]! };
};

// Fixtures as in GitLab's specs: "today" is Jan 1 2018 (a Monday).
const weeks = scaleOf('CURRENT_QUARTER', 'WEEKS', '2018-01-01');
const months = scaleOf('CURRENT_YEAR', 'MONTHS', '2018-01-01');
const quarters = scaleOf('THREE_YEARS', 'QUARTERS', '2018-01-01');

describe('the preset scale is piecewise linear over equal 180 px columns', () => {
  it.each([
    [weeks, '2017-12-31', 0],
    [weeks, '2018-01-01', 180 / 7],
    [weeks, '2018-01-07', 180],
    [months, '2018-02-01', 180],
    [months, '2018-02-15', 180 + (14 * 180) / 28],
    [months, '2018-03-15', 360 + (14 * 180) / 31],
    [months, '2019-01-01', 12 * 180],
    [quarters, '2016-07-01', 0],
    [quarters, '2016-08-01', (31 * 180) / 92],
  ] as const)('places %#: %s at %f px', (scale, date, x) => {
    expect(scale.toPixel(date as CalendarDate)).toBeCloseTo(x, 9);
    expect(scale.toDay(worldPx(x))).toBe(day(date));
  });

  it('makes a day wider in February than in March, and wider in a leap February than a common one', () => {
    const dayWidth = (scale: PresetTimeScale, date: string) =>
      scale.toPixel(asEpochDay(day(date) + 1)) - scale.toPixel(day(date));
    const leap = scaleOf('CURRENT_YEAR', 'MONTHS', '2020-07-06');
    expect(dayWidth(months, '2018-02-10')).toBeCloseTo(180 / 28, 9);
    expect(dayWidth(months, '2018-03-10')).toBeCloseTo(180 / 31, 9);
    expect(dayWidth(leap, '2020-02-29')).toBeCloseTo(180 / 29, 9);
  });

  it('spans the timeframe: 180 px per column', () => {
    expect(weeks.width).toBe(13 * 180);
    expect(months.width).toBe(12 * 180);
    expect(quarters.width).toBe(12 * 180);
    expect(months.toPixel(asEpochDay(months.endDay + 1))).toBe(months.width);
  });

  it('maps every day to a pixel and back to the same day, and every pixel into its day', () => {
    for (const scale of [weeks, months, quarters, scaleOf('THREE_YEARS', 'WEEKS', '2024-02-29')]) {
      fc.assert(
        fc.property(fc.integer({ min: scale.startDay, max: scale.endDay }), (d) => {
          const x = scale.toPixel(asEpochDay(d));
          expect(scale.toDay(x)).toBe(d);
          expect(scale.toPixel(asEpochDay(d + 1))).toBeGreaterThan(x);
        }),
      );
      fc.assert(
        fc.property(fc.double({ min: 0, max: scale.width, noNaN: true, maxExcluded: true }), (x) => {
          const d = scale.toDay(worldPx(x));
          expect(scale.toPixel(d)).toBeLessThanOrEqual(x + 1e-6);
          expect(scale.toPixel(asEpochDay(d + 1))).toBeGreaterThan(x - 1e-6);
        }),
      );
    }
  });

  it('reports the column of a day, -1 outside', () => {
    expect(weeks.columnOf(day('2018-01-01'))).toBe(0);
    expect(weeks.columnOf(day('2018-03-31'))).toBe(12);
    expect(weeks.columnOf(day('2018-04-01'))).toBe(-1);
    expect(quarters.columnOf(day('2019-06-30'))).toBe(11);
  });
});

describe("GitLab's bar rules per preset, with an inclusive end day", () => {
  it('weeks: Mon 15 Jan → Fri 2 Feb 2018 is 6 + 7 + 6 days = 488.57 px, starting half a day into Monday', () => {
    const { x, width } = bar(weeks, '2018-01-15', '2018-02-02');
    expect(width).toBeCloseTo(488.57, 2);
    expect(x - 2 * 180).toBeCloseTo(38.57, 2);
  });

  it.each([
    ['2017-12-31', '2018-01-06', 0, 180],
    ['2018-01-28', '2018-02-02', 4 * 180, (6 * 180) / 7],
    ['2018-01-01', '2018-01-01', (1.5 * 180) / 7, 180 / 7],
  ])('weeks: %s → %s is at %f px, %f px wide', (start, end, x, width) => {
    expect(bar(weeks, start, end)).toEqual({ x: expect.closeTo(x, 6), width: expect.closeTo(width, 6) });
  });

  it('months: 1 Jan → 15 Mar 2018 is 180 + 180 + 15/31 × 180 ≈ 447 px', () => {
    const { x, width } = bar(months, '2018-01-01', '2018-03-15');
    expect(x).toBe(0);
    expect(Math.floor(width)).toBe(447);
  });

  it('months: a bar starting on the 15th starts at floor(15/31 × 100)% of January', () => {
    expect(bar(months, '2018-01-15', '2018-01-20').x).toBeCloseTo(0.48 * 180, 9);
    expect(bar(months, '2018-02-15', '2018-03-01').x).toBeCloseTo(180 + 0.53 * 180, 9);
  });

  it('quarters: from the second month of a quarter starts at 32/92 of it; to the next quarter’s second month is 180 px', () => {
    const { x, width } = bar(quarters, '2016-08-01', '2016-11-01');
    expect((x / 180) * 100).toBeCloseTo(34.78, 2);
    expect(Math.floor(width)).toBe(180);
  });

  it('ends a bar that GitLab would push past the last column at the end of the timeline', () => {
    expect(bar(weeks, '2018-03-31', '2018-03-31')).toEqual({ x: weeks.width - 180 / 7, width: 180 / 7 });
    const december = bar(months, '2018-12-30', '2018-12-31');
    expect(december.x + december.width).toBeCloseTo(months.width, 9);
    expect(december.width).toBeCloseTo((2 * 180) / 31, 9);
    const lastDay = bar(quarters, '2019-06-30', '2019-06-30');
    expect(lastDay.width).toBeCloseTo(180 / 91, 9);
    expect(lastDay.x + lastDay.width).toBeCloseTo(quarters.width, 9);
  });
});

describe('the today indicator (GitLab: a floored percentage of the column)', () => {
  it.each([
    [quarters, '2016-08-01', 0.34 * 180],
    [scaleOf('CURRENT_YEAR', 'MONTHS', '2020-01-15'), '2020-01-15', 0.48 * 180],
    [scaleOf('CURRENT_YEAR', 'MONTHS', '2020-01-01'), '2020-01-01', 0.03 * 180],
    [weeks, '2017-12-31', 0.07 * 180],
    [weeks, '2018-01-01', 180 * 0.21],
    [scaleOf('CURRENT_QUARTER', 'WEEKS', '2020-07-06'), '2020-07-06', 180 + 0.21 * 180],
  ] as const)('%# at %s is at %f px', (scale, date, x) => {
    expect(scale.todayX(day(date))).toBeCloseTo(x, 9);
  });

  it('is absent when today is outside the timeframe', () => {
    expect(weeks.todayX(day('2018-04-01'))).toBeNull();
  });
});

describe('bars across DST changes (epoch days have no zone)', () => {
  it.each([
    ['2026-03-08', '2026-03-14'],
    ['2026-11-01', '2026-11-07'],
    ['2026-03-29', '2026-04-04'],
    ['2026-10-25', '2026-10-31'],
  ])('a Sunday-to-Saturday week from %s to %s is one 180 px column', (start, end) => {
    const scale = scaleOf('CURRENT_YEAR', 'WEEKS', '2026-06-01');
    const { x, width } = bar(scale, start, end);
    expect(width).toBeCloseTo(180, 9);
    expect(x / 180).toBe(scale.columnOf(day(start)));
    expect(scale.toDay(worldPx(x + 179.9))).toBe(day(end));
  });
});
