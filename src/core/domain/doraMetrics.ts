/**
 * GitLab's DORA metrics (EE Dora::AggregateMetricsService, Dora::DailyMetrics and the metric classes)
 * and the deprecated project deployment frequency (EE API::Analytics::ProjectDeploymentFrequency):
 * their parameters' rules and refusals, and the arithmetic over daily figures. Days are UTC calendar
 * days (GitLab's Time.zone); what happened on a day comes from the database, one figure per day.
 */
import type { CalendarDate } from '../time/calendarDate.ts';
import { dayToCalendarDate, type EpochDay } from '../time/epochDay.ts';
import { addMonths, monthStartOf, utcMidnightOf, wholeDaysBetween } from '../time/utcDays.ts';
import { ENVIRONMENT_TIERS } from './environments.ts';

export const DORA_METRICS = [
  'deployment_frequency',
  'lead_time_for_changes',
  'time_to_restore_service',
  'change_failure_rate',
] as const;
export type DoraMetric = (typeof DORA_METRICS)[number];

/** Both APIs' buckets: one for the whole range, one per calendar month, or one per day. */
export const DORA_INTERVALS = ['all', 'monthly', 'daily'] as const;
export type DoraInterval = (typeof DORA_INTERVALS)[number];

/** The longest range of the DORA API, in days (Value Stream Analytics' MAX_RANGE_DAYS, 180.days). */
export const DORA_MAX_RANGE_DAYS = 180;
/** The DORA API's default start: this many months before today (`3.months.ago.to_date`). */
export const DORA_DEFAULT_MONTHS = 3;
/** The tier the DORA API reads when none is given. */
export const DORA_DEFAULT_TIERS = ['production'] as const;

/** The DORA API's refusals (400, but for the permission one, which GitLab answers 401). */
export const DORA_MESSAGES = {
  forbidden: 'You do not have permission to access dora metrics.',
  tooLong: `Date range must be shorter than ${DORA_MAX_RANGE_DAYS} days.`,
  reversed: 'The start date must be earlier than the end date.',
  interval: `The interval must be one of ${DORA_INTERVALS.join(',')}.`,
  metric: `The metric must be one of ${DORA_METRICS.join(',')}.`,
  tiers: `The environment tiers must be from ${ENVIRONMENT_TIERS.join(', ')}.`,
} as const;

/** What a DORA API request asks for, as given (the metric, interval and tiers are checked here). */
export interface DoraRequest {
  readonly metric: string;
  readonly interval: string;
  readonly start: EpochDay;
  readonly end: EpochDay;
  readonly tiers: readonly string[];
}

/** The request's default start day: three calendar months before today. */
export const doraDefaultStart = (today: EpochDay): EpochDay => addMonths(today, -DORA_DEFAULT_MONTHS);

/** Why the DORA API refuses the request (in GitLab's order of checks), or null when it is fine. */
export function doraRequestRefusal(request: DoraRequest): string | null {
  if (request.end - request.start > DORA_MAX_RANGE_DAYS) return DORA_MESSAGES.tooLong;
  if (!(request.start < request.end)) return DORA_MESSAGES.reversed;
  if (!(DORA_INTERVALS as readonly string[]).includes(request.interval)) return DORA_MESSAGES.interval;
  if (!(DORA_METRICS as readonly string[]).includes(request.metric)) return DORA_MESSAGES.metric;
  if (!request.tiers.every((tier) => (ENVIRONMENT_TIERS as readonly string[]).includes(tier)))
    return DORA_MESSAGES.tiers;
  return null;
}

/** One bucket of days, both ends included; `date` is its label (null for `all`). */
export interface DoraBucket {
  readonly date: CalendarDate | null;
  readonly first: EpochDay;
  readonly last: EpochDay;
}

/**
 * The buckets of a range of days (start ≤ end, both included): each day (`daily`), each month the
 * range touches, labelled by the month's first day as `DATE_TRUNC('month', date)` is, but holding
 * only the range's days (`monthly`), or the whole range (`all`). At most 181 of them.
 */
export function doraBuckets(start: EpochDay, end: EpochDay, interval: DoraInterval): DoraBucket[] {
  if (interval === 'all') return [{ date: null, first: start, last: end }];
  const buckets: DoraBucket[] = [];
  if (interval === 'daily') {
    for (let day = start; day <= end; day = (day + 1) as EpochDay) {
      buckets.push({ date: dayToCalendarDate(day), first: day, last: day });
    }
    return buckets;
  }
  for (let month = monthStartOf(start); month <= end; month = addMonths(month, 1)) {
    const next = addMonths(month, 1);
    const first = month < start ? start : month;
    const last = next - 1 <= end ? ((next - 1) as EpochDay) : end;
    buckets.push({ date: dayToCalendarDate(month), first, last });
  }
  return buckets;
}

/** One point of the DORA API's answer. */
export interface DoraPoint {
  readonly date: CalendarDate | null;
  readonly value: number | null;
}

/**
 * The median of the values (PostgreSQL's `PERCENTILE_CONT(0.5)`: the mean of the two middle values
 * of an even count), or null for none.
 */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  if (Number.isInteger(middle)) return ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  return sorted[Math.floor(middle)] ?? null;
}

