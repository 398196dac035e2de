/**
 * bench/tree's table (metric | ours median | ours p95 | dom median | dom p95), the checks that both
 * targets listed the same rows and that no drag changed anything, and the definitions; then the
 * difference from bench/baselines/tree-browser.md (bench/baseline.ts).
 */
import { compareWithBaseline } from '../baseline.ts';
import { distribution } from '../stats.ts';
import { DRAG, SCROLL_MS, STEADY_SCROLL } from './gestures.ts';
import type { ScrollResult, TargetResult } from './measure.ts';

export interface ReportMeta {
  readonly runs: number;
  readonly chromium: string;
  readonly viewport: { readonly width: number; readonly height: number };
  /** Children of the big epic in the data, and the childItems pages it took. */
  readonly rows: number;
  readonly pages: number;
  readonly root: string;
}

const ms = (value: number) => (value < 10 ? value.toFixed(1) : value.toFixed(0));

type Cells = readonly [string, string];

/** Median and p95 of samples; '–' when there are none. */
function spread(samples: readonly number[] | undefined, format = ms): Cells {
  const d = distribution(samples ?? []);
  return d ? [format(d.p50), format(d.p95)] : ['–', '–'];
}

/** A single value, in the median column. */
const single = (value: number | undefined, format: (v: number) => string): Cells =>
  value === undefined ? ['–', '–'] : [format(value), ''];

const heaps = (r: TargetResult): Cells =>
  r.heapMB === undefined || r.blinkHeapMB === undefined
    ? ['–', '–']
    : [`${r.heapMB.toFixed(1)} / ${r.blinkHeapMB.toFixed(1)}`, ''];

/** The rows of one kind of scroll pass. */
function scrollMetrics(
  name: string,
  of: (r: TargetResult) => ScrollResult | undefined,
): [string, (r: TargetResult) => Cells][] {
  return [
    [`scroll⁴, ${name}: frame interval, ms`, (r) => spread(of(r)?.frameMs)],
    [`scroll⁴, ${name}: long tasks per pass`, (r) => spread(of(r)?.longTasks, String)],
    [
      `scroll⁴, ${name}: frames without top row, %`,
      (r) => spread(of(r)?.topRowMissingPct, (v) => v.toFixed(0)),
    ],
  ];
}

