import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CalendarDate } from './calendarDate.ts';
import {
  ContinuousTimeScale,
  domainFilling,
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

describe('the domain that fills the view', () => {
  const range = { startDay: asEpochDay(domainStart), endDay: asEpochDay(domainEnd) };
  const rangeDays = domainEnd - domainStart + 1;

  it('is the range while the range is at least as wide as the view', () => {
    expect(domainFilling(range, 1000 / rangeDays, 1000, domainStart + 10, 500)).toBe(range);
    expect(domainFilling(range, 2, 1000, domainStart + 10, 500)).toBe(range);
  });

  it('grows around the range, keeping the anchor day under the anchor, to cover the whole view', () => {
    fc.assert(
      fc.property(
        fc.double({ min: MIN_ZOOM, max: Math.log2(1200 / rangeDays) - 0.01, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (zoom, where) => {
          const ppd = pixelsPerDayAtZoom(zoom);
          // The range wholly in view, somewhere: its middle day under the anchor.
          const half = (rangeDays * ppd) / 2;
          const anchorX = half + where * (1200 - 2 * half);
          const anchorDay = domainStart + rangeDays / 2;
          const domain = domainFilling(range, ppd, 1200, anchorDay, anchorX);
          expect(domain.startDay).toBeLessThanOrEqual(range.startDay);
          expect(domain.endDay).toBeGreaterThanOrEqual(range.endDay);
          const scale = new ContinuousTimeScale(domain.startDay, domain.endDay, zoom, range);
          const scrollLeft = scale.toPixel(asEpochDay(0)) + anchorDay * ppd - anchorX;
          expect(scrollLeft).toBeGreaterThanOrEqual(-1e-6);
          expect(scrollLeft + 1200).toBeLessThanOrEqual(scale.width + 1e-6);
          expect(scale.width - 1200).toBeLessThan(2 * ppd + 1e-6);
        },
      ),
    );
  });

  it('keeps the range a scale is clamped to apart from its wider domain', () => {
    const wide = new ContinuousTimeScale(
      asEpochDay(domainStart - 100),
      asEpochDay(domainEnd + 100),
      -2,
      range,
    );
    expect([wide.rangeStartDay, wide.rangeEndDay]).toEqual([domainStart, domainEnd]);
    expect(wide.withZoom(-1).rangeStartDay).toBe(domainStart);
    expect(wide.ticks(asEpochDay(domainStart)).columns[0]?.startDay).toBeLessThan(domainStart);
    expect(
      () =>
        new ContinuousTimeScale(asEpochDay(domainStart), asEpochDay(domainEnd), 0, {
          startDay: asEpochDay(domainStart - 1),
          endDay: asEpochDay(domainEnd),
        }),
    ).toThrow();
  });
});
