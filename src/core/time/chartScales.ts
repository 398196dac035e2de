/**
 * The scales of the analytics charts, over d3-scale and d3-time: a linear value axis from zero with
 * round ticks, evenly spaced bands for bars, the days of a calendar range and the week a day falls
 * in, and round date ticks for a time axis. Days are UTC midnights inside (UTC has no DST), and
 * `CalendarDate`s outside; positions are SVG user units.
 */
import { scaleBand, scaleLinear, scaleUtc } from 'd3-scale';
import { utcDay, utcMonday, utcSaturday, utcSunday } from 'd3-time';
import type { CalendarDate } from './calendarDate.ts';
import { calendarDateToDay, dayToCalendarDate } from './epochDay.ts';
import { utcDayOf, utcMidnightOf } from './utcDays.ts';

/** A value axis from 0: where a value sits, and its round ticks (0 first). */
export interface ValueAxis {
  /** The top of the domain: the largest value rounded up to a tick. */
  readonly max: number;
  readonly ticks: readonly number[];
  readonly position: (value: number) => number;
}

/**
 * A linear axis from 0 to `max` (rounded up to a round number) over `range` (`[at 0, at max]`: a
 * vertical axis runs from the bottom up), with about `tickCount` round ticks. `integers` keeps only
 * whole ticks (counts); an empty or negative `max` still gives an axis up to one step.
 */
export function valueAxis(
  max: number,
  range: readonly [number, number],
  tickCount: number,
  options: { readonly integers?: boolean } = {},
): ValueAxis {
  const top = Number.isFinite(max) && max > 0 ? max : 1;
  const scale = scaleLinear().domain([0, top]).range([range[0], range[1]]).nice(tickCount);
  const ticks = scale.ticks(tickCount).filter((tick) => !options.integers || Number.isInteger(tick));
  const [, domainMax = top] = scale.domain();
  return { max: domainMax, ticks, position: (value) => scale(value) };
}

/** Evenly spaced bands for `count` bars: where bar `index` starts, and how wide each is. */
export interface Bands {
  readonly bandwidth: number;
  /** The distance from one band's start to the next one's. */
  readonly step: number;
  readonly start: (index: number) => number;
}

/** `count` bands over `range`, `padding` (0–1) of each step left empty between bars. */
export function bands(count: number, range: readonly [number, number], padding: number): Bands {
  const keys = Array.from({ length: count }, (_, index) => String(index));
  const scale = scaleBand<string>()
    .domain(keys)
    .range([range[0], range[1]])
    .paddingInner(padding)
    .paddingOuter(padding / 2);
  return {
    bandwidth: scale.bandwidth(),
    step: scale.step(),
    start: (index) => scale(String(index)) ?? range[0],
  };
}

const toUtc = (date: CalendarDate): Date => utcMidnightOf(calendarDateToDay(date));
const fromUtc = (date: Date): CalendarDate => dayToCalendarDate(utcDayOf(date));

/** Every day from `start` to `end`, both included; none when `end` is before `start`. */
export function calendarDays(start: CalendarDate, end: CalendarDate): CalendarDate[] {
  return utcDay.range(toUtc(start), utcDay.offset(toUtc(end), 1)).map(fromUtc);
}

/** 0 Sunday, 1 Monday, 6 Saturday: the day a week starts on (the user's preference). */
export type FirstDayOfWeek = 0 | 1 | 6;

const WEEKS = { 0: utcSunday, 1: utcMonday, 6: utcSaturday } as const;

/** The first day of the week `date` falls in. */
export function weekStartOf(date: CalendarDate, firstDayOfWeek: FirstDayOfWeek): CalendarDate {
  return fromUtc(WEEKS[firstDayOfWeek].floor(toUtc(date)));
}

/**
 * About `count` dates to tick a time axis from `start` to `end` with: d3's round dates (days, weeks,
 * months) when they give at least two, else (a month boundary the only round date in a short, narrow
 * axis) `count` days spread evenly from `start`. One tick a day at most.
 */
export function calendarTicks(start: CalendarDate, end: CalendarDate, count: number): CalendarDate[] {
  const scale = scaleUtc().domain([toUtc(start), toUtc(end)]);
  // Within a few days d3 ticks hours; a calendar axis keeps one tick a day.
  const round = [...new Set(scale.ticks(count).map(fromUtc))];
  if (round.length >= Math.min(2, count)) return round;
  const days = calendarDays(start, end);
  const step = Math.max(1, Math.ceil(days.length / Math.max(1, count)));
  return days.filter((_, index) => index % step === 0);
}
