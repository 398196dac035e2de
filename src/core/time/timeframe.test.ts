import { describe, expect, it } from 'vitest';
import type { CalendarDate } from './calendarDate.ts';
import { dayToCalendarDate } from './epochDay.ts';
import type { PresetType, TimeframeRangeType } from './presets.ts';
import {
  buildTimeframe,
  EXTEND_COLUMNS,
  extendTimeframe,
  type Timeframe,
  type TimeframeItem,
  timeframeEdgeReached,
} from './timeframe.ts';

const today = (text: string) => text as CalendarDate;
const build = (rangeType: TimeframeRangeType, presetType: PresetType, day: string) =>
  buildTimeframe({ rangeType, presetType, today: today(day) });
const label = (item: TimeframeItem) =>
  item.kind === 'quarter' ? `${item.year} Q${item.quarterSequence}` : item.date;
const first = (timeframe: Timeframe) => label(timeframe.items[0]!);
const last = (timeframe: Timeframe) => label(timeframe.items[timeframe.items.length - 1]!);

describe('THREE_YEARS by quarter: the 36-month window widened to quarter boundaries', () => {
  it.each([
    ['2018-01-01', 12, '2016 Q3', '2019 Q2'],
    ['2021-01-01', 12, '2019 Q3', '2022 Q2'],
    ['2020-12-25', 13, '2019 Q2', '2022 Q2'],
    ['2020-07-06', 12, '2019 Q1', '2021 Q4'],
    ['2020-02-29', 13, '2018 Q3', '2021 Q3'],
    ['2024-02-29', 13, '2022 Q3', '2025 Q3'],
    ['2025-12-31', 13, '2024 Q2', '2027 Q2'],
    ['2026-03-08', 13, '2024 Q3', '2027 Q3'],
    ['2026-11-01', 13, '2025 Q2', '2028 Q2'],
  ])('from %s: %i quarters, %s … %s', (day, count, firstLabel, lastLabel) => {
    const timeframe = build('THREE_YEARS', 'QUARTERS', day);
    expect(timeframe.items).toHaveLength(count);
    expect(first(timeframe)).toBe(firstLabel);
    expect(last(timeframe)).toBe(lastLabel);
  });

  it("gives each quarter GitLab's three dates: the 1st of its first two months and its last day", () => {
    const timeframe = build('THREE_YEARS', 'QUARTERS', '2021-01-01');
    expect(timeframe.items[0]).toMatchObject({
      quarterSequence: 3,
      year: 2019,
      range: ['2019-07-01', '2019-08-01', '2019-09-30'],
    });
    expect(timeframe.items[11]).toMatchObject({
      quarterSequence: 2,
      year: 2022,
      range: ['2022-04-01', '2022-05-01', '2022-06-30'],
    });
    const leap = build('THREE_YEARS', 'QUARTERS', '2020-07-06').items.find(
      (item) => label(item) === '2020 Q1',
    );
    expect(leap).toMatchObject({ range: ['2020-01-01', '2020-02-01', '2020-03-31'] });
  });
});

describe('THREE_YEARS by month and by week', () => {
  it.each([
    ['2021-01-01', '2019-07-01', '2022-06-30'],
    ['2020-07-06', '2019-01-01', '2021-12-31'],
    ['2020-02-29', '2018-08-01', '2021-07-31'],
    // GitLab's setMonth(-18) turns 2020-08-31 into "2019-02-31" = 2019-03-03; calendar months do not.
    ['2020-08-31', '2019-02-01', '2022-01-31'],
  ])('from %s: 36 months from %s to %s (the last item is the last day)', (day, firstDate, lastDate) => {
    const timeframe = build('THREE_YEARS', 'MONTHS', day);
    expect(timeframe.items).toHaveLength(36);
    expect(first(timeframe)).toBe(firstDate);
    expect(last(timeframe)).toBe(lastDate);
  });

  it.each([
    ['2021-01-01', 161, '2019-06-30', '2022-07-24'],
    ['2020-07-06', 162, '2018-12-30', '2022-01-30'],
  ])('from %s: %i weeks from Sunday %s to Sunday %s', (day, count, firstSunday, lastSunday) => {
    const timeframe = build('THREE_YEARS', 'WEEKS', day);
    expect(timeframe.items).toHaveLength(count);
    expect(first(timeframe)).toBe(firstSunday);
    expect(last(timeframe)).toBe(lastSunday);
  });
});

