/**
 * Serializable descriptions of a timeframe and a scale, small enough to post on every zoom step,
 * and the pure functions that turn them into a Timeframe and a TimeScale (the worker rebuilds its
 * scale from these; no Date or class instance crosses the thread boundary).
 */
import type { CalendarDate } from './calendarDate.ts';
import { ContinuousTimeScale } from './continuousScale.ts';
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

/** GitLab's equal-width columns, or the continuous zoom at a level (log2 px per day). */
export type ScaleSpec = { readonly kind: 'preset' } | { readonly kind: 'continuous'; readonly zoom: number };

export function timeframeFromSpec(spec: TimeframeSpec): Timeframe {
  let timeframe = buildTimeframe(spec);
  if (spec.extraColumnsBefore)
    timeframe = extendTimeframe(timeframe, 'before', spec.extraColumnsBefore).timeframe;
  if (spec.extraColumnsAfter)
    timeframe = extendTimeframe(timeframe, 'after', spec.extraColumnsAfter).timeframe;
  return timeframe;
}

export function scaleFromSpec(timeframe: Timeframe, spec: ScaleSpec): TimeScale {
  return spec.kind === 'preset'
    ? new PresetTimeScale(timeframe)
    : new ContinuousTimeScale(timeframe.startDay, timeframe.endDay, spec.zoom);
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
