import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CalendarDate } from '../time/calendarDate.ts';
import { asEpochDay, calendarDateToDay, dayToCalendarDate } from '../time/epochDay.ts';
import { buildTimeframe } from '../time/timeframe.ts';
import { clampEpicToTimeframe } from './clampEpic.ts';

// Three years by quarter from GitLab's default test today, 2020-07-06: 2019-01-01 … 2021-12-31.
const timeframe = buildTimeframe({
  rangeType: 'THREE_YEARS',
  presetType: 'QUARTERS',
  today: '2020-07-06' as CalendarDate,
});
const clamp = (startDate: string | null, dueDate: string | null) =>
  clampEpicToTimeframe(
    { startDate: startDate as CalendarDate | null, dueDate: dueDate as CalendarDate | null },
    timeframe,
  );

describe('clamping an epic to the timeframe (spec, "Bars")', () => {
  it.each([
    // start, due → drawn start, drawn end, start undefined/out, end undefined/out, shown
    ['2020-01-01', '2020-12-31', '2020-01-01', '2020-12-31', '--', '--', true],
    ['2018-06-01', '2020-12-31', '2019-01-01', '2020-12-31', '-o', '--', true],
    ['2020-01-01', '2023-01-01', '2020-01-01', '2021-12-31', '--', '-o', true],
    ['2010-01-01', '2030-01-01', '2019-01-01', '2021-12-31', '-o', '-o', true],
    [null, '2020-03-01', '2019-01-01', '2020-03-01', 'u-', '--', true],
    ['2020-03-01', null, '2020-03-01', '2021-12-31', '--', 'u-', true],
    [null, null, '2019-01-01', '2021-12-31', 'u-', 'u-', true],
    ['2019-01-01', '2021-12-31', '2019-01-01', '2021-12-31', '--', '--', true],
    ['2020-02-29', '2020-02-29', '2020-02-29', '2020-02-29', '--', '--', true],
    ['2024-02-29', '2024-03-01', '2024-02-29', '2021-12-31', '--', '-o', false],
    ['2020-05-01', '2020-04-01', '2020-05-01', '2020-04-01', '--', '--', false],
    ['2017-01-01', '2018-12-31', '2019-01-01', '2018-12-31', '-o', '--', false],
    ['2022-01-01', null, '2022-01-01', '2021-12-31', '--', 'u-', false],
    [null, '2018-12-31', '2019-01-01', '2018-12-31', 'u-', '--', false],
    ['2026-03-08', '2026-11-01', '2026-03-08', '2021-12-31', '--', '-o', false],
  ])('%s → %s is drawn %s → %s (%s %s), shown: %s', (start, due, from, to, startFlags, endFlags, shown) => {
    const result = clamp(start, due);
    expect(result).toEqual({
      originalStartDate: start,
      originalEndDate: due,
      startDate: from,
      endDate: to,
      startDateUndefined: startFlags[0] === 'u',
      startDateOutOfRange: startFlags[1] === 'o',
      endDateUndefined: endFlags[0] === 'u',
      endDateOutOfRange: endFlags[1] === 'o',
      shown,
    });
  });

  it('keeps every shown bar inside the timeframe, start before end', () => {
    const date = fc.option(fc.integer({ min: timeframe.startDay - 800, max: timeframe.endDay + 800 }), {
      nil: null,
    });
    fc.assert(
      fc.property(date, date, (start, end) => {
        const text = (d: number | null) => (d === null ? null : dayToCalendarDate(asEpochDay(d)));
        const result = clamp(text(start), text(end));
        if (!result.shown) return;
        const from = calendarDateToDay(result.startDate);
        const to = calendarDateToDay(result.endDate);
        expect(from).toBeGreaterThanOrEqual(timeframe.startDay);
        expect(to).toBeLessThanOrEqual(timeframe.endDay);
        expect(from).toBeLessThanOrEqual(to);
      }),
    );
  });
});
