import { describe, expect, it } from 'vitest';
import { asEpochDay, type EpochDay, parseDay } from '../time/epochDay.ts';
import {
  DEPLOYMENT_FREQUENCY_MESSAGES,
  DORA_MESSAGES,
  type DoraRequest,
  deploymentFrequencyEntries,
  deploymentFrequencyRefusal,
  doraBuckets,
  doraDefaultStart,
  doraRequestRefusal,
  emptyPerBucket,
  median,
  medianPerBucket,
  ratioPerBucket,
  sumPerBucket,
} from './doraMetrics.ts';

const day = (text: string): EpochDay => asEpochDay(parseDay(text));
const perDay = (entries: Record<string, number>) =>
  new Map(Object.entries(entries).map(([text, value]) => [day(text), value]));

describe('the DORA API’s refusals', () => {
  const fine: DoraRequest = {
    metric: 'deployment_frequency',
    interval: 'daily',
    start: day('2026-01-01'),
    end: day('2026-03-01'),
    tiers: ['production'],
  };

  it('accepts a range of up to 180 days, in GitLab’s order of checks', () => {
    expect(doraRequestRefusal(fine)).toBeNull();
    expect(doraRequestRefusal({ ...fine, end: day('2026-06-30') })).toBeNull();
    expect(doraRequestRefusal({ ...fine, end: day('2026-07-01') })).toBe(DORA_MESSAGES.tooLong);
    // The range is checked first: a bad metric over a long range names the range.
    expect(doraRequestRefusal({ ...fine, end: day('2026-07-01'), metric: 'x' })).toBe(DORA_MESSAGES.tooLong);
  });

  it('refuses an end that is not after the start, then a bad interval, metric or tier', () => {
    expect(doraRequestRefusal({ ...fine, end: fine.start })).toBe(DORA_MESSAGES.reversed);
    expect(doraRequestRefusal({ ...fine, end: day('2025-12-01') })).toBe(DORA_MESSAGES.reversed);
    expect(doraRequestRefusal({ ...fine, interval: 'weekly', metric: 'x' })).toBe(DORA_MESSAGES.interval);
    expect(doraRequestRefusal({ ...fine, metric: 'x', tiers: ['moon'] })).toBe(DORA_MESSAGES.metric);
    expect(doraRequestRefusal({ ...fine, tiers: ['staging', 'moon'] })).toBe(DORA_MESSAGES.tiers);
  });

  it('words the refusals as GitLab does', () => {
    expect(DORA_MESSAGES.interval).toBe('The interval must be one of all,monthly,daily.');
    expect(DORA_MESSAGES.metric).toBe(
      'The metric must be one of deployment_frequency,lead_time_for_changes,time_to_restore_service,change_failure_rate.',
    );
    expect(DORA_MESSAGES.tiers).toBe(
      'The environment tiers must be from production, staging, testing, development, other.',
    );
    expect(DORA_MESSAGES.tooLong).toBe('Date range must be shorter than 180 days.');
  });

  it('starts three calendar months before today by default', () => {
    expect(doraDefaultStart(day('2026-05-31'))).toBe(day('2026-02-28'));
    expect(doraDefaultStart(day('2026-01-15'))).toBe(day('2025-10-15'));
  });
});

describe('DORA buckets', () => {
  it('gives one bucket per day, both ends included', () => {
    const buckets = doraBuckets(day('2026-02-27'), day('2026-03-01'), 'daily');
    expect(buckets.map((bucket) => bucket.date)).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
  });

  it('labels a month by its first day but holds only the range’s days of it', () => {
    const buckets = doraBuckets(day('2026-01-15'), day('2026-03-02'), 'monthly');
    expect(buckets).toEqual([
      { date: '2026-01-01', first: day('2026-01-15'), last: day('2026-01-31') },
      { date: '2026-02-01', first: day('2026-02-01'), last: day('2026-02-28') },
      { date: '2026-03-01', first: day('2026-03-01'), last: day('2026-03-02') },
    ]);
  });

  it('crosses a year end and a leap February', () => {
    const buckets = doraBuckets(day('2023-12-31'), day('2024-02-29'), 'monthly');
    expect(buckets.map((bucket) => [bucket.date, bucket.last])).toEqual([
      ['2023-12-01', day('2023-12-31')],
      ['2024-01-01', day('2024-01-31')],
      ['2024-02-01', day('2024-02-29')],
    ]);
  });

  it('gives `all` one bucket with no date', () => {
    expect(doraBuckets(day('2026-01-01'), day('2026-02-01'), 'all')).toEqual([
      { date: null, first: day('2026-01-01'), last: day('2026-02-01') },
    ]);
  });
});

