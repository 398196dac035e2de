/**
 * What the browser benchmarks share (bench/render, bench/tree): the Chromium they drive, the page
 * probe they inject, and frame intervals (bench/stats.ts summarises samples).
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

/** Intervals between consecutive frame timestamps, ms. */
export function frameIntervals(frames: readonly number[]): number[] {
  return frames.slice(1).map((time, i) => time - frames[i]!);
}
