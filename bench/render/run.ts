/**
 * The roadmap render benchmark (a browser benchmark, not part of npm test):
 *
 *   node --import tsx bench/render/run.ts [--sizes 1000,5000,10000] [--targets dom,dhtmlx,ours]
 *     [--write-baseline]
 *
 * Per size N it seeds a database with N epics shaped for the roadmap (`--roadmap-flat`: all top-level,
 * all in the THREE_YEARS timeframe around the fixed today 2026-06-15) and reads the group roadmap's rows
 * from the app's GraphQL API (roadmapRows.ts). Then it drives /usr/bin/chromium (playwright-core,
 * 1000×640 viewport) over those same rows in three targets, in one run so they compare:
 *   dom     a plain DOM roadmap like GitLab's, every row in the document (pages/dom.js)
 *   dhtmlx  dhtmlx-gantt configured as a read-only roadmap with smart rendering (pages/dhtmlx.js)
 *   ours    the app's canvas roadmap, served from the seeded database (targets/ours.ts); "not
 *           available" until the page honours its contract
 * and warns when they do not draw the same number of rows.
 * For each it measures the first frame with bars and everything loaded (ms since navigation start), the
 * frame intervals (a requestAnimationFrame recorder in the page) and long tasks while scrolling with
 * real wheel events, while zooming with ctrl+wheel and while scrolling at 4× CPU throttling, the JS heap
 * after load, and for ours its own render work per frame. Prints one table and writes
 * bench/results/render.json, plus a screenshot per target at the largest size
 * (bench/results/render-<target>.png); compares with bench/baselines/render.md (bench/baseline.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { BASELINE_OPTIONS, compareWithBaseline } from '../baseline.ts';
import { type Distribution, distribution } from '../stats.ts';
import { removeDatabase } from './appServer.ts';
import { type BenchData, TODAY } from './data.ts';
import { seedRoadmap } from './roadmapRows.ts';
import { frameIntervals, launchChromium, PROBE_SCRIPT } from './shared.ts';
import { startStaticServer } from './staticServer.ts';
import { dhtmlxTarget } from './targets/dhtmlx.ts';
import { domTarget } from './targets/dom.ts';
import { oursTarget } from './targets/ours.ts';
import {
  type BenchEnv,
  evaluate,
  type LoadedTarget,
  type RenderTarget,
  type SeededRoadmap,
  type TargetName,
} from './targets/types.ts';

const ALL_TARGETS: Record<TargetName, RenderTarget> = {
  dom: domTarget,
  dhtmlx: dhtmlxTarget,
  ours: oursTarget,
};
const { values } = parseArgs({
  options: {
    ...BASELINE_OPTIONS,
    sizes: { type: 'string', default: '1000,5000,10000' },
    targets: { type: 'string', default: 'dom,dhtmlx,ours' },
  },
});
const SIZES = values.sizes.split(',').map(Number);
if (SIZES.some((size) => !Number.isSafeInteger(size) || size < 1))
  throw new Error(`bad --sizes ${values.sizes}`);
const TARGETS = values.targets.split(',').map((name) => {
  const target = ALL_TARGETS[name as TargetName];
  if (!target) throw new Error(`unknown target '${name}' (dom, dhtmlx, ours)`);
  return target;
});
const LARGEST = Math.max(...SIZES);
const VIEWPORT = { width: 1000, height: 640 };
const RESULTS = resolve(import.meta.dirname, '../results');
/** The wheel gestures: steps × delta px, one every SPACING ms. */
const SCROLL = { steps: 60, deltaY: 100 };
const ZOOM = { stepsIn: 20, stepsOut: 20, deltaY: 100 };
const SPACING_MS = 16;
/** After a gesture's last event: its frame, then this long for animations (smooth scrolling) to end. */
const SETTLE_MS = 250;

interface PhaseResult {
  /** Intervals between requestAnimationFrame callbacks, ms. */
  readonly frameInterval: Distribution | null;
  readonly longTasks: { readonly count: number; readonly totalMs: number };
  /** ours only: __roadmapStats.frameWorkMs of the frames in the phase. */
  readonly frameWork: Distribution | null;
  /** How long sending the wheel events took (they wait for the page when it blocks them). */
  readonly inputMs: number;
}