describe('CURRENT_QUARTER: the weeks of the current quarter, starting on Sunday', () => {
  it.each([
    ['2021-01-01', 14, '2020-12-27', '2021-03-28'],
    ['2018-01-01', 13, '2017-12-31', '2018-03-25'],
    ['2020-07-06', 14, '2020-06-28', '2020-09-27'],
    ['2020-12-25', 14, '2020-09-27', '2020-12-27'],
    // GitLab's setMonth(+2) on Jul 31 overflows into October; the quarter still ends in September.
    ['2020-07-31', 14, '2020-06-28', '2020-09-27'],
    ['2020-02-29', 14, '2019-12-29', '2020-03-29'],
    // Q2 2024 ends on Sunday 30 June: that week is included so the quarter's last day is shown.
    ['2024-05-15', 14, '2024-03-31', '2024-06-30'],
    ['2026-03-08', 14, '2025-12-28', '2026-03-29'],
    ['2026-11-01', 14, '2026-09-27', '2026-12-27'],
  ])('from %s: %i weeks, %s … %s', (day, count, firstSunday, lastSunday) => {
    const timeframe = build('CURRENT_QUARTER', 'WEEKS', day);
    expect(timeframe.items).toHaveLength(count);
    expect(first(timeframe)).toBe(firstSunday);
    expect(last(timeframe)).toBe(lastSunday);
    expect(timeframe.presetType).toBe('WEEKS');
  });

  it('keeps week starts exactly 7 days apart across the US and EU DST changes', () => {
    const dates = [
      ...build('CURRENT_QUARTER', 'WEEKS', '2026-03-08').items,
      ...build('CURRENT_QUARTER', 'WEEKS', '2026-11-01').items,
    ].map(label);
    expect(dates).toEqual(
      expect.arrayContaining(['2026-03-01', '2026-03-08', '2026-03-15', '2026-03-22', '2026-03-29']),
    );
    expect(dates).toEqual(expect.arrayContaining(['2026-10-18', '2026-10-25', '2026-11-01', '2026-11-08']));
  });

  it('ignores a preset the range does not allow', () => {
    expect(build('CURRENT_QUARTER', 'QUARTERS', '2021-01-01').presetType).toBe('WEEKS');
  });
});

describe('CURRENT_YEAR', () => {
  it('by month: 12 months, the last one dated its last day', () => {
    const timeframe = build('CURRENT_YEAR', 'MONTHS', '2021-01-01');
    expect(timeframe.items.map(label)).toEqual([
      '2021-01-01',
      '2021-02-01',
      '2021-03-01',
      '2021-04-01',
      '2021-05-01',
      '2021-06-01',
      '2021-07-01',
      '2021-08-01',
      '2021-09-01',
      '2021-10-01',
      '2021-11-01',
      '2021-12-31',
    ]);
    expect(build('CURRENT_YEAR', 'MONTHS', '2024-02-29').items[1]).toMatchObject({ date: '2024-02-01' });
    expect(build('CURRENT_YEAR', 'MONTHS', '2025-12-31').items[11]).toMatchObject({ date: '2025-12-31' });
  });

  it.each([
    ['2021-01-01', 53, '2020-12-27', '2021-12-26'],
    ['2020-07-06', 53, '2019-12-29', '2020-12-27'],
    // 2023 starts and ends on a Sunday: 1 Jan and 31 Dec are both shown.
    ['2023-06-01', 53, '2023-01-01', '2023-12-31'],
    ['2024-02-29', 53, '2023-12-31', '2024-12-29'],
  ])('by week from %s: %i weeks, %s … %s', (day, count, firstSunday, lastSunday) => {
    const timeframe = build('CURRENT_YEAR', 'WEEKS', day);
    expect(timeframe.items).toHaveLength(count);
    expect(first(timeframe)).toBe(firstSunday);
    expect(last(timeframe)).toBe(lastSunday);
  });

  it("matches GitLab's week 25 of 2021", () => {
    expect(label(build('CURRENT_YEAR', 'WEEKS', '2021-01-01').items[25]!)).toBe('2021-06-20');
  });
});

