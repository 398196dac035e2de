import { describe, expect, it } from 'vitest';
import type { CalendarDate } from '../time/calendarDate.ts';
import {
  bucketSeries,
  durationLineLayout,
  durationUnitFor,
  stackedBarsLayout,
  stageTimeLayout,
  WEEKLY_AFTER_DAYS,
} from './valueStreamCharts.ts';

const day = (text: string) => text as CalendarDate;
const range = (start: string, end: string) => ({ start: day(start), end: day(end) });
const points = (entries: Record<string, number>) =>
  Object.entries(entries).map(([date, value]) => ({ date: day(date), value }));

describe('tasks by type buckets', () => {
  it('is a bar a day over a short range, every day present, points outside left out', () => {
    const { bucketing, buckets } = bucketSeries(
      [
        { points: points({ '2026-03-01': 2, '2026-03-03': 1, '2026-02-28': 9 }) },
        { points: points({ '2026-03-03': 4 }) },
      ],
      range('2026-03-01', '2026-03-03'),
      1,
    );
    expect(bucketing).toBe('day');
    expect(buckets).toEqual([
      { start: '2026-03-01', end: '2026-03-01', values: [2, 0], total: 2 },
      { start: '2026-03-02', end: '2026-03-02', values: [0, 0], total: 0 },
      { start: '2026-03-03', end: '2026-03-03', values: [1, 4], total: 5 },
    ]);
  });

  it(`is a bar a week past ${WEEKLY_AFTER_DAYS} days, the first and last weeks cut at the range`, () => {
    // 2026-01-01 is a Thursday; 90 days end on 2026-03-31, a Tuesday.
    const { bucketing, buckets } = bucketSeries(
      [{ points: points({ '2026-01-01': 1, '2026-01-04': 2, '2026-01-05': 3, '2026-03-31': 7 }) }],
      range('2026-01-01', '2026-03-31'),
      1,
    );
    expect(bucketing).toBe('week');
    expect(buckets[0]).toEqual({ start: '2026-01-01', end: '2026-01-04', values: [3], total: 3 });
    expect(buckets[1]).toMatchObject({ start: '2026-01-05', end: '2026-01-11', values: [3] });
    expect(buckets.at(-1)).toEqual({ start: '2026-03-30', end: '2026-03-31', values: [7], total: 7 });
    expect(buckets.reduce((sum, bucket) => sum + bucket.total, 0)).toBe(13);
  });

  it('starts weeks on the day the person chose', () => {
    const sunday = bucketSeries([], range('2026-01-01', '2026-03-31'), 0).buckets;
    expect(sunday.slice(0, 2).map((bucket) => [bucket.start, bucket.end])).toEqual([
      ['2026-01-01', '2026-01-03'],
      ['2026-01-04', '2026-01-10'],
    ]);
  });

  it(`keeps a bar a day at exactly ${WEEKLY_AFTER_DAYS} days`, () => {
    expect(bucketSeries([], range('2026-01-01', '2026-03-01'), 1).bucketing).toBe('day');
  });
});

describe('stacked bars', () => {
  const box = { width: 420, height: 240, left: 40, right: 20, top: 20, bottom: 20 };

  it('stacks each bar’s series from the bottom in series order, on a round count axis', () => {
    const layout = stackedBarsLayout(
      [
        { values: [3, 1], total: 4 },
        { values: [0, 2], total: 2 },
      ],
      box,
      0,
    );
    expect(layout.plot).toEqual({ x: 40, y: 20, width: 360, height: 200 });
    expect(layout.yTicks.map((tick) => tick.value)).toEqual([0, 1, 2, 3, 4]);
    const [first, second] = layout.bars;
    expect(first?.segments).toEqual([
      { series: 0, y: 70, height: 150, value: 3 },
      { series: 1, y: 20, height: 50, value: 1 },
    ]);
    // A series with nothing that day draws nothing.
    expect(second?.segments).toEqual([{ series: 1, y: 120, height: 100, value: 2 }]);
    expect(first!.x + first!.width).toBeLessThan(second!.x);
  });

  it('writes every k-th date so that labels keep their room', () => {
    const buckets = Array.from({ length: 30 }, () => ({ values: [1], total: 1 }));
    const layout = stackedBarsLayout(buckets, box, 50);
    // 30 bars over 360 px: a step of 12 px, so one label in five.
    expect(layout.xLabels.map((label) => label.index)).toEqual([0, 5, 10, 15, 20, 25]);
  });

  it('still draws an axis with no items', () => {
    const layout = stackedBarsLayout([{ values: [0], total: 0 }], box, 0);
    expect(layout.bars[0]?.segments).toEqual([]);
    expect(layout.yTicks.map((tick) => tick.value)).toEqual([0, 1]);
  });
});

describe('stage time bars', () => {
  const box = { width: 500, left: 100, right: 20, top: 10, bottom: 30, rowHeight: 40 };

  it('gives each stage a row, as long as its median, in the largest unit reached', () => {
    const layout = stageTimeLayout([2 * 86_400, null, 4 * 86_400], box);
    expect(layout.height).toBe(10 + 30 + 3 * 40);
    expect(layout.unit).toBe('days');
    expect(layout.xTicks.at(-1)).toEqual({ x: 480, value: 4 });
    expect(layout.rows.map((row) => [row.centerY, row.length, row.seconds])).toEqual([
      [30, 190, 172_800],
      [70, 0, null],
      [110, 380, 345_600],
    ]);
  });

  it.each([
    [59, 'minutes'],
    [3_599, 'minutes'],
    [3_600, 'hours'],
    [86_399, 'hours'],
    [86_400, 'days'],
  ] as const)('counts %i seconds in %s', (seconds, unit) => {
    expect(durationUnitFor(seconds)).toBe(unit);
  });
});

describe('average duration line', () => {
  const box = { width: 340, height: 200, left: 40, right: 0, top: 0, bottom: 20 };

  it('places each day with items on the range’s days, in hours when no value reaches a day', () => {
    const layout = durationLineLayout(
      [
        { date: day('2026-03-01'), seconds: 3 * 3_600 },
        { date: day('2026-03-11'), seconds: 6 * 3_600 },
        { date: day('2026-04-01'), seconds: 99 * 3_600 },
      ],
      range('2026-03-01', '2026-03-11'),
      box,
      60,
    );
    expect(layout.unit).toBe('hours');
    expect(layout.points.map((point) => [point.x, point.y])).toEqual([
      [40, 90],
      [340, 0],
    ]);
    expect(layout.yTicks[0]).toEqual({ y: 180, value: 0 });
    expect(layout.xTicks.every((tick) => tick.x >= 40 && tick.x <= 340)).toBe(true);
    expect(layout.xTicks.length).toBeGreaterThanOrEqual(2);
  });
});
