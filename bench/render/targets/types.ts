/**
 * What a render benchmark target does: load the roadmap of a seeded size into a fresh page (the harness has
 * already added pages/probe.js as an init script) and say how wheel events reach it. The harness
 * (bench/render/run.ts) then measures every target the same way.
 */
import type { Page } from 'playwright-core';
import type { BenchData } from '../data.ts';

export type TargetName = 'dom' | 'dhtmlx' | 'ours';

export interface BenchEnv {
  /** Base URL of bench/render/staticServer.ts. */
  readonly staticUrl: string;
  /** Progress messages (stderr), not part of the results. */
  log(message: string): void;
}

/** One size's database and rows, shared by the targets (bench/render/roadmapRows.ts). */
export interface SeededRoadmap {
  /** N: the epics seeded (`--roadmap-flat`, so all N are on the roadmap). */
  readonly size: number;
  /** The seeded PGlite folder: `ours` serves it (the harness removes it after the size). */
  readonly dataDir: string;
  /** The roadmap's rows as the server's GraphQL API returned them: what dom and dhtmlx draw. */
  readonly data: BenchData;
}

export interface LoadedTarget {
  /** Selector of the element wheel events are sent to (the pointer goes to its centre). */
  readonly viewport: string;
  /** performance.now() of the first frame with bars: ms since navigation start. */
  readonly firstBarsMs: number;
  /** ms since navigation start until every epic was loaded and drawn. */
  readonly allLoadedMs: number;
  /** The same two on a first visit just after the server started, when the target has a server. */
  readonly startedFirstBarsMs?: number;
  readonly startedAllLoadedMs?: number;
  /** The same two on a repeat visit (the page's code cached), when the target measures one. */
  readonly repeatFirstBarsMs?: number;
  readonly repeatAllLoadedMs?: number;
  /** Epics on the roadmap once everything is loaded. */
  readonly epics: number;
  /** The total the target announces, when it has its own (ours: __roadmapStats.epicsTotal). */
  readonly epicsTotal?: number;
  /** How a ctrl+wheel zoom is carried out on this target (for the table's footnote). */
  readonly zoomNote: string;
  /** Called around the zoom phase (the baselines attach their ctrl+wheel handler only for it). */
  setZoomEnabled?(on: boolean): Promise<void>;
  /**
   * The target's own main-thread render work: frames drawn so far and the work of the latest ones, ms
   * (ours: __roadmapStats.framesDrawn and .frameWorkMs, which keeps only the last 2,000 frames).
   */
  frameWork?(): Promise<FrameWork>;
}

export interface FrameWork {
  readonly framesDrawn: number;
  /** Work of the last frameWorkMs.length frames, oldest first. */
  readonly frameWorkMs: readonly number[];
}

export interface Unavailable {
  readonly unavailable: string;
}

export interface RenderTarget {
  readonly name: TargetName;
  /** Once, before any size. */
  prepare?(env: BenchEnv): Promise<void>;
  /** Loads the size's roadmap into the page; Unavailable when the target cannot be measured (the run goes on). */
  load(page: Page, roadmap: SeededRoadmap, env: BenchEnv): Promise<LoadedTarget | Unavailable>;
  /** After each size (also after a failure): stops what load started. */
  release?(): Promise<void>;
}

/** `page.evaluate` of an expression string: tsx compiles helpers (`__name`) into functions, which the page lacks. */
export async function evaluate<T>(page: Page, expression: string): Promise<T> {
  return (await page.evaluate(expression)) as T;
}

/**
 * Polls an expression until it is truthy and returns its value. Not page.waitForFunction: that
 * evaluates its string inside the page, which the app's Content-Security-Policy forbids.
 */
export async function waitFor<T>(page: Page, expression: string, timeoutMs: number, pollMs = 50): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await evaluate<T>(page, expression);
    if (value) return value;
    if (performance.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${expression}`);
    await new Promise((done) => setTimeout(done, pollMs));
  }
}
