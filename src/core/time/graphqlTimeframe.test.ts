import { describe, expect, it } from 'vitest';
import type { CalendarDate } from './calendarDate.ts';
import { graphqlTimeframe, graphqlTimeframeOfExtension } from './graphqlTimeframe.ts';
import type { PresetType, TimeframeRangeType } from './presets.ts';
import { buildTimeframe, extendTimeframe } from './timeframe.ts';

const build = (rangeType: TimeframeRangeType, presetType: PresetType, today: string) =>
  buildTimeframe({ rangeType, presetType, today: today as CalendarDate });

describe('the GraphQL timeframe variable', () => {
  it.each([
    ['THREE_YEARS', 'QUARTERS', '2018-01-01', '2016-07-01', '2019-06-30'],
    ['CURRENT_YEAR', 'MONTHS', '2018-01-01', '2018-01-01', '2018-12-31'],
    ['CURRENT_QUARTER', 'WEEKS', '2018-01-01', '2017-12-31', '2018-03-31'],
    ['THREE_YEARS', 'QUARTERS', '2020-12-25', '2019-04-01', '2022-06-30'],
    ['THREE_YEARS', 'MONTHS', '2021-01-01', '2019-07-01', '2022-06-30'],
    ['THREE_YEARS', 'WEEKS', '2021-01-01', '2019-06-30', '2022-07-30'],
    ['CURRENT_YEAR', 'WEEKS', '2024-02-29', '2023-12-31', '2025-01-04'],
    ['CURRENT_QUARTER', 'WEEKS', '2026-11-01', '2026-09-27', '2027-01-02'],
  ] as const)('%s by %s from %s is {start: %s, end: %s}', (range, preset, today, start, end) => {
    expect(graphqlTimeframe(build(range, preset, today))).toEqual({ start, end });
  });

  it('covers only the added columns after an extension', () => {
    const extension = extendTimeframe(build('CURRENT_YEAR', 'MONTHS', '2018-01-01'), 'after', 2);
    expect(graphqlTimeframeOfExtension(extension)).toEqual({ start: '2019-01-01', end: '2019-02-28' });
  });
});