interface TargetResult {
  readonly target: TargetName;
  readonly size: number;
  /** null: measured; otherwise why not ("not available (…)", "error: …"). */
  readonly skipped: string | null;
  readonly epics?: number;
  readonly epicsTotal?: number | undefined;
  readonly firstBarsMs?: number;
  readonly allLoadedMs?: number;
  readonly startedFirstBarsMs?: number | undefined;
  readonly startedAllLoadedMs?: number | undefined;
  readonly repeatFirstBarsMs?: number | undefined;
  readonly repeatAllLoadedMs?: number | undefined;
  /** V8 heap of the page's main thread, after a GC. */
  readonly heapUsedMB?: number;
  /** Blink's garbage-collected heap (DOM nodes, layout objects' wrappers), after the same GC. */
  readonly embedderHeapMB?: number;
  readonly domNodes?: number;
  readonly scroll?: PhaseResult;
  readonly zoom?: PhaseResult;
  readonly scrollCpu4x?: PhaseResult;
  readonly zoomNote?: string;
}

const started = performance.now();
const log = (message: string) =>
  console.error(`[${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${message}`);

/**
 * Sends wheel events on a fixed schedule, as a hand on a wheel does: one every SPACING_MS whether or
 * not the page has handled the previous one (Chromium coalesces the ones a busy page has not taken yet).
 */
async function wheel(page: Page, deltas: readonly number[]): Promise<void> {
  const start = performance.now();
  const sent: Promise<void>[] = [];
  for (const [i, deltaY] of deltas.entries()) {
    const wait = start + i * SPACING_MS - performance.now();
    if (wait > 0) await sleep(wait);
    sent.push(page.mouse.wheel(0, deltaY));
  }
  await Promise.all(sent);
}

/** Records frames and long tasks around a gesture. */
async function phase(page: Page, loaded: LoadedTarget, gesture: () => Promise<void>): Promise<PhaseResult> {
  const box = await page.locator(loaded.viewport).first().boundingBox();
  if (!box) throw new Error(`${loaded.viewport} has no box`);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const workBefore = loaded.frameWork ? (await loaded.frameWork()).framesDrawn : 0;
  await evaluate(page, 'window.__probe.startFrames()');
  const inputStart = performance.now();
  await gesture();
  const inputMs = performance.now() - inputStart;
  await evaluate(page, 'window.__probe.afterPaint()');
  await sleep(SETTLE_MS);
  const { frames, longTasks } = await evaluate<{ frames: number[]; longTasks: [number, number][] }>(
    page,
    'window.__probe.stopFrames()',
  );
  let work: number[] | null = null;
  if (loaded.frameWork) {
    const { framesDrawn, frameWorkMs } = await loaded.frameWork();
    const drawn = Math.min(framesDrawn - workBefore, frameWorkMs.length);
    work = drawn > 0 ? frameWorkMs.slice(-drawn) : [];
  }
  return {
    frameInterval: distribution(frameIntervals(frames)),
    longTasks: {
      count: longTasks.length,
      totalMs: longTasks.reduce((sum, [, duration]) => sum + duration, 0),
    },
    frameWork: work ? distribution(work) : null,
    inputMs,
  };
}

