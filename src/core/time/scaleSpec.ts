/**
 * Serializable descriptions of a timeframe and a scale, small enough to post on every zoom step,
 * and the pure functions that turn them into a Timeframe and a TimeScale (the worker rebuilds its
 * scale from these; no Date or class instance crosses the thread boundary).
 */
import type { CalendarDate } from './calendarDate.ts';
import { ContinuousTimeScale } from './continuousScale.ts';
import { asEpochDay } from './epochDay.ts';
import type { PresetType, TimeframeRangeType } from './presets.ts';
import { buildTimeframe, extendTimeframe, type Timeframe } from './timeframe.ts';
import { PresetTimeScale, type TimeScale } from './timeScale.ts';

export interface TimeframeSpec {
  readonly rangeType: TimeframeRangeType;
  readonly presetType: PresetType;
  readonly today: CalendarDate;
  /** Columns added by scrolling to the left edge (extensions), 0 by default. */
  readonly extraColumnsBefore?: number;
  /** Columns added by scrolling to the right edge. */
  readonly extraColumnsAfter?: number;
}

/**
 * GitLab's equal-width columns, or the continuous zoom at a level (log2 px per day). Zoomed out past
 * the range, the continuous scale's domain is wider than the timeframe: `startDay`/`endDay` (epoch
 * days, both inclusive, around the timeframe's) say so, so the worker builds the same scale as the
 * page; absent, the domain is the timeframe's days.
 */
export type ScaleSpec =
  | { readonly kind: 'preset' }
  | {
      readonly kind: 'continuous';
      readonly zoom: number;
      readonly startDay?: number;
      readonly endDay?: number;
    };

export function timeframeFromSpec(spec: TimeframeSpec): Timeframe {
  let timeframe = buildTimeframe(spec);
  if (spec.extraColumnsBefore)
    timeframe = extendTimeframe(timeframe, 'before', spec.extraColumnsBefore).timeframe;
  if (spec.extraColumnsAfter)
    timeframe = extendTimeframe(timeframe, 'after', spec.extraColumnsAfter).timeframe;
  return timeframe;
}

export function scaleFromSpec(timeframe: Timeframe, spec: ScaleSpec): TimeScale {
  if (spec.kind === 'preset') return new PresetTimeScale(timeframe);
  const range = { startDay: timeframe.startDay, endDay: timeframe.endDay };
  return new ContinuousTimeScale(
    asEpochDay(Math.min(spec.startDay ?? range.startDay, range.startDay)),
    asEpochDay(Math.max(spec.endDay ?? range.endDay, range.endDay)),
    spec.zoom,
    range,
  );
}

/** The spec that rebuilds `scale` (over `timeframe`) with scaleFromSpec. */
export function specOfScale(scale: TimeScale): ScaleSpec {
  if (!(scale instanceof ContinuousTimeScale)) return { kind: 'preset' };
  const widened = scale.startDay !== scale.rangeStartDay || scale.endDay !== scale.rangeEndDay;
  return widened
    ? { kind: 'continuous', zoom: scale.zoom, startDay: scale.startDay, endDay: scale.endDay }
    : { kind: 'continuous', zoom: scale.zoom };
}

export function sameScaleSpec(a: ScaleSpec, b: ScaleSpec): boolean {
  if (a.kind === 'preset' || b.kind === 'preset') return a.kind === b.kind;
  return a.zoom === b.zoom && a.startDay === b.startDay && a.endDay === b.endDay;
}

export function sameTimeframeSpec(a: TimeframeSpec, b: TimeframeSpec): boolean {
  return (
    a.rangeType === b.rangeType &&
    a.presetType === b.presetType &&
    a.today === b.today &&
    (a.extraColumnsBefore ?? 0) === (b.extraColumnsBefore ?? 0) &&
    (a.extraColumnsAfter ?? 0) === (b.extraColumnsAfter ?? 0)
  );
}
