import { describe, expect, it } from 'vitest';
import type { CalendarDate } from './calendarDate.ts';
import { ContinuousTimeScale, zoomForUnit } from './continuousScale.ts';
import { calendarDateToDay } from './epochDay.ts';
import { headerTicks, todayMarker } from './headers.ts';
import type { PresetType, TimeframeRangeType } from './presets.ts';
import { buildTimeframe } from './timeframe.ts';
import { presetScaleOf } from './timeScale.ts';

const day = (text: string) => calendarDateToDay(text as CalendarDate);
const scaleOf = (rangeType: TimeframeRangeType, presetType: PresetType, today: string) =>
  presetScaleOf(buildTimeframe({ rangeType, presetType, today: today as CalendarDate }));

describe('timeline headers', () => {
  it("quarters: 'YYYY Qn' for the first column or Q1, otherwise 'Qn', with month sub-labels", () => {
    const ticks = headerTicks(scaleOf('THREE_YEARS', 'QUARTERS', '2018-01-01'), day('2018-01-01'));
    expect(ticks.unit).toBe('quarter');
    expect(ticks.columns.map((c) => c.label)).toEqual([
      '2016 Q3',
      'Q4',
      '2017 Q1',
      'Q2',
      'Q3',
      'Q4',
      '2018 Q1',
      'Q2',
      'Q3',
      'Q4',
      '2019 Q1',
      'Q2',
    ]);
    expect(ticks.subLabels.slice(0, 6).map((s) => s.label)).toEqual([
      'Jul',
      'Aug',
      'Sep',
      'Oct',
      'Nov',
      'Dec',
    ]);
    expect(ticks.subLabels).toHaveLength(36);
  });

  it('months: the year prefixed on the first column and when the year changes; Sundays as sub-labels', () => {
    const ticks = headerTicks(scaleOf('THREE_YEARS', 'MONTHS', '2019-06-15'), day('2019-06-15'));
    expect(ticks.columns.slice(0, 8).map((c) => c.label)).toEqual([
      '2017 Dec',
      '2018 Jan',
      'Feb',
      'Mar',
      'Apr',
      'May',
      'Jun',
      'Jul',
    ]);
    const january = headerTicks(scaleOf('CURRENT_YEAR', 'MONTHS', '2018-01-01'), day('2018-01-01'), 0, 179);
    expect(january.columns.map((c) => c.label)).toEqual(['2018 Jan']);
    expect(january.subLabels.map((s) => s.label)).toEqual(['7', '14', '21', '28']);
    const leap = headerTicks(scaleOf('CURRENT_YEAR', 'MONTHS', '2020-02-29'), day('2020-02-29'), 180, 359);
    expect(leap.subLabels.map((s) => s.label)).toEqual(['2', '9', '16', '23']);
  });

  it("weeks: year, month and day of the week's Sunday, the year on the first column and in early January", () => {
    const ticks = headerTicks(scaleOf('CURRENT_QUARTER', 'WEEKS', '2018-01-01'), day('2018-01-01'));
    expect(ticks.columns.slice(0, 4).map((c) => c.label)).toEqual([
      '2017 Dec 31',
      '2018 Jan 7',
      'Jan 14',
      'Jan 21',
    ]);
    expect(ticks.subLabels.slice(0, 8).map((s) => s.label)).toEqual([
      '31',
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
    ]);
    const year = headerTicks(scaleOf('CURRENT_YEAR', 'WEEKS', '2021-01-01'), day('2021-01-01'));
    expect(year.columns.map((c) => c.label).slice(0, 2)).toEqual(['2020 Dec 27', '2021 Jan 3']);
    expect(year.columns[52]!.label).toBe('Dec 26');
  });

  it('marks past, current and future columns and sub-labels relative to today', () => {
    const ticks = headerTicks(scaleOf('CURRENT_QUARTER', 'WEEKS', '2018-01-01'), day('2018-01-01'), 0, 359);
    expect(ticks.columns.map((c) => c.state)).toEqual(['current', 'future']);
    expect(ticks.subLabels.slice(0, 3).map((s) => s.state)).toEqual(['past', 'current', 'future']);
    const quarters = headerTicks(scaleOf('THREE_YEARS', 'QUARTERS', '2018-01-01'), day('2018-01-01'));
    expect(quarters.columns.filter((c) => c.state === 'current').map((c) => c.label)).toEqual(['2018 Q1']);
    expect(quarters.columns[0]!.state).toBe('past');
    expect(quarters.columns[11]!.state).toBe('future');
  });

  it('returns only the columns that meet the requested pixel range', () => {
    const scale = scaleOf('THREE_YEARS', 'WEEKS', '2021-01-01');
    const ticks = headerTicks(scale, day('2021-01-01'), 180 * 100 + 10, 180 * 102);
    expect(ticks.columns.map((c) => c.index)).toEqual([100, 101, 102]);
    expect(ticks.columns[0]!.x).toBe(180 * 100);
  });

  it('continuous scale: year columns with quarter sub-labels when zoomed out, days when zoomed in', () => {
    const start = day('2019-07-01');
    const end = day('2022-06-30');
    const years = headerTicks(new ContinuousTimeScale(start, end, zoomForUnit('year')), day('2021-01-01'));
    expect(years.unit).toBe('year');
    expect(years.columns.map((c) => c.label)).toEqual(['2019', '2020', '2021', '2022']);
    expect(years.subLabels.slice(0, 3).map((s) => s.label)).toEqual(['Q3', 'Q4', 'Q1']);
    const days = new ContinuousTimeScale(start, end, zoomForUnit('day'));
    const ticks = headerTicks(days, day('2021-01-01'), 0, 180 * 3 - 1);
    expect(ticks.unit).toBe('day');
    expect(ticks.columns.map((c) => c.label)).toEqual(['Jul 1', '2', '3']);
    expect(ticks.subLabels).toEqual([]);
  });

  it("gives today's column and indicator position", () => {
    expect(todayMarker(scaleOf('CURRENT_YEAR', 'MONTHS', '2020-07-06'), day('2020-07-06'))).toEqual({
      column: 6,
      x: 6 * 180 + 0.19 * 180,
    });
    expect(todayMarker(scaleOf('CURRENT_YEAR', 'MONTHS', '2020-07-06'), day('2021-01-01'))).toEqual({
      column: -1,
      x: null,
    });
  });
});