async function measure(
  browser: Browser,
  target: RenderTarget,
  roadmap: SeededRoadmap,
  env: BenchEnv,
): Promise<TargetResult> {
  const { size } = roadmap;
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    await page.addInitScript({ path: PROBE_SCRIPT });
    page.on('pageerror', (error) => log(`${target.name} ${size}: page error ${error.message}`));
    page.on('requestfailed', (request) => {
      const reason = request.failure()?.errorText;
      // Aborted: cancelled by a navigation, expected; anything else (no internet, 404s) is worth seeing.
      if (reason !== 'net::ERR_ABORTED')
        log(`${target.name} ${size}: request failed ${request.url()} (${reason})`);
    });
    log(`${target.name} ${size}: loading`);
    const loaded = await target.load(page, roadmap, env);
    if ('unavailable' in loaded) return { target: target.name, size, skipped: loaded.unavailable };

    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize, embedderHeapUsedSize } = await cdp.send('Runtime.getHeapUsage');
    const { nodes } = await cdp.send('Memory.getDOMCounters');
    if (size === LARGEST) {
      mkdirSync(RESULTS, { recursive: true });
      await page.screenshot({ path: resolve(RESULTS, `render-${target.name}.png`) });
    }

    log(`${target.name} ${size}: scrolling`);
    const down = Array.from({ length: SCROLL.steps }, () => SCROLL.deltaY);
    const scroll = await phase(page, loaded, () => wheel(page, down));

    log(`${target.name} ${size}: zooming`);
    await loaded.setZoomEnabled?.(true);
    const zoom = await phase(page, loaded, async () => {
      await page.keyboard.down('Control');
      try {
        await wheel(page, [
          ...Array.from({ length: ZOOM.stepsIn }, () => -ZOOM.deltaY),
          ...Array.from({ length: ZOOM.stepsOut }, () => ZOOM.deltaY),
        ]);
      } finally {
        await page.keyboard.up('Control');
      }
    });
    await loaded.setZoomEnabled?.(false);

    log(`${target.name} ${size}: scrolling at 4× CPU throttling`);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const scrollCpu4x = await phase(page, loaded, () => wheel(page, down)).finally(() =>
      cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 }),
    );
    return {
      target: target.name,
      size,
      skipped: null,
      epics: loaded.epics,
      epicsTotal: loaded.epicsTotal,
      firstBarsMs: loaded.firstBarsMs,
      allLoadedMs: loaded.allLoadedMs,
      startedFirstBarsMs: loaded.startedFirstBarsMs,
      startedAllLoadedMs: loaded.startedAllLoadedMs,
      repeatFirstBarsMs: loaded.repeatFirstBarsMs,
      repeatAllLoadedMs: loaded.repeatAllLoadedMs,
      heapUsedMB: usedSize / 2 ** 20,
      embedderHeapMB: embedderHeapUsedSize / 2 ** 20,
      domNodes: nodes,
      scroll,
      zoom,
      scrollCpu4x,
      zoomNote: loaded.zoomNote,
    };
  } finally {
    await context.close();
    await target.release?.();
  }
}

/** The roadmap rows of each size, as read from its seeded server (what dom and dhtmlx draw). */
const rowsBySize = new Map<number, BenchData>();
const staticServer = await startStaticServer((size) => rowsBySize.get(size));
const env: BenchEnv = { staticUrl: staticServer.url, log };
let browser: Browser | null = null;
let chromiumVersion = 'unknown';
let stopping = false;
let roadmap: SeededRoadmap | null = null;
const cleanUp = async () => {
  await browser?.close().catch(() => {});
  await Promise.all(TARGETS.map((target) => target.release?.().catch(() => {})));
  if (roadmap) removeDatabase(roadmap.dataDir);
  await staticServer.close();
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stopping = true;
    log(`${signal}: cleaning up`);
    void cleanUp().finally(() => process.exit(130));
  });
}

const results: TargetResult[] = [];
try {
  browser = await launchChromium();
  chromiumVersion = browser.version();
  for (const target of TARGETS) await target.prepare?.(env);
  /** A target found not available is not tried again at the next sizes. */
  const unavailable = new Map<TargetName, string>();
  const failed = (size: number, what: string, error: unknown): string => {
    log(`${what} ${size}: ${error instanceof Error ? (error.stack ?? error.message) : error}`);
    return `error: ${error instanceof Error ? error.message.split('\n')[0]! : String(error)}`;
  };
  for (const size of SIZES) {
    if (stopping) break;
    try {
      roadmap = await seedRoadmap(size, env);
    } catch (error) {
      const skipped = failed(size, 'seeding', error);
      for (const target of TARGETS) results.push({ target: target.name, size, skipped });
      continue;
    }
    rowsBySize.set(size, roadmap.data);
    for (const target of TARGETS) {
      if (stopping) break;
      const reason = unavailable.get(target.name);
      if (reason) {
        results.push({ target: target.name, size, skipped: reason });
        continue;
      }
      const result = await measure(browser, target, roadmap, env).catch(
        (error: unknown): TargetResult => ({
          target: target.name,
          size,
          skipped: failed(size, target.name, error),
        }),
      );
      if (result.skipped?.startsWith('not available')) {
        log(`${target.name}: ${result.skipped}`);
        unavailable.set(target.name, result.skipped);
      }
      results.push(result);
    }
    removeDatabase(roadmap.dataDir);
    roadmap = null;
  }
} finally {
  if (!stopping) await cleanUp();
}

