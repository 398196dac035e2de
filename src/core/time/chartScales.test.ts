import { describe, expect, it } from 'vitest';
import type { CalendarDate } from './calendarDate.ts';
import { bands, calendarDays, calendarTicks, valueAxis, weekStartOf } from './chartScales.ts';

const day = (value: string) => value as CalendarDate;

describe('the value axis', () => {
  it('runs from 0 to a round maximum with round ticks, bottom up', () => {
    const axis = valueAxis(17, [200, 0], 4);
    expect(axis.max).toBe(20);
    expect(axis.ticks).toEqual([0, 5, 10, 15, 20]);
    expect(axis.position(0)).toBe(200);
    expect(axis.position(20)).toBe(0);
    expect(axis.position(10)).toBe(100);
  });

  it('keeps whole ticks only for counts', () => {
    expect(valueAxis(2, [100, 0], 4, { integers: true }).ticks).toEqual([0, 1, 2]);
    expect(valueAxis(2, [100, 0], 4).ticks).toEqual([0, 0.5, 1, 1.5, 2]);
  });

  it('still has an axis when there is nothing to show', () => {
    for (const max of [0, -3, Number.NaN]) {
      const axis = valueAxis(max, [100, 0], 4, { integers: true });
      expect(axis.max).toBe(1);
      expect(axis.ticks).toEqual([0, 1]);
    }
  });
});

describe('bands', () => {
  it('spaces bars evenly with the padding between them', () => {
    const layout = bands(4, [0, 400], 0.2);
    // Half the inner padding at each end: four steps of 100, bars of 80.
    expect(layout.step).toBeCloseTo(100, 6);
    expect(layout.bandwidth).toBeCloseTo(80, 6);
    expect(layout.start(0)).toBeCloseTo(10, 6);
    expect(layout.start(3) + layout.bandwidth).toBeCloseTo(390, 6);
  });
});

describe('calendar days', () => {
  it.each([
    ['2024-02-27', '2024-03-01', ['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01']],
    ['2023-12-30', '2024-01-02', ['2023-12-30', '2023-12-31', '2024-01-01', '2024-01-02']],
    // Europe's and America's DST changes are nothing to UTC days.
    ['2024-03-30', '2024-04-01', ['2024-03-30', '2024-03-31', '2024-04-01']],
    ['2024-11-03', '2024-11-03', ['2024-11-03']],
    ['2024-11-04', '2024-11-03', []],
  ])('from %s to %s are every day, both ends included', (start, end, expected) => {
    expect(calendarDays(day(start), day(end))).toEqual(expected);
  });

  it.each([
    ['2024-03-06', 0, '2024-03-03'],
    ['2024-03-06', 1, '2024-03-04'],
    ['2024-03-06', 6, '2024-03-02'],
    ['2024-03-04', 1, '2024-03-04'],
    ['2024-01-01', 0, '2023-12-31'],
    ['2024-03-01', 1, '2024-02-26'],
  ] as const)('puts %s in the week starting on day %i: %s', (date, first, expected) => {
    expect(weekStartOf(day(date), first)).toBe(expected);
  });

  it('ticks a range at round dates, one a day at most', () => {
    expect(calendarTicks(day('2024-03-01'), day('2024-03-31'), 5)).toEqual([
      '2024-03-03',
      '2024-03-10',
      '2024-03-17',
      '2024-03-24',
      '2024-03-31',
    ]);
    expect(calendarTicks(day('2024-03-01'), day('2024-03-02'), 5)).toEqual(['2024-03-01', '2024-03-02']);
  });

  it('spreads ticks evenly when a narrow axis would have a single round date', () => {
    // Two ticks over Oct 29 – Nov 27: d3 offers only Nov 1 (three give weekly Sundays).
    expect(calendarTicks(day('2026-10-29'), day('2026-11-27'), 2)).toEqual(['2026-10-29', '2026-11-13']);
    expect(calendarTicks(day('2026-10-29'), day('2026-11-27'), 3)).toHaveLength(4);
  });
});
