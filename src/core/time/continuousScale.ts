/**
 * The continuous zoom: one pixels-per-day for the whole domain, set by a zoom level, so the page can
 * glide from weeks to months to quarters to years without jumps.
 *
 * Zoom level z is log2(pixels per day): each +1 doubles the size of a day. The presets sit at the
 * levels where an average column is 180 px (weeks z ≈ 4.68, months ≈ 2.56, quarters ≈ 0.98, years ≈
 * −1.02). Header granularity is the finest unit whose average width reaches MIN_TICK_WIDTH, so at a
 * preset's level the header shows that preset's unit.
 */

import { assert } from '../lib/assert.ts';
import type { CalendarDate } from './calendarDate.ts';
import { AVERAGE_UNIT_DAYS, TICK_UNITS, type TickUnit, unitsBetween } from './calendarUnits.ts';
import { asEpochDay, type EpochDay } from './epochDay.ts';
import { type HeaderTicks, headerTicks } from './headers.ts';
import type { PresetType } from './presets.ts';
import { COLUMN_WIDTH, DAY_EPSILON, type TimeScale, toEpochDayInput } from './timeScale.ts';
import { type WorldPx, worldPx } from './units.ts';

/** Whole days, both inclusive. */
export interface DayRange {
  readonly startDay: EpochDay;
  readonly endDay: EpochDay;
}

/** A header column narrower than this (px) is too cramped for its label; the next unit up is used. */
export const MIN_TICK_WIDTH = 100;

/** About four years per 180 px. */
export const MIN_ZOOM = -3;
/** 180 px per day. */
export const MAX_ZOOM = Math.log2(COLUMN_WIDTH);

export const pixelsPerDayAtZoom = (zoom: number): number => 2 ** zoom;

export const zoomForPixelsPerDay = (pixelsPerDay: number): number => Math.log2(pixelsPerDay);

export const clampZoom = (zoom: number): number => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));

/** The level at which an average `unit` is one 180 px column. */
export function zoomForUnit(unit: TickUnit): number {
  return zoomForPixelsPerDay(COLUMN_WIDTH / AVERAGE_UNIT_DAYS[unit]);
}

const PRESET_UNITS: Readonly<Record<PresetType, TickUnit>> = {
  QUARTERS: 'quarter',
  MONTHS: 'month',
  WEEKS: 'week',
};

export function zoomForPreset(preset: PresetType): number {
  return zoomForUnit(PRESET_UNITS[preset]);
}

/** Header unit for a pixels-per-day: the finest one at least MIN_TICK_WIDTH wide; years at most. */
export function granularityForPixelsPerDay(pixelsPerDay: number): TickUnit {
  for (const unit of TICK_UNITS) {
    if (AVERAGE_UNIT_DAYS[unit] * pixelsPerDay >= MIN_TICK_WIDTH) return unit;
  }
  return 'year';
}

export class ContinuousTimeScale implements TimeScale {
  readonly kind = 'continuous' as const;
  readonly presetType = null;
  readonly granularity: TickUnit;
  readonly startDay: EpochDay;
  readonly endDay: EpochDay;
  readonly rangeStartDay: EpochDay;
  readonly rangeEndDay: EpochDay;
  readonly width: WorldPx;
  readonly zoom: number;
  readonly pixelsPerDay: number;

  /**
   * A domain of whole days [startDay, endDay] at a zoom level (clamped to MIN_ZOOM…MAX_ZOOM). `range`
   * is the selected timeframe's days when the domain is wider (zoomed out past it); it must lie
   * inside the domain, and defaults to the domain.
   */
  constructor(startDay: EpochDay, endDay: EpochDay, zoom: number, range?: DayRange) {
    this.startDay = startDay;
    this.endDay = endDay;
    this.rangeStartDay = range?.startDay ?? startDay;
    this.rangeEndDay = range?.endDay ?? endDay;
    assert(
      this.rangeStartDay >= startDay && this.rangeEndDay <= endDay,
      'the range lies inside the scale domain',
    );
    this.zoom = clampZoom(zoom);
    this.pixelsPerDay = pixelsPerDayAtZoom(this.zoom);
    this.granularity = granularityForPixelsPerDay(this.pixelsPerDay);
    this.width = worldPx((endDay - startDay + 1) * this.pixelsPerDay);
  }

  /** The same domain at another zoom level. */
  withZoom(zoom: number): ContinuousTimeScale {
    return new ContinuousTimeScale(this.startDay, this.endDay, zoom, {
      startDay: this.rangeStartDay,
      endDay: this.rangeEndDay,
    });
  }

  toPixel(day: EpochDay | CalendarDate): WorldPx {
    return worldPx((toEpochDayInput(day) - this.startDay) * this.pixelsPerDay);
  }

  dayAt(x: WorldPx): number {
    return this.startDay + x / this.pixelsPerDay;
  }

  toDay(x: WorldPx): EpochDay {
    return asEpochDay(Math.floor(this.dayAt(x) + DAY_EPSILON));
  }

  /** Exact edges: from the start day's left edge to the end day's right edge. */
  barSpan(start: EpochDay, end: EpochDay, out: Float64Array): void {
    out[0] = (start - this.startDay) * this.pixelsPerDay;
    out[1] = (end - start + 1) * this.pixelsPerDay;
  }

  columnOf(day: EpochDay): number {
    if (day < this.startDay || day > this.endDay) return -1;
    return unitsBetween(this.startDay, day, this.granularity);
  }

  ticks(today: EpochDay, fromX?: number, toX?: number): HeaderTicks {
    return headerTicks(this, today, fromX, toX);
  }

  /** The middle of today. */
  todayX(today: EpochDay): WorldPx | null {
    if (today < this.startDay || today > this.endDay) return null;
    return worldPx((today - this.startDay + 0.5) * this.pixelsPerDay);
  }
}

/**
 * Where world x on one scale lands on another, keeping the same instant under it: after a zoom (or a
 * switch between a preset scale and the continuous one) scroll by `rescaleWorldX(...) − x` so the
 * point under the pointer stays put.
 */
export function rescaleWorldX(from: TimeScale, to: TimeScale, x: WorldPx): WorldPx {
  return worldPx(to.toPixel(asEpochDay(from.dayAt(x))));
}

/**
 * The domain a continuous scale needs at `pixelsPerDay` so that the timeline fills a view `viewWidth`
 * px wide: the range itself when it is at least that wide, else the range grown on both sides so
 * that `anchorDay` (a fractional day) can stay at `anchorX` px from the view's left edge with the
 * view wholly inside the domain. Whole days: the domain may be up to a day wider than the view.
 */
export function domainFilling(
  range: DayRange,
  pixelsPerDay: number,
  viewWidth: number,
  anchorDay: number,
  anchorX: number,
): DayRange {
  const viewDays = viewWidth / pixelsPerDay;
  if (range.endDay - range.startDay + 1 >= viewDays) return range;
  const viewStart = anchorDay - anchorX / pixelsPerDay;
  const startDay = Math.min(range.startDay, Math.floor(viewStart + DAY_EPSILON));
  const endDay = Math.max(range.endDay, Math.ceil(viewStart + viewDays - DAY_EPSILON) - 1);
  return { startDay: asEpochDay(startDay), endDay: asEpochDay(endDay) };
}
