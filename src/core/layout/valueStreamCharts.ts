/**
 * Geometry of the value stream analytics charts, in SVG user units: the tasks by type stacked bars
 * (a bar a day, or a week over long ranges), the stage time bars (one row per stage, its median),
 * and a stage's average duration line over the date range. Numbers only: the components turn them
 * into SVG attributes, and their tables show the same values.
 */
import type { CalendarDate, DateRange } from '../time/calendarDate.ts';
import {
  bands,
  calendarDays,
  calendarTicks,
  type FirstDayOfWeek,
  valueAxis,
  weekStartOf,
} from '../time/chartScales.ts';
import { calendarDateToDay } from '../time/epochDay.ts';
import type { ChartBox } from './burndownChart.ts';

export type { ChartBox };

/** The plot area inside a box's margins. */
export interface PlotArea {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export function plotArea(box: ChartBox): PlotArea {
  return {
    x: box.left,
    y: box.top,
    width: Math.max(1, box.width - box.left - box.right),
    height: Math.max(1, box.height - box.top - box.bottom),
  };
}

// ---- Durations --------------------------------------------------------------------------------

/** The unit a duration axis counts in: the largest one the longest value reaches. */
export type DurationUnit = 'days' | 'hours' | 'minutes';

/** Seconds in one of each unit. */
export const UNIT_SECONDS: Readonly<Record<DurationUnit, number>> = {
  days: 86_400,
  hours: 3_600,
  minutes: 60,
};

export function durationUnitFor(maxSeconds: number): DurationUnit {
  if (maxSeconds >= UNIT_SECONDS.days) return 'days';
  if (maxSeconds >= UNIT_SECONDS.hours) return 'hours';
  return 'minutes';
}

// ---- Tasks by type ------------------------------------------------------------------------------

/** A range longer than this many days is shown a week a bar. */
export const WEEKLY_AFTER_DAYS = 60;

export type TimeBucketing = 'day' | 'week';

/** One series of counts by day (a label's items created each day). */
export interface DailySeries {
  readonly points: readonly { readonly date: CalendarDate; readonly value: number }[];
}

/** A bar's days (both ends inside the range) and each series' count in them, in series order. */
export interface TimeBucket {
  readonly start: CalendarDate;
  readonly end: CalendarDate;
  readonly values: readonly number[];
  readonly total: number;
}

/**
 * The series summed into bars: a bar a day, or, over ranges longer than WEEKLY_AFTER_DAYS, a bar a
 * week (weeks start on `firstDayOfWeek`; the first and last are cut at the range's ends). Points
 * outside the range are left out; days without a point count 0.
 */
export function bucketSeries(
  series: readonly DailySeries[],
  range: DateRange,
  firstDayOfWeek: FirstDayOfWeek,
): { readonly bucketing: TimeBucketing; readonly buckets: readonly TimeBucket[] } {
  const days = calendarDays(range.start, range.end);
  const bucketing: TimeBucketing = days.length > WEEKLY_AFTER_DAYS ? 'week' : 'day';
  const bucketOfDay = new Map<CalendarDate, number>();
  const spans: { start: CalendarDate; end: CalendarDate }[] = [];
  let previousKey: CalendarDate | null = null;
  for (const day of days) {
    const key = bucketing === 'week' ? weekStartOf(day, firstDayOfWeek) : day;
    if (key !== previousKey) spans.push({ start: day, end: day });
    previousKey = key;
    const span = spans.at(-1)!;
    span.end = day;
    bucketOfDay.set(day, spans.length - 1);
  }
  const values = spans.map(() => series.map(() => 0));
  series.forEach((one, seriesIndex) => {
    for (const point of one.points) {
      const bucket = bucketOfDay.get(point.date);
      if (bucket === undefined) continue;
      values[bucket]![seriesIndex]! += point.value;
    }
  });
  return {
    bucketing,
    buckets: spans.map((span, index) => {
      const counts = values[index]!;
      return { ...span, values: counts, total: counts.reduce((sum, value) => sum + value, 0) };
    }),
  };
}

export interface StackedSegment {
  /** The series' index. */
  readonly series: number;
  readonly y: number;
  readonly height: number;
  readonly value: number;
}

export interface StackedBar {
  readonly index: number;
  readonly x: number;
  readonly width: number;
  readonly total: number;
  /** Bottom first; series with 0 have none. */
  readonly segments: readonly StackedSegment[];
}

export interface StackedBarsLayout {
  readonly plot: PlotArea;
  readonly bars: readonly StackedBar[];
  /** Horizontal grid lines with their counts, 0 (the bottom) first. */
  readonly yTicks: readonly { readonly y: number; readonly value: number }[];
  /** The bars whose dates are written under the axis (every k-th, so that labels do not overlap). */
  readonly xLabels: readonly { readonly index: number; readonly x: number }[];
}

/**
 * Stacked bars for the buckets: counts from 0 up to a round maximum, a bar per bucket with each
 * series' part stacked in series order. `labelWidth` is the room one date label needs (px).
 */
export function stackedBarsLayout(
  buckets: readonly Pick<TimeBucket, 'values' | 'total'>[],
  box: ChartBox,
  labelWidth: number,
): StackedBarsLayout {
  const plot = plotArea(box);
  const bottom = plot.y + plot.height;
  const axis = valueAxis(Math.max(0, ...buckets.map((bucket) => bucket.total)), [bottom, plot.y], 4, {
    integers: true,
  });
  const spacing = bands(buckets.length, [plot.x, plot.x + plot.width], 0.2);
  const bars = buckets.map((bucket, index): StackedBar => {
    let below = 0;
    const segments: StackedSegment[] = [];
    bucket.values.forEach((value, series) => {
      if (value <= 0) return;
      const y = axis.position(below + value);
      segments.push({ series, y, height: axis.position(below) - y, value });
      below += value;
    });
    return { index, x: spacing.start(index), width: spacing.bandwidth, total: bucket.total, segments };
  });
  const every = Math.max(1, Math.ceil(labelWidth / Math.max(spacing.step, 1e-9)));
  const xLabels = bars
    .filter((bar) => bar.index % every === 0)
    .map((bar) => ({ index: bar.index, x: bar.x + bar.width / 2 }));
  return { plot, bars, yTicks: axis.ticks.map((value) => ({ y: axis.position(value), value })), xLabels };
}

// ---- Stage time -----------------------------------------------------------------------------------

export interface StageRowsBox {
  readonly width: number;
  /** Room left of the bars for the stage names, right for the last tick's label. */
  readonly left: number;
  readonly right: number;
  /** Room above the rows, and below them for the axis' labels. */
  readonly top: number;
  readonly bottom: number;
  readonly rowHeight: number;
}

export interface StageRow {
  readonly index: number;
  /** The row's middle. */
  readonly centerY: number;
  readonly barY: number;
  readonly barHeight: number;
  /** The bar's length; 0 for a stage without a value. */
  readonly length: number;
  readonly seconds: number | null;
}

export interface StageTimeLayout {
  readonly plot: PlotArea;
  /** The whole drawing's height: a row per stage. */
  readonly height: number;
  readonly unit: DurationUnit;
  readonly rows: readonly StageRow[];
  /** Vertical grid lines with their values in `unit`, 0 first. */
  readonly xTicks: readonly { readonly x: number; readonly value: number }[];
}

/** Horizontal bars, a row per stage, as long as its median (seconds; null: no items). */
export function stageTimeLayout(seconds: readonly (number | null)[], box: StageRowsBox): StageTimeLayout {
  const height = box.top + box.bottom + box.rowHeight * Math.max(1, seconds.length);
  const plot = plotArea({ ...box, height });
  const max = Math.max(0, ...seconds.map((value) => value ?? 0));
  const unit = durationUnitFor(max);
  const axis = valueAxis(max / UNIT_SECONDS[unit], [plot.x, plot.x + plot.width], 4);
  const barHeight = Math.round(box.rowHeight * 0.6);
  const rows = seconds.map((value, index): StageRow => {
    const centerY = plot.y + box.rowHeight * (index + 0.5);
    const length = value === null ? 0 : axis.position(value / UNIT_SECONDS[unit]) - plot.x;
    return { index, centerY, barY: centerY - barHeight / 2, barHeight, length, seconds: value };
  });
  return {
    plot,
    height,
    unit,
    rows,
    xTicks: axis.ticks.map((value) => ({ x: axis.position(value), value })),
  };
}

// ---- Average duration ---------------------------------------------------------------------------

export interface DurationPoint {
  readonly x: number;
  readonly y: number;
  readonly date: CalendarDate;
  readonly seconds: number;
}

export interface DurationLineLayout {
  readonly plot: PlotArea;
  readonly unit: DurationUnit;
  readonly points: readonly DurationPoint[];
  /** Horizontal grid lines with their values in `unit`, 0 (the bottom) first. */
  readonly yTicks: readonly { readonly y: number; readonly value: number }[];
  /** Round dates under the axis. */
  readonly xTicks: readonly { readonly x: number; readonly date: CalendarDate }[];
}

/**
 * The average durations by day (seconds) over the whole range: x runs over every day of the range
 * (a point on its day), y from 0 to a round maximum in the largest unit the values reach.
 * `tickSpacing` is the room one date label needs (px).
 */
export function durationLineLayout(
  values: readonly { readonly date: CalendarDate; readonly seconds: number }[],
  range: DateRange,
  box: ChartBox,
  tickSpacing: number,
): DurationLineLayout {
  const plot = plotArea(box);
  const first = calendarDateToDay(range.start);
  const span = Math.max(1, calendarDateToDay(range.end) - first);
  const xOf = (date: CalendarDate) => plot.x + ((calendarDateToDay(date) - first) / span) * plot.width;
  const inRange = values.filter((value) => value.date >= range.start && value.date <= range.end);
  const max = Math.max(0, ...inRange.map((value) => value.seconds));
  const unit = durationUnitFor(max);
  const axis = valueAxis(max / UNIT_SECONDS[unit], [plot.y + plot.height, plot.y], 4);
  const tickCount = Math.max(2, Math.floor(plot.width / tickSpacing));
  return {
    plot,
    unit,
    points: inRange.map((value) => ({
      x: xOf(value.date),
      y: axis.position(value.seconds / UNIT_SECONDS[unit]),
      date: value.date,
      seconds: value.seconds,
    })),
    yTicks: axis.ticks.map((value) => ({ y: axis.position(value), value })),
    xTicks: calendarTicks(range.start, range.end, tickCount).map((date) => ({ x: xOf(date), date })),
  };
}
