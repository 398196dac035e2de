/** How the benchmarks summarise samples: nearest-rank quantiles, and timed repeats of a synchronous step. */

export interface Distribution {
  readonly p50: number;
  readonly p95: number;
  readonly max: number;
  readonly samples: number;
}

/** Nearest-rank quantiles of the samples; null when there are none. */
export function distribution(values: readonly number[]): Distribution | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1]!, samples: sorted.length };
}

/** Median and p95 of a step's duration, ms, over `samples` runs. */
export interface Stats {
  readonly median: number;
  readonly p95: number;
  readonly samples: number;
}

/**
 * Runs `fn` three times to warm up, then repeatedly for about `seconds`: at least 5 and at most
 * `maxSamples` times. `setup` runs before each call, outside the timing.
 */
export function measure(
  fn: (i: number) => void,
  options: {
    readonly seconds: number;
    readonly maxSamples: number;
    readonly setup?: ((i: number) => void) | undefined;
  },
): Stats {
  const { seconds, maxSamples, setup } = options;
  for (let i = 0; i < 3; i += 1) {
    setup?.(i);
    fn(i);
  }
  const samples: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  for (
    let i = 0;
    samples.length < 5 || (performance.now() < deadline && samples.length < maxSamples);
    i += 1
  ) {
    setup?.(i);
    const start = performance.now();
    fn(i);
    samples.push(performance.now() - start);
  }
  const { p50, p95 } = distribution(samples)!;
  return { median: p50, p95, samples: samples.length };
}
