import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CalendarDate } from './calendarDate.ts';
import {
  ContinuousTimeScale,
  granularityForPixelsPerDay,
  MAX_ZOOM,
  MIN_ZOOM,
  pixelsPerDayAtZoom,
  rescaleWorldX,
  zoomForPreset,
  zoomForUnit,
} from './continuousScale.ts';
import { asEpochDay, calendarDateToDay } from './epochDay.ts';
import { buildTimeframe } from './timeframe.ts';
import { presetScaleOf } from './timeScale.ts';
import { worldPx } from './units.ts';

const day = (text: string) => calendarDateToDay(text as CalendarDate);
const domainStart = day('2019-07-01');
const domainEnd = day('2022-06-30');
const at = (zoom: number) => new ContinuousTimeScale(domainStart, domainEnd, zoom);

describe('the continuous zoom', () => {
  it('puts each preset at the level where an average column is 180 px', () => {
    expect(pixelsPerDayAtZoom(zoomForPreset('WEEKS'))).toBeCloseTo(180 / 7, 9);
    expect(pixelsPerDayAtZoom(zoomForPreset('MONTHS')) * (365.2425 / 12)).toBeCloseTo(180, 9);
    expect(pixelsPerDayAtZoom(zoomForPreset('QUARTERS')) * (365.2425 / 4)).toBeCloseTo(180, 9);
    expect(zoomForPreset('WEEKS')).toBeGreaterThan(zoomForPreset('MONTHS'));
    expect(zoomForPreset('MONTHS')).toBeGreaterThan(zoomForPreset('QUARTERS'));
    expect(zoomForPreset('QUARTERS')).toBeGreaterThan(zoomForUnit('year'));
  });

  it.each([
    [zoomForUnit('day'), 'day'],
    [zoomForPreset('WEEKS'), 'week'],
    [zoomForPreset('MONTHS'), 'month'],
    [zoomForPreset('QUARTERS'), 'quarter'],
    [zoomForUnit('year'), 'year'],
    [MIN_ZOOM, 'year'],
  ] as const)('chooses header ticks from the zoom: level %f shows %s', (zoom, unit) => {
    expect(at(zoom).granularity).toBe(unit);
  });

  it('never chooses a coarser unit as it zooms in', () => {
    const order = ['day', 'week', 'month', 'quarter', 'year'];
    let previous = order.length;
    for (let zoom = MIN_ZOOM; zoom <= MAX_ZOOM; zoom += 0.01) {
      const rank = order.indexOf(granularityForPixelsPerDay(pixelsPerDayAtZoom(zoom)));
      expect(rank).toBeLessThanOrEqual(previous);
      previous = rank;
    }
  });

  it('round-trips date → pixel → date within one pixel at every zoom', () => {
    fc.assert(
      fc.property(
        fc.double({ min: MIN_ZOOM, max: MAX_ZOOM, noNaN: true }),
        fc.integer({ min: domainStart, max: domainEnd }),
        (zoom, d) => {
          const scale = at(zoom);
          const x = scale.toPixel(asEpochDay(d));
          const back = scale.toDay(x);
          expect(back).toBe(d);
          expect(Math.abs(scale.toPixel(back) - x)).toBeLessThanOrEqual(1);
        },
      ),
    );
  });

  it('moves every date smoothly with the zoom: no jump between two close levels', () => {
    fc.assert(
      fc.property(
        fc.double({ min: MIN_ZOOM, max: MAX_ZOOM - 0.001, noNaN: true }),
        fc.integer({ min: domainStart, max: domainEnd }),
        (zoom, d) => {
          const a = at(zoom).toPixel(asEpochDay(d));
          const b = at(zoom + 0.001).toPixel(asEpochDay(d));
          expect(Math.abs(b - a)).toBeLessThanOrEqual(Math.max(1, a * 0.001));
        },
      ),
    );
  });

  it('keeps the day under an anchor when switching from a preset scale to the continuous one', () => {
    const preset = presetScaleOf(
      buildTimeframe({ rangeType: 'THREE_YEARS', presetType: 'MONTHS', today: '2021-01-01' as CalendarDate }),
    );
    const continuous = at(zoomForPreset('MONTHS'));
    const anchor = preset.toPixel(day('2020-02-15'));
    const moved = rescaleWorldX(preset, continuous, anchor);
    expect(continuous.toDay(moved)).toBe(day('2020-02-15'));
    expect(rescaleWorldX(continuous, preset, moved)).toBeCloseTo(anchor, 6);
  });

  it('draws bars on exact day edges, inclusive of the end day', () => {
    const scale = at(zoomForPreset('WEEKS'));
    const out = new Float64Array(2);
    scale.barSpan(day('2020-01-01'), day('2020-01-31'), out);
    expect(out[0]).toBeCloseTo(scale.toPixel(day('2020-01-01')), 9);
    expect(out[1]).toBeCloseTo(31 * (180 / 7), 9);
    expect(scale.width).toBeCloseTo((domainEnd - domainStart + 1) * (180 / 7), 6);
  });

  it('puts today in the middle of its day, and knows its column', () => {
    const scale = at(zoomForPreset('MONTHS'));
    expect(scale.todayX(day('2019-07-01'))).toBeCloseTo(scale.pixelsPerDay / 2, 9);
    expect(scale.columnOf(day('2019-08-31'))).toBe(1);
    expect(scale.columnOf(day('2022-07-01'))).toBe(-1);
    expect(scale.todayX(day('2022-07-01'))).toBeNull();
  });

  it('clamps the zoom to its limits', () => {
    expect(at(100).zoom).toBe(MAX_ZOOM);
    expect(at(-100).zoom).toBe(MIN_ZOOM);
    expect(at(0).toDay(worldPx(0))).toBe(domainStart);
  });
});
