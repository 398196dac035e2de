import { describe, expect, it } from 'vitest';
import { Random, streamFor, WeightedTable } from './random.ts';

describe('Random', () => {
  it('repeats the same sequence for the same seed', () => {
    const draw = (seed: number) => {
      const random = new Random(seed);
      return Array.from({ length: 5 }, () => random.next());
    };
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
  });

  it('keeps int, pick and sample within bounds', () => {
    const random = new Random(1);
    for (let index = 0; index < 1000; index++) {
      const value = random.int(-3, 3);
      expect(value).toBeGreaterThanOrEqual(-3);
      expect(value).toBeLessThanOrEqual(3);
    }
    expect(new Set(Array.from({ length: 200 }, () => random.pick(['a', 'b', 'c'])))).toEqual(
      new Set(['a', 'b', 'c']),
    );
    const sample = random.sample([1, 2, 3, 4, 5], 3);
    expect(new Set(sample).size).toBe(3);
    expect(random.shuffle([1, 2, 3, 4, 5]).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(() => random.pick([])).toThrow();
  });

  it('picks by weight, never a zero weight', () => {
    const random = new Random(9);
    const table = new WeightedTable([
      ['often', 9],
      ['never', 0],
      ['rarely', 1],
    ] as const);
    const counts = { often: 0, never: 0, rarely: 0 };
    for (let index = 0; index < 10_000; index++) counts[table.pick(random)]++;
    expect(counts.never).toBe(0);
    expect(counts.often / 10_000).toBeCloseTo(0.9, 1);
  });

  it('derives independent, stable streams per label', () => {
    expect(streamFor(1, 'epics').next()).toBe(streamFor(1, 'epics').next());
    expect(streamFor(1, 'epics').next()).not.toBe(streamFor(1, 'issues').next());
    expect(streamFor(1, 'epics').next()).not.toBe(streamFor(2, 'epics').next());
  });
});
