/**
 * One scale owns time ↔ pixel (STYLE principle 4). Everything that draws or hit-tests gets a
 * `TimeScale`; two implementations share the interface:
 *
 * - `PresetTimeScale`: GitLab's equal-width columns (180 px per quarter, month or week). A day's width
 *   depends on its column (180/28 px in February, 180/31 px in March), so the scale is piecewise
 *   linear: inside column c, x = 180·c + (day − columnStart) · 180 / daysInColumn.
 * - `ContinuousTimeScale` (continuousScale.ts): one pixels-per-day for the whole domain, set by a
 *   continuous zoom level.
 *
 * Days are epoch days; `toPixel` also accepts a CalendarDate. Fractional days map linearly, so a
 * day's left edge is `toPixel(d)` and its right edge `toPixel(d + 1)`.
 */
import type { CalendarDate } from './calendarDate.ts';
import type { TickUnit } from './calendarUnits.ts';
import { asEpochDay, calendarDateToDay, type EpochDay } from './epochDay.ts';
import { type HeaderTicks, headerTicks } from './headers.ts';
import { presetBarSpan, presetTodayX } from './presetBarRules.ts';
import type { PresetType } from './presets.ts';
import type { Timeframe } from './timeframe.ts';
import { COLUMN_WIDTH, type WorldPx, worldPx } from './units.ts';

export { COLUMN_WIDTH };

/** Guards `floor` against 2.9999999 when x sits exactly on a day's left edge. */
export const DAY_EPSILON = 1e-9;

export interface TimeScale {
  /** 'preset' for GitLab's equal-width columns, 'continuous' for the zoomable scale. */
  readonly kind: 'preset' | 'continuous';
  /** The preset whose columns this is; null for the continuous scale. */
  readonly presetType: PresetType | null;
  /** The unit of the header's columns (ticks) at this scale. */
  readonly granularity: TickUnit;
  /** First day of the domain (x = 0). */
  readonly startDay: EpochDay;
  /** Last day of the domain, inclusive (its right edge is x = width). */
  readonly endDay: EpochDay;
  /**
   * The selected timeframe's first and last days: epics and milestones are clamped to these. The
   * domain equals them except on a continuous scale zoomed out past the range, whose domain grows
   * around it so the timeline still fills the view.
   */
  readonly rangeStartDay: EpochDay;
  readonly rangeEndDay: EpochDay;
  /** Width of the whole timeline, world px. */
  readonly width: WorldPx;
  /** Left edge of a day (fractional days interpolate; days outside the domain extrapolate). */
  toPixel(day: EpochDay | CalendarDate): WorldPx;
  /** The day whose [left, right) edge range contains x (extrapolated outside the domain). */
  toDay(x: WorldPx): EpochDay;
  /** Fractional day at x: `toPixel(dayAt(x)) === x`; used to keep a zoom anchor still. */
  dayAt(x: WorldPx): number;
  /**
   * The bar of an item from `start` to `end` (both inclusive, clamped into the domain, start ≤ end):
   * writes x to out[0] and width to out[1], world px. Preset scales follow GitLab's per-preset rules.
   */
  barSpan(start: EpochDay, end: EpochDay, out: Float64Array): void;
  /** Index of the column (header unit) containing a day counted from the domain start; -1 outside. */
  columnOf(day: EpochDay): number;
  /** x of the today indicator, or null when today is outside the domain. */
  todayX(today: EpochDay): WorldPx | null;
  /** Header columns and sub-labels meeting [fromX, toX] (world px; default: the whole timeline). */
  ticks(today: EpochDay, fromX?: number, toX?: number): HeaderTicks;
}

export const toEpochDayInput = (day: EpochDay | CalendarDate): number =>
  typeof day === 'string' ? calendarDateToDay(day) : day;

const PRESET_UNIT: Readonly<Record<PresetType, TickUnit>> = {
  QUARTERS: 'quarter',
  MONTHS: 'month',
  WEEKS: 'week',
};

/** GitLab's equal-width columns as a piecewise-linear scale over a timeframe's columns. */
export class PresetTimeScale implements TimeScale {
  readonly kind = 'preset' as const;
  readonly presetType: PresetType;
  readonly granularity: TickUnit;
  readonly startDay: EpochDay;
  readonly endDay: EpochDay;
  readonly width: WorldPx;
  get rangeStartDay(): EpochDay {
    return this.startDay;
  }
  get rangeEndDay(): EpochDay {
    return this.endDay;
  }
  /** Column boundaries (length columns + 1; the last entry is endDay + 1). */
  readonly columnStarts: Int32Array;
  readonly columnCount: number;

  constructor(timeframe: Pick<Timeframe, 'presetType' | 'columnStarts'>) {
    this.presetType = timeframe.presetType;
    this.granularity = PRESET_UNIT[timeframe.presetType];
    this.columnStarts = timeframe.columnStarts;
    this.columnCount = timeframe.columnStarts.length - 1;
    this.startDay = asEpochDay(this.columnStarts[0]!);
    this.endDay = asEpochDay(this.columnStarts[this.columnCount]! - 1);
    this.width = worldPx(this.columnCount * COLUMN_WIDTH);
  }

  /** Days in column c (7 for weeks, 28–31 for months, 90–92 for quarters). */
  daysInColumn(column: number): number {
    return this.columnStarts[column + 1]! - this.columnStarts[column]!;
  }

  /** The column whose days include `day`, clamped to the first/last column outside the domain. */
  clampedColumnOf(day: number): number {
    const starts = this.columnStarts;
    let low = 0;
    let high = this.columnCount - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid]! <= day) low = mid;
      else high = mid - 1;
    }
    return low;
  }

  columnOf(day: EpochDay): number {
    return day < this.startDay || day > this.endDay ? -1 : this.clampedColumnOf(day);
  }

  toPixel(day: EpochDay | CalendarDate): WorldPx {
    const value = toEpochDayInput(day);
    const column =
      value >= this.columnStarts[this.columnCount]!
        ? this.columnCount - 1
        : this.clampedColumnOf(Math.floor(value));
    const start = this.columnStarts[column]!;
    return worldPx(column * COLUMN_WIDTH + ((value - start) * COLUMN_WIDTH) / this.daysInColumn(column));
  }

  dayAt(x: WorldPx): number {
    const column = Math.min(this.columnCount - 1, Math.max(0, Math.floor(x / COLUMN_WIDTH)));
    return (
      this.columnStarts[column]! + ((x - column * COLUMN_WIDTH) * this.daysInColumn(column)) / COLUMN_WIDTH
    );
  }

  toDay(x: WorldPx): EpochDay {
    return asEpochDay(Math.floor(this.dayAt(x) + DAY_EPSILON));
  }

  barSpan(start: EpochDay, end: EpochDay, out: Float64Array): void {
    presetBarSpan(this, start, end, out);
  }

  todayX(today: EpochDay): WorldPx | null {
    return presetTodayX(this, today);
  }

  ticks(today: EpochDay, fromX?: number, toX?: number): HeaderTicks {
    return headerTicks(this, today, fromX, toX);
  }
}

/** The preset scale of a timeframe. */
export function presetScaleOf(timeframe: Timeframe): PresetTimeScale {
  return new PresetTimeScale(timeframe);
}
