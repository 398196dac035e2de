/**
 * One target of bench/tree, measured in a fresh browser context: page loads for the first rows,
 * then, on the last page, every row loaded (ours: 'Show more' until none is left), the checks that
 * it lists the data's rows, memory, expansions, scroll passes and drags.
 */
import type { Browser, Page } from 'playwright-core';
import { frameIntervals } from '../render/shared.ts';
import { evaluate, waitFor } from '../render/targets/types.ts';
import {
  dragOnce,
  expandOnce,
  listGeometry,
  SCROLL_MS,
  STEADY_SCROLL,
  scrollPass,
  scrollToRow,
  titleAtRow,
} from './gestures.ts';
import type { TreeBenchData } from './treeData.ts';

export interface TreeTarget {
  readonly name: 'ours' | 'dom';
  readonly url: string;
  /** Once, in a page of the target's context, before any load (ours: sign in). */
  prepare?(page: Page): Promise<void>;
  /** Loads the rows the first page did not bring; resolves with each step's time, ms. */
  loadAll?(page: Page): Promise<number[]>;
}

export interface MeasureOptions {
  readonly runs: number;
  readonly viewport: { readonly width: number; readonly height: number };
  /** Paths of the init scripts, in order. */
  readonly initScripts: readonly string[];
  log(message: string): void;
}

export interface TreeChecks {
  /** aria-rowcount once every row is loaded. */
  readonly rowCount: number;
  readonly rowHeight: number;
  /** Rows whose title was compared with the data's, and those that differed (`row: seen ≠ data`). */
  readonly titlesChecked: readonly number[];
  readonly titleMismatches: readonly string[];
  readonly drags: readonly { dragged: boolean; escapeEnded: boolean; orderKept: boolean }[];
  /** epicTreeReorder requests the context sent (any would be a drag that moved something). */
  readonly reorderRequests: number;
  /** The page was still the tree's page after the drags (no click went through to a link). */
  readonly urlKept: boolean;
}

export interface ScrollResult {
  /** px per second of the passes. */
  readonly pxPerSecond: number;
  /** Frame intervals, all passes together. */
  readonly frameMs: readonly number[];
  /** Per pass. */
  readonly longTasks: readonly number[];
  /** Per pass: % of its frames that began without the row at the top of the view in the document. */
  readonly topRowMissingPct: readonly number[];
}

export interface TargetResult {
  readonly target: string;
  /** Set when the target could not be measured. */
  readonly error?: string;
  readonly firstRowsMs?: readonly number[];
  /** Navigation start → the first tree row element in the document (before its frame and canvas). */
  readonly rowsInDocumentMs?: readonly number[];
  /** ours: each 'Show more' click → the next page's rows painted. */
  readonly showMoreMs?: readonly number[];
  readonly expandMs?: readonly number[];
  /** Scroll passes over the whole list, each in SCROLL_MS. */
  readonly scrollWhole?: ScrollResult;
  /** Scroll passes of STEADY_SCROLL.px at STEADY_SCROLL.pxPerSecond. */
  readonly scrollSteady?: ScrollResult;
  readonly dragFrameMs?: readonly number[];
  readonly dragLongTasks?: readonly number[];
  readonly domNodes?: number;
  /** V8 heap of the page's main thread after a GC. */
  readonly heapMB?: number;
  /** Blink's garbage-collected heap (DOM) after the same GC. */
  readonly blinkHeapMB?: number;
  readonly checks?: TreeChecks;
}

interface Loaded {
  readonly page: Page;
  readonly firstRowsMs: number;
  readonly rowsInDocumentMs: number;
}

async function load(page: Page, url: string): Promise<Loaded> {
  const response = await page.goto(url);
  if (!response?.ok()) throw new Error(`GET ${url}: HTTP ${response?.status()}`);
  const times = await waitFor<{ firstRowsAt: number; rowsInDocumentAt: number }>(
    page,
    `((bench) => bench.firstRowsAt >= 0 && { firstRowsAt: bench.firstRowsAt, rowsInDocumentAt: bench.rowsInDocumentAt })(
      window.__treeBench)`,
    120_000,
    20,
  );
  return { page, firstRowsMs: times.firstRowsAt, rowsInDocumentMs: times.rowsInDocumentAt };
}

/**
 * `runs` passes, pass i from scrollTop range(i)[0] to range(i)[1] in SCROLL_MS, each from a settled
 * list (the rows at its start in the document).
 */
