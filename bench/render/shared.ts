/**
 * What the browser benchmarks share (bench/render, bench/tree): the Chromium they drive, the page
 * probe they inject, and how they summarise samples.
 */
import { resolve } from 'node:path';
import { type Browser, chromium } from 'playwright-core';

/**
 * Injected into every measured page before its own scripts: long tasks, a requestAnimationFrame
 * recorder (`window.__probe.startFrames()` / `stopFrames()`) and `afterPaint()`.
 */
export const PROBE_SCRIPT = resolve(import.meta.dirname, 'pages/probe.js');

/** Debian's Chromium, headless, software rendering, nothing in the background. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}

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

/** Intervals between consecutive frame timestamps, ms. */
export function frameIntervals(frames: readonly number[]): number[] {
  return frames.slice(1).map((time, i) => time - frames[i]!);
}