describe('DORA values', () => {
  it('takes the median as PERCENTILE_CONT(0.5) does', () => {
    expect(median([])).toBeNull();
    expect(median([5])).toBe(5);
    expect(median([9, 1, 4])).toBe(4);
    expect(median([10, 1, 4, 3])).toBe(3.5);
  });

  it('adds up deployments per bucket, zero where there were none', () => {
    const deployments = perDay({ '2026-01-30': 2, '2026-02-01': 3, '2026-02-10': 1 });
    const buckets = doraBuckets(day('2026-01-30'), day('2026-02-02'), 'daily');
    expect(sumPerBucket(buckets, deployments).map((point) => point.value)).toEqual([2, 0, 3, 0]);
    const months = doraBuckets(day('2026-01-01'), day('2026-02-28'), 'monthly');
    expect(sumPerBucket(months, deployments)).toEqual([
      { date: '2026-01-01', value: 2 },
      { date: '2026-02-01', value: 4 },
    ]);
  });

  it('takes the median of the daily medians in a bucket, null where there are none', () => {
    const daily = [
      { day: day('2026-01-02'), seconds: 100 },
      { day: day('2026-01-02'), seconds: 300 },
      { day: day('2026-01-20'), seconds: 1000 },
      { day: day('2026-02-05'), seconds: 50 },
    ];
    const all = doraBuckets(day('2026-01-01'), day('2026-02-28'), 'all');
    expect(medianPerBucket(all, daily)).toEqual([{ date: null, value: 200 }]);
    const months = doraBuckets(day('2026-01-01'), day('2026-03-31'), 'monthly');
    expect(medianPerBucket(months, daily).map((point) => point.value)).toEqual([300, 50, null]);
    const days = doraBuckets(day('2026-01-02'), day('2026-01-03'), 'daily');
    expect(medianPerBucket(days, daily).map((point) => point.value)).toEqual([200, null]);
  });

  it('divides incidents by production deployments, at least one', () => {
    const incidents = perDay({ '2026-01-01': 1, '2026-01-02': 3 });
    const deployments = perDay({ '2026-01-01': 4 });
    const days = doraBuckets(day('2026-01-01'), day('2026-01-03'), 'daily');
    expect(ratioPerBucket(days, incidents, deployments).map((point) => point.value)).toEqual([0.25, 3, 0]);
    const all = doraBuckets(day('2026-01-01'), day('2026-01-03'), 'all');
    expect(ratioPerBucket(all, incidents, deployments)[0]?.value).toBe(1);
    expect(emptyPerBucket(all)).toEqual([{ date: null, value: null }]);
  });
});

describe('the deprecated deployment frequency', () => {
  const at = (text: string) => new Date(text);

  it('refuses a reversed range, then one longer than 91 whole days', () => {
    expect(deploymentFrequencyRefusal(at('2026-02-01T00:00Z'), at('2026-01-01T00:00Z'))).toBe(
      DEPLOYMENT_FREQUENCY_MESSAGES.reversed,
    );
    expect(deploymentFrequencyRefusal(at('2026-01-01T00:00Z'), at('2026-01-01T00:00Z'))).toBeNull();
    expect(deploymentFrequencyRefusal(at('2026-01-01T00:00Z'), at('2026-04-02T23:59Z'))).toBeNull();
    expect(deploymentFrequencyRefusal(at('2026-01-01T00:00Z'), at('2026-04-03T00:00Z'))).toBe(
      'Date range is greater than 91 days',
    );
  });

  const days = [
    { day: day('2026-02-03'), count: 2 },
    { day: day('2026-01-31'), count: 1 },
    { day: day('2026-02-28'), count: 4 },
  ];
  const from = at('2026-01-15T00:00:00Z');
  const to = at('2026-03-01T12:00:00Z');

  it('gives `all` one entry over the range as given, even with nothing in it', () => {
    expect(deploymentFrequencyEntries(days, 'all', from, to)).toEqual([
      { value: 7, from: '2026-01-15T00:00:00.000+00:00', to: '2026-03-01T12:00:00.000+00:00' },
    ]);
    expect(deploymentFrequencyEntries([], 'all', from, to)[0]?.value).toBe(0);
  });

  it('gives one entry per day that has deployments, earliest first', () => {
    expect(deploymentFrequencyEntries(days, 'daily', from, to)).toEqual([
      { value: 1, from: '2026-01-31', to: '2026-02-01' },
      { value: 2, from: '2026-02-03', to: '2026-02-04' },
      { value: 4, from: '2026-02-28', to: '2026-03-01' },
    ]);
  });

  it('gives one entry per month that has deployments, from its first midnight to the next month’s', () => {
    expect(deploymentFrequencyEntries(days, 'monthly', from, to)).toEqual([
      { value: 1, from: '2026-01-01T00:00:00.000Z', to: '2026-02-01T00:00:00.000Z' },
      { value: 6, from: '2026-02-01T00:00:00.000Z', to: '2026-03-01T00:00:00.000Z' },
    ]);
    expect(deploymentFrequencyEntries([], 'monthly', from, to)).toEqual([]);
  });
});