describe('timeframe columns', () => {
  it('has contiguous columns whose bounds are the timeframe start and inclusive end', () => {
    for (const [range, preset] of [
      ['THREE_YEARS', 'QUARTERS'],
      ['THREE_YEARS', 'MONTHS'],
      ['CURRENT_YEAR', 'WEEKS'],
    ] as const) {
      const timeframe = build(range, preset, '2024-02-29');
      timeframe.items.forEach((item, i) => {
        expect(item.start).toBe(timeframe.columnStarts[i]);
        expect(item.end).toBe(timeframe.columnStarts[i + 1]! - 1);
      });
      expect(timeframe.startDay).toBe(timeframe.items[0]!.start);
      expect(timeframe.endDay).toBe(timeframe.items[timeframe.items.length - 1]!.end);
    }
  });
});

describe('extending the timeframe at an edge', () => {
  it("adds GitLab's default 7 weeks before the first week", () => {
    const extension = extendTimeframe(build('CURRENT_QUARTER', 'WEEKS', '2018-01-01'), 'before');
    expect(extension.timeframe.items).toHaveLength(13 + EXTEND_COLUMNS.WEEKS);
    expect(first(extension.timeframe)).toBe('2017-11-12');
    expect(dayToCalendarDate(extension.addedStartDay)).toBe('2017-11-12');
    expect(dayToCalendarDate(extension.addedEndDay)).toBe('2017-12-30');
    expect(extension.columnsPrepended).toBe(7);
  });

  it('adds 7 quarters after the last quarter', () => {
    const extension = extendTimeframe(build('THREE_YEARS', 'QUARTERS', '2018-01-01'), 'after');
    expect(extension.timeframe.items).toHaveLength(19);
    expect(last(extension.timeframe)).toBe('2021 Q1');
    expect(dayToCalendarDate(extension.addedStartDay)).toBe('2019-07-01');
    expect(dayToCalendarDate(extension.addedEndDay)).toBe('2021-03-31');
    expect(extension.columnsPrepended).toBe(0);
  });

  it('adds months after, moving "last day of the month" to the new last month', () => {
    const extension = extendTimeframe(build('CURRENT_YEAR', 'MONTHS', '2021-01-01'), 'after', 2);
    expect(extension.timeframe.items.map(label).slice(-3)).toEqual([
      '2021-12-01',
      '2022-01-01',
      '2022-02-28',
    ]);
  });

  it('adds months before across a year end', () => {
    const extension = extendTimeframe(build('CURRENT_YEAR', 'MONTHS', '2024-02-29'), 'before', 3);
    expect(extension.timeframe.items.map(label).slice(0, 4)).toEqual([
      '2023-10-01',
      '2023-11-01',
      '2023-12-01',
      '2024-01-01',
    ]);
  });

  it('changes nothing when asked for no columns', () => {
    const timeframe = build('THREE_YEARS', 'MONTHS', '2021-01-01');
    expect(extendTimeframe(timeframe, 'after', 0).timeframe.items.map(label)).toEqual(
      timeframe.items.map(label),
    );
  });
});

describe('reaching an edge of the timeline while scrolling', () => {
  it.each([
    [0, 1000, 6480, 0, 'before'],
    [1, 1000, 6480, 0, null],
    [40, 1000, 6480, 50, 'before'],
    [5480, 1000, 6480, 0, 'after'],
    [5400, 1000, 6480, 100, 'after'],
    [3000, 1000, 6480, 0, null],
  ] as const)(
    'at scrollLeft %i (viewport %i, timeline %i, threshold %i) it is %j',
    (left, view, width, threshold, edge) => {
      expect(timeframeEdgeReached(left, view, width, threshold)).toBe(edge);
    },
  );
});