async function scrollPasses(
  page: Page,
  runs: number,
  rowHeight: number,
  range: (i: number) => readonly [number, number],
): Promise<ScrollResult> {
  const frameMs: number[] = [];
  const longTasks: number[] = [];
  const topRowMissingPct: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const [from, to] = range(i);
    await scrollToRow(page, from, Math.floor(from / rowHeight));
    const pass = await scrollPass(page, from, to);
    frameMs.push(...frameIntervals(pass.frames));
    longTasks.push(pass.longTasks.length);
    topRowMissingPct.push((100 * pass.topRowMissing) / Math.max(1, pass.steps));
  }
  const [from, to] = range(0);
  return { pxPerSecond: Math.abs(to - from) / (SCROLL_MS / 1000), frameMs, longTasks, topRowMissingPct };
}

export async function measureTarget(
  browser: Browser,
  target: TreeTarget,
  data: TreeBenchData,
  options: MeasureOptions,
): Promise<TargetResult> {
  const { runs, log } = options;
  const context = await browser.newContext({ viewport: options.viewport });
  try {
    for (const path of options.initScripts) await context.addInitScript({ path });
    let reorderRequests = 0;
    context.on('request', (request) => {
      if (request.method() === 'POST' && (request.postData() ?? '').includes('epicTreeReorder'))
        reorderRequests += 1;
    });
    context.on('page', (page) =>
      page.on('pageerror', (error) => log(`${target.name}: page error ${error.message}`)),
    );
    if (target.prepare) {
      const page = await context.newPage();
      await target.prepare(page);
      await page.close();
    }

    log(`${target.name}: ${runs} page loads (after one to warm up)`);
    await (await load(await context.newPage(), target.url)).page.close();
    const loads: Loaded[] = [];
    for (let i = 0; i < runs; i += 1) {
      if (i > 0) await loads[i - 1]!.page.close();
      loads.push(await load(await context.newPage(), target.url));
    }
    const page = loads[loads.length - 1]!.page;
    let showMoreMs: number[] | undefined;
    if (target.loadAll) {
      log(`${target.name}: loading every child ('Show more')`);
      showMoreMs = await target.loadAll(page);
    }
    const geometry = await listGeometry(page);
    const checkRows = [
      ...new Set([0, 1, Math.floor(data.rows.length / 2), data.rows.length - 1, ...data.expandRows]),
    ];
    const titleMismatches: string[] = [];
    for (const row of checkRows) {
      const seen = await titleAtRow(page, row, geometry.rowHeight);
      const expected = data.rows[row]?.title ?? null;
      if (seen !== expected) titleMismatches.push(`${row}: '${seen}' ≠ '${expected}'`);
    }

    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize, embedderHeapUsedSize } = await cdp.send('Runtime.getHeapUsage');
    const { nodes } = await cdp.send('Memory.getDOMCounters');

    log(`${target.name}: ${data.expandRows.length} expansions`);
    const expandMs: number[] = [];
    for (const row of data.expandRows) expandMs.push(await expandOnce(page, row, geometry.rowHeight));

    log(`${target.name}: ${runs} scroll passes over ${geometry.rowCount} rows, ${runs} at a steady pace`);
    const scrollWhole = await scrollPasses(page, runs, geometry.rowHeight, (i) =>
      i % 2 === 0 ? [0, geometry.maxScrollTop] : [geometry.maxScrollTop, 0],
    );
    const steadyFrom = (i: number) => (STEADY_SCROLL.fromRow + i * 150) * geometry.rowHeight;
    const scrollSteady = await scrollPasses(page, runs, geometry.rowHeight, (i) => [
      steadyFrom(i),
      steadyFrom(i) + STEADY_SCROLL.px,
    ]);

    log(`${target.name}: ${runs} drags`);
    const url = page.url();
    const dragFrameMs: number[] = [];
    const dragLongTasks: number[] = [];
    const drags: TreeChecks['drags'][number][] = [];
    for (let i = 0; i < runs; i += 1) {
      const drag = await dragOnce(page);
      dragFrameMs.push(...frameIntervals(drag.frames));
      dragLongTasks.push(drag.longTasks.length);
      drags.push({ dragged: drag.dragged, escapeEnded: drag.escapeEnded, orderKept: drag.orderKept });
    }
    const urlKept = page.url() === url;
    await evaluate(page, 'window.__probe.afterPaint()');

    return {
      target: target.name,
      firstRowsMs: loads.map((loaded) => loaded.firstRowsMs),
      rowsInDocumentMs: loads.map((loaded) => loaded.rowsInDocumentMs),
      ...(showMoreMs ? { showMoreMs } : {}),
      expandMs,
      scrollWhole,
      scrollSteady,
      dragFrameMs,
      dragLongTasks,
      domNodes: nodes,
      heapMB: usedSize / 2 ** 20,
      blinkHeapMB: embedderHeapUsedSize / 2 ** 20,
      checks: {
        rowCount: geometry.rowCount,
        rowHeight: geometry.rowHeight,
        titlesChecked: checkRows,
        titleMismatches,
        drags,
        reorderRequests,
        urlKept,
      },
    };
  } finally {
    await context.close();
  }
}
