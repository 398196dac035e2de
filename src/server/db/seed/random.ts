/**
 * A small seeded pseudo-random generator (mulberry32) and the helpers the demo data needs. The demo
 * organisation must come out identical for the same seed, so nothing in the seed uses Math.random.
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: ArrayLike<T>): T {
    if (items.length === 0) throw new Error('Cannot pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Picks by relative weight; for lists picked from many times, build a `WeightedTable` once instead. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    return new WeightedTable(entries).pick(this);
  }

  /** Shuffles in place (Fisher–Yates) and returns the same array. */
  shuffle<T>(items: T[]): T[] {
    for (let index = items.length - 1; index > 0; index--) {
      const other = Math.floor(this.next() * (index + 1));
      const kept = items[index] as T;
      items[index] = items[other] as T;
      items[other] = kept;
    }
    return items;
  }

  /** Up to `count` distinct items of `items`, in random order (for small counts from short lists). */
  sample<T>(items: readonly T[], count: number): T[] {
    if (count >= items.length) return this.shuffle([...items]);
    const chosen = new Set<number>();
    while (chosen.size < count) chosen.add(Math.floor(this.next() * items.length));
    return [...chosen].map((index) => items[index] as T);
  }

  /** Log-uniform integer in [min, max]: short spans are as common as long ones, per doubling. */
  logUniformInt(min: number, max: number): number {
    const value = Math.exp(Math.log(min) + this.next() * (Math.log(max) - Math.log(min)));
    return Math.min(max, Math.max(min, Math.round(value)));
  }
}

/** Cumulative weights, searched by bisection: cheap to pick from millions of times. */
export class WeightedTable<T> {
  private readonly items: T[];
  private readonly cumulative: Float64Array;
  private readonly total: number;

  constructor(entries: readonly (readonly [T, number])[]) {
    const kept = entries.filter(([, weight]) => weight > 0);
    if (kept.length === 0) throw new Error('A weighted table needs at least one positive weight');
    this.items = kept.map(([item]) => item);
    this.cumulative = new Float64Array(kept.length);
    let sum = 0;
    kept.forEach(([, weight], index) => {
      sum += weight;
      this.cumulative[index] = sum;
    });
    this.total = sum;
  }

  pick(random: Random): T {
    const target = random.next() * this.total;
    let low = 0;
    let high = this.cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((this.cumulative[middle] as number) > target) high = middle;
      else low = middle + 1;
    }
    return this.items[low] as T;
  }
}

/**
 * An independent stream per part of the organisation, so that changing how many issues are made
 * leaves the epics (and everything else) exactly as they were for the same seed.
 */
export function streamFor(seed: number, label: string): Random {
  let hash = 0x811c9dc5 ^ (seed >>> 0);
  for (let index = 0; index < label.length; index++) {
    hash = Math.imul(hash ^ label.charCodeAt(index), 0x01000193);
  }
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return new Random((hash ^ (hash >>> 16)) >>> 0);
}