// The table: one row per size and metric, one column per target.
const ms = (value: number) => (value < 10 ? value.toFixed(1) : value.toFixed(0));
const pair = (d: Distribution | null | undefined) => (d ? `${ms(d.p50)} / ${ms(d.p95)}` : '–');
const tasks = (p: PhaseResult | undefined) => (p ? `${p.longTasks.count} / ${ms(p.longTasks.totalMs)}` : '–');
const METRICS: readonly [string, (r: TargetResult) => string][] = [
  [
    'epics on the roadmap (loaded of total⁴)',
    (r) =>
      r.epics === undefined
        ? '–'
        : r.epicsTotal === undefined || r.epicsTotal === r.epics
          ? String(r.epics)
          : `${r.epics} of ${r.epicsTotal}`,
  ],
  ['first frame with bars, ms', (r) => (r.firstBarsMs === undefined ? '–' : ms(r.firstBarsMs))],
  ['all epics loaded + drawn, ms', (r) => (r.allLoadedMs === undefined ? '–' : ms(r.allLoadedMs))],
  [
    'server just started: first frame with bars, ms',
    (r) => (r.startedFirstBarsMs === undefined ? '–' : ms(r.startedFirstBarsMs)),
  ],
  [
    'server just started: all loaded + drawn, ms',
    (r) => (r.startedAllLoadedMs === undefined ? '–' : ms(r.startedAllLoadedMs)),
  ],
  [
    'repeat visit: first frame with bars, ms',
    (r) => (r.repeatFirstBarsMs === undefined ? '–' : ms(r.repeatFirstBarsMs)),
  ],
  [
    'repeat visit: all loaded + drawn, ms',
    (r) => (r.repeatAllLoadedMs === undefined ? '–' : ms(r.repeatAllLoadedMs)),
  ],
  ['scroll: frame interval p50 / p95, ms', (r) => pair(r.scroll?.frameInterval)],
  ['scroll: long tasks n / total ms', (r) => tasks(r.scroll)],
  ['zoom¹: frame interval p50 / p95, ms', (r) => pair(r.zoom?.frameInterval)],
  ['zoom¹: long tasks n / total ms', (r) => tasks(r.zoom)],
  ['scroll, CPU 4×: frame interval p50 / p95, ms', (r) => pair(r.scrollCpu4x?.frameInterval)],
  ['scroll, CPU 4×: long tasks n / total ms', (r) => tasks(r.scrollCpu4x)],
  [
    'heap after load + GC: V8 / Blink, MB²',
    (r) =>
      r.heapUsedMB === undefined || r.embedderHeapMB === undefined
        ? '–'
        : `${r.heapUsedMB.toFixed(1)} / ${r.embedderHeapMB.toFixed(1)}`,
  ],
  ['DOM nodes after load', (r) => (r.domNodes === undefined ? '–' : String(r.domNodes))],
  ['render work/frame p50 / p95, scroll, ms³', (r) => (r.target === 'ours' ? pair(r.scroll?.frameWork) : '')],
  ['render work/frame p50 / p95, zoom, ms³', (r) => (r.target === 'ours' ? pair(r.zoom?.frameWork) : '')],
];
const header = ['epics', 'metric', ...TARGETS.map((target) => target.name)];
const table: string[][] = [];
for (const size of SIZES) {
  for (const [name, cell] of METRICS) {
    table.push([
      String(size),
      name,
      ...TARGETS.map((target) => {
        const result = results.find((r) => r.target === target.name && r.size === size);
        if (!result) return '–';
        if (result.skipped) return result.skipped.startsWith('not available') ? 'not available' : 'error';
        return cell(result);
      }),
    ]);
  }
}
const widths = header.map((title, c) => Math.max(title.length, ...table.map((cells) => cells[c]!.length)));
const line = (cells: readonly string[]) =>
  cells.map((cell, c) => (c === 1 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join(' | ');
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
for (const cells of table) console.log(line(cells));

// Every target must draw the rows the server returned, and the server all N seeded epics.
const rowWarnings = SIZES.flatMap((size) => {
  const served = rowsBySize.get(size)?.epics.length;
  if (served === undefined) return [];
  const drawn = results.filter((r) => r.size === size && r.epics !== undefined);
  const warnings: string[] = [];
  if (served !== size) warnings.push(`warning: the roadmap of ${size} seeded epics has ${served} rows`);
  if (drawn.some((r) => r.epics !== served)) {
    const counts = drawn.map((r) => `${r.target} ${r.epics}`).join(', ');
    warnings.push(`warning: at ${size} the targets drew different rows: ${counts} (server: ${served})`);
  }
  return warnings;
});
const checkedSizes = SIZES.filter((size) => rowsBySize.has(size));
console.log(
  rowWarnings.length > 0
    ? `\n${rowWarnings.join('\n')}`
    : `\nRows: every target drew the server's roadmap rows (${checkedSizes.join(', ')} at the sizes measured).`,
);

const zoomNotes = [...new Set(results.flatMap((r) => (r.zoomNote ? [r.zoomNote] : [])))];
const footnotes = [
  `Chromium ${chromiumVersion} (software rendering), ${VIEWPORT.width}×${VIEWPORT.height}. Times from navigation start;` +
    ' "first frame with bars" is the first frame after the bars exist (rAF, then a task: after that frame).' +
    ' Ours signs in without opening a page, so its first numbers are a first visit (nothing cached): another' +
    ' user\'s, in a browser context of its own, on a running server; "server just started" is the first' +
    ' visit of all, just after the server started (its code and database cache cold); the repeat visit' +
    ' reloads the page with its code cached.',
  `Scroll: ${SCROLL.steps} wheel events of ${SCROLL.deltaY} px every ${SPACING_MS} ms over the timeline; zoom: ctrl +` +
    ` ${ZOOM.stepsIn} wheel events of -${ZOOM.deltaY} then ${ZOOM.stepsOut} of +${ZOOM.deltaY}. Frame intervals come` +
    ' from a main-thread requestAnimationFrame loop, so composited native scrolling can look better on screen.',
  '¹ Zoom is an approximation for the baselines (neither has a continuous ctrl+wheel zoom)' +
    (zoomNotes.length > 0 ? `: ${zoomNotes.join('; ')}.` : '.'),
  '² CDP Runtime.getHeapUsage after HeapProfiler.collectGarbage: V8 = usedSize, Blink = embedderHeapUsedSize' +
    " (DOM); the page's main thread only, workers not included.",
  '³ ours only: __roadmapStats.frameWorkMs of the frames drawn during the gesture.',
  '⁴ The same rows in every target: the group roadmap of a database seeded with N epics shaped for it' +
    ` (--roadmap-flat: all top-level, all in the timeframe around ${TODAY}), read from the server's GraphQL API;` +
    ' dom and dhtmlx get them as page data, ours loads them itself ("x of y": it loaded x of the y it announces).',
  ...results
    .filter((r) => r.skipped)
    .map((r) => `${r.target} at ${r.size}: ${r.skipped}`)
    .filter((note, i, all) => all.indexOf(note) === i),
];
console.log(`\n${footnotes.join('\n')}`);
compareWithBaseline('render', { header, rows: table, keyColumns: 2 }, footnotes);

mkdirSync(RESULTS, { recursive: true });
const file = resolve(RESULTS, 'render.json');
const output = {
  node: process.version,
  chromium: chromiumVersion,
  cpus: cpus().length,
  cpuModel: cpus()[0]?.model ?? 'unknown',
  viewport: VIEWPORT,
  gestures: { scroll: SCROLL, zoom: ZOOM, spacingMs: SPACING_MS, settleMs: SETTLE_MS },
  notes: footnotes,
  rowWarnings,
  results,
};
writeFileSync(file, `${JSON.stringify(output, null, 2)}\n`);
console.log(`\nwrote ${file} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