export function printReport(results: readonly TargetResult[], meta: ReportMeta): string[] {
  const { runs } = meta;
  const metrics: readonly [string, (r: TargetResult) => Cells][] = [
    [`first rows¹, ms (${runs} loads)`, (r) => spread(r.firstRowsMs)],
    ['  of which: first row element in the document, ms', (r) => spread(r.rowsInDocumentMs)],
    [
      "'Show more' → next 100 rows painted², ms",
      (r) => (r.showMoreMs ? spread(r.showMoreMs) : r.error ? ['–', '–'] : ['all rows', 'at once']),
    ],
    [`expand a child epic³, ms (${runs} epics)`, (r) => spread(r.expandMs)],
    ...scrollMetrics('whole list in 3 s', (r) => r.scrollWhole),
    ...scrollMetrics(`${STEADY_SCROLL.px / (SCROLL_MS / 1000)} px/s`, (r) => r.scrollSteady),
    [`drag⁵: frame interval, ms (${runs} drags)`, (r) => spread(r.dragFrameMs)],
    ['drag⁵: long tasks per drag', (r) => spread(r.dragLongTasks, String)],
    ['DOM nodes, every row loaded', (r) => single(r.domNodes, String)],
    ['heap after GC⁶: V8 / Blink, MB', (r) => heaps(r)],
  ];
  const targets = ['ours', 'dom'].filter((name) => results.some((r) => r.target === name));
  const header = ['metric', ...targets.flatMap((name) => [`${name} median`, `${name} p95`])];
  const table = metrics.map(([name, cells]) => [
    name,
    ...targets.flatMap((name) => {
      const result = results.find((r) => r.target === name);
      if (!result || result.error) return ['error', ''];
      return [...cells(result)];
    }),
  ]);
  const widths = header.map((title, c) => Math.max(title.length, ...table.map((row) => row[c]!.length)));
  const line = (cells: readonly string[]) =>
    cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join(' | ');
  console.log(`\nEpic tree at scale: ${meta.root}, ${meta.rows} children\n`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const row of table) console.log(line(row));

  const checks = results.flatMap((r) => {
    if (r.error) return [`${r.target}: not measured: ${r.error}`];
    const c = r.checks;
    if (!c) return [];
    const drags = c.drags;
    const titles =
      c.titleMismatches.length === 0
        ? `the titles at rows ${c.titlesChecked.join(', ')} are the data's`
        : `WARNING titles differ from the data's: ${c.titleMismatches.join('; ')}`;
    const escapeNote = drags.every((d) => d.escapeEnded)
      ? 'Escape ended every drag'
      : `Escape did NOT end ${drags.filter((d) => !d.escapeEnded).length} of ${drags.length} drags (the drop on the origin did)`;
    const kept =
      drags.every((d) => d.dragged && d.orderKept) && c.reorderRequests === 0 && c.urlKept
        ? `every drag was under way at its far end and changed nothing (order kept, ${c.reorderRequests} epicTreeReorder requests)`
        : `WARNING drags: ${drags.filter((d) => !d.dragged).length} never started, ${drags.filter((d) => !d.orderKept).length} changed the order, ${c.reorderRequests} epicTreeReorder requests, page ${c.urlKept ? 'kept' : 'left'}`;
    const count =
      c.rowCount === meta.rows ? `${c.rowCount} rows` : `WARNING ${c.rowCount} rows (data: ${meta.rows})`;
    return [`${r.target}: ${count} of ${c.rowHeight} px; ${titles}; ${kept}; ${escapeNote}.`];
  });
  console.log(`\n${checks.join('\n')}`);

  const rates = results.flatMap((r) => (r.scrollWhole ? [r.scrollWhole.pxPerSecond] : []));
  const wholeRate = rates.length > 0 ? Math.round(rates[0]!).toLocaleString('en-US') : '?';
  const notes = [
    `Chromium ${meta.chromium} (software rendering: the app draws with Canvas 2D), ${meta.viewport.width}×${meta.viewport.height}.` +
      ` Medians and p95 are nearest-rank over all samples of the row (loads, clicks, epics, or frame intervals of all passes).` +
      ` Both targets list the same ${meta.rows} children in the same order: dom gets them as page data, read with the app's` +
      ` own childItems query and paging (${meta.pages} pages of 100), ours loads them itself.`,
    '¹ First rows: navigation start (performance.now() = 0) → just after the first frame (rAF, then a task) in which a' +
      ' [data-testid="tree-row"] is in the document and, for ours, the tree canvas has been drawn on since it was' +
      ' inserted. One unmeasured warm-up load first (server and HTTP cache warm). ours: the first page of 100 + 100.',
    "² ours only: each 'Show more' click → the next page's rows counted in aria-rowcount, the card idle, and a frame" +
      ' painted (the list scrolled to its end first); dom has every row from the start.',
    '³ A real click on the chevron of a child epic (from row 100 on, one epic per run, every row loaded) → just after the' +
      ' first frame with one of its child rows (aria-level 2) in the document. ours fetches its children (childItems);' +
      ' dom inserts rows it already has. Collapsed again after each.',
    `⁴ scrollTop set from a requestAnimationFrame loop at a steady rate for ${SCROLL_MS / 1000} s per pass: "whole list"` +
      ` from the top to the bottom of the list and back, alternating (every row passes, ${wholeRate} px/s); "steady"` +
      ` ${STEADY_SCROLL.px} px (${STEADY_SCROLL.px / (SCROLL_MS / 1000)} px/s, a brisk wheel) from row ${STEADY_SCROLL.fromRow}` +
      ' on, 150 rows further each pass. Frame intervals from a main-thread rAF recorder; long tasks > 50 ms' +
      ' (PerformanceObserver); "without top row": frames that began without the row at the top of the view in the' +
      " document (ours: the worker's layout of the new window not back yet; dom: never).",
    `⁵ Mouse down on row 1, then ${DRAG.rows} rows down and back in ${DRAG.step} px steps, one every ${DRAG.spacingMs} ms` +
      ' (the pointer until it nears the list bottom, then the list scrolls under it), Escape and release at the origin:' +
      ' a drop on its own place moves nothing.',
    '⁶ CDP Runtime.getHeapUsage after HeapProfiler.collectGarbage: V8 = usedSize, Blink = embedderHeapUsedSize (DOM);' +
      " the page's main thread only (ours keeps the tree model in its layout worker, not counted).",
  ];
  console.log(`\n${notes.join('\n')}`);
  compareWithBaseline('tree-browser', { header, rows: table }, notes);
  return [...notes, ...checks];
}
