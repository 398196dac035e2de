/**
 * How value stream analytics words durations and metrics: a stage's median as GitLab's stage path
 * shows it ("2d", "5h", "-"), an item's total time as its table does ("2 days", "3 hours"), the
 * overview's metrics with their units, and the charts' axis and table values. Seconds in.
 */
import type { DurationUnit } from '../../../core/layout/valueStreamCharts.ts';
import type { CalendarDate, SummaryMetric, TotalTime } from '../../data/index.ts';

const MINUTE = 60;
const HOUR = 3_600;
const DAY = 86_400;
const WEEK = 7 * DAY;

/** A median in its largest whole unit: '3w', '2d', '5h', '12m', '< 1m'; '-' without items. */
export function formatMedian(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return '-';
  if (seconds < MINUTE) return '< 1m';
  if (seconds < HOUR) return `${Math.floor(seconds / MINUTE)}m`;
  if (seconds < DAY) return `${Math.floor(seconds / HOUR)}h`;
  if (seconds < WEEK) return `${Math.floor(seconds / DAY)}d`;
  return `${Math.floor(seconds / WEEK)}w`;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** An item's time in the stage by its largest part: '2 days', '3 hours', '5 mins'; '--' for none. */
export function formatTotalTime(time: TotalTime): string {
  if (time.days) return plural(time.days, 'day', 'days');
  if (time.hours) return plural(time.hours, 'hour', 'hours');
  if (time.mins) return plural(time.mins, 'min', 'mins');
  return '--';
}

/** A metric with its unit: '2.5 days', '0.1/day', '12'; '-' when it has no value. */
export function formatMetric(metric: Pick<SummaryMetric, 'value' | 'unit'>): string {
  if (metric.value === '-' || metric.value === '') return '-';
  if (!metric.unit) return metric.value;
  return metric.unit.startsWith('/') ? `${metric.value}${metric.unit}` : `${metric.value} ${metric.unit}`;
}

const UNIT_SUFFIX: Readonly<Record<DurationUnit, string>> = { days: 'd', hours: 'h', minutes: 'm' };

/** An axis tick in its unit: '2d', '1.5h', '30m'. */
export function formatTick(value: number, unit: DurationUnit): string {
  const rounded = Math.round(value * 10) / 10;
  return `${rounded}${UNIT_SUFFIX[unit]}`;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** A duration for a table cell and a summary: '1.5 days', '3 hours', '12 minutes', '< 1 minute'. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '-';
  if (seconds >= DAY) return plural(round1(seconds / DAY), 'day', 'days');
  if (seconds >= HOUR) return plural(round1(seconds / HOUR), 'hour', 'hours');
  if (seconds >= MINUTE) return plural(Math.round(seconds / MINUTE), 'minute', 'minutes');
  return '< 1 minute';
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** A day as an axis names it: 'Nov 3'. */
export function formatShortDate(date: CalendarDate): string {
  const month = Number(date.slice(5, 7));
  const day = Number(date.slice(8, 10));
  return `${MONTHS[month - 1] ?? ''} ${day}`;
}
