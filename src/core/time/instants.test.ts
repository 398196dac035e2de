import { describe, expect, it } from 'vitest';
import { instantAfter, instantBefore } from './instants.ts';

describe('instant shifts', () => {
  const now = new Date('2026-06-15T12:00:00.000Z');

  it('goes back and forth by calendar days, weeks and years', () => {
    expect(instantBefore(now, { days: 30 }).toISOString()).toBe('2026-05-16T12:00:00.000Z');
    expect(instantBefore(now, { weeks: 1 }).toISOString()).toBe('2026-06-08T12:00:00.000Z');
    expect(instantBefore(now, { years: 10 }).toISOString()).toBe('2016-06-15T12:00:00.000Z');
    expect(instantAfter(now, { weeks: 1 }).toISOString()).toBe('2026-06-22T12:00:00.000Z');
  });

  it('leaves its argument alone', () => {
    instantAfter(now, { days: 3 });
    expect(now.toISOString()).toBe('2026-06-15T12:00:00.000Z');
  });

  it('lands on the last day of a shorter month or year', () => {
    expect(instantBefore(new Date('2028-02-29T00:00:00.000Z'), { years: 1 }).toISOString()).toBe(
      '2027-02-28T00:00:00.000Z',
    );
  });
});