const inBucket = (bucket: DoraBucket, day: EpochDay) => day >= bucket.first && day <= bucket.last;

function sumIn(bucket: DoraBucket, perDay: ReadonlyMap<EpochDay, number>): number {
  let sum = 0;
  for (const [day, value] of perDay) if (inBucket(bucket, day)) sum += value;
  return sum;
}

/** Deployment frequency: the successful deployments of each bucket's days, added up. */
export const sumPerBucket = (
  buckets: readonly DoraBucket[],
  perDay: ReadonlyMap<EpochDay, number>,
): DoraPoint[] => buckets.map((bucket) => ({ date: bucket.date, value: sumIn(bucket, perDay) }));

/** A day's median of one source (an environment's lead time, a project's time to restore). */
export interface DailyMedian {
  readonly day: EpochDay;
  readonly seconds: number;
}

/**
 * Lead time for changes and time to restore service: the median of the daily medians that fall in
 * each bucket (GitLab's `PERCENTILE_CONT(0.5)` over dora_daily_metrics rows), null where there are none.
 */
export const medianPerBucket = (buckets: readonly DoraBucket[], daily: readonly DailyMedian[]): DoraPoint[] =>
  buckets.map((bucket) => ({
    date: bucket.date,
    value: median(daily.filter((entry) => inBucket(bucket, entry.day)).map((entry) => entry.seconds)),
  }));

/**
 * Change failure rate: the incidents opened in each bucket over its production deployments, at least
 * one (`SUM(incidents_count)::float / GREATEST(SUM(deployment_frequency), 1)`).
 */
export const ratioPerBucket = (
  buckets: readonly DoraBucket[],
  incidents: ReadonlyMap<EpochDay, number>,
  deployments: ReadonlyMap<EpochDay, number>,
): DoraPoint[] =>
  buckets.map((bucket) => ({
    date: bucket.date,
    value: sumIn(bucket, incidents) / Math.max(sumIn(bucket, deployments), 1),
  }));

/** The same buckets with no value at all (a metric the tiers asked for cannot have). */
export const emptyPerBucket = (buckets: readonly DoraBucket[]): DoraPoint[] =>
  buckets.map((bucket) => ({ date: bucket.date, value: null }));

// The deprecated project deployment frequency API.

/** Its longest range in whole days (`QUARTER_DAYS = 3.months / 1.day`). */
export const QUARTER_DAYS = 91;

export const DEPLOYMENT_FREQUENCY_MESSAGES = {
  reversed: 'Parameter `to` is before the `from` date',
  tooLong: `Date range is greater than ${QUARTER_DAYS} days`,
} as const;

/** Why it refuses a range (`from` included, `to` excluded), or null. */
export function deploymentFrequencyRefusal(from: Date, to: Date): string | null {
  if (from > to) return DEPLOYMENT_FREQUENCY_MESSAGES.reversed;
  if (wholeDaysBetween(from, to) > QUARTER_DAYS) return DEPLOYMENT_FREQUENCY_MESSAGES.tooLong;
  return null;
}

/** One entry of its answer: how many deployments succeeded from `from` until `to`. */
export interface FrequencyEntry {
  readonly value: number;
  readonly from: string;
  readonly to: string;
}

/** The day's successful deployments, for the days that have some. */
export interface DayCount {
  readonly day: EpochDay;
  readonly count: number;
}

/**
 * A DateTime as GitLab's JSON writes it (`xmlschema(3)`), in UTC: `2017-01-01T00:00:00.000+00:00`.
 * A TimeWithZone (a month's start) writes `Z` instead.
 */
const dateTimeJson = (instant: Date): string => instant.toISOString().replace('Z', '+00:00');

/**
 * Its entries, as GitLab groups the deployments it found: `all` is one entry over the whole range
 * (whatever the count); `daily` one per day that has deployments, `2017-01-01` to `2017-01-02`;
 * `monthly` one per month that has some, from the month's first midnight to the next month's.
 * Days come in any order; entries go from the earliest.
 */
export function deploymentFrequencyEntries(
  days: readonly DayCount[],
  interval: DoraInterval,
  from: Date,
  to: Date,
): FrequencyEntry[] {
  const sorted = [...days].filter((entry) => entry.count > 0).sort((a, b) => a.day - b.day);
  if (interval === 'all') {
    const value = sorted.reduce((sum, entry) => sum + entry.count, 0);
    return [{ value, from: dateTimeJson(from), to: dateTimeJson(to) }];
  }
  if (interval === 'daily') {
    return sorted.map(({ day, count }) => ({
      value: count,
      from: dayToCalendarDate(day),
      to: dayToCalendarDate((day + 1) as EpochDay),
    }));
  }
  const months = new Map<EpochDay, number>();
  for (const { day, count } of sorted) {
    const month = monthStartOf(day);
    months.set(month, (months.get(month) ?? 0) + count);
  }
  return [...months].map(([month, value]) => ({
    value,
    from: utcMidnightOf(month).toISOString(),
    to: utcMidnightOf(addMonths(month, 1)).toISOString(),
  }));
}
