/**
 * The roadmap export benchmark (issue 23; not part of npm test):
 *
 *   node --import tsx bench/roadmapExport/run.ts [--epics 10000] [--runs 7] [--width 1920]
 *     [--app [--client-dir dist/client]] [--write-baseline]
 *
 * 10k generated epics (every parent expanded), whole roadmap, three years by month. In Chromium
 * (/usr/bin/chromium), as the export worker runs it: PNG (lay out, paint on an OffscreenCanvas,
 * encode) and CSV (build, encode to a Blob); baseline in the same run: encoding a blank canvas of
 * the same size. In Node (CPU only): CSV against a generic quote-every-cell writer, the picture's
 * layout + paint against the roadmap's full layout alone (null context), and a PDF of 1,000 epics.
 * With --app, also end to end in the app (app.ts): seeds N epics, serves a built client, and times
 * the Export dialog from click to download (whole-roadmap PNG and CSV, fetching included).
 * Prints medians and p95, writes bench/results/roadmapExport.json, compares with
 * bench/baselines/roadmapExport.md (bench/baseline.ts). Goal: PNG and CSV of 10k epics under 3 s.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import {
  buildEpicsCsv,
  type Context2D,
  layoutForExport,
  paintImage,
  planImage,
} from '../../src/core/roadmapExport/index.ts';
import { exportPdf } from '../../src/core/roadmapExport/pdfExport.ts';
import { BASELINE_OPTIONS, compareWithBaseline } from '../baseline.ts';
import { launchChromium } from '../render/shared.ts';
import { distribution, measure, type Stats } from '../stats.ts';
import { measureInApp } from './app.ts';
import { exportEpics, wholeRequest } from './data.ts';

const { values } = parseArgs({
  options: {
    ...BASELINE_OPTIONS,
    epics: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '7' },
    width: { type: 'string', default: '1920' },
    app: { type: 'boolean', default: false },
    'client-dir': { type: 'string', default: 'dist/client' },
  },
});
const EPICS = Number(values.epics);
const RUNS = Number(values.runs);
const WIDTH = Number(values.width);

const fmt = (n: number | undefined) => (n === undefined ? '' : n.toFixed(1));
const rows: string[][] = [];
const results: Record<string, unknown> = { epics: EPICS, runs: RUNS, width: WIDTH };

// ---- Chromium: what the export worker does --------------------------------------------------
const bundle = await build({
  entryPoints: [resolve(import.meta.dirname, 'browserEntry.ts')],
  bundle: true,
  write: false,
  format: 'iife',
  target: 'es2022',
  minify: true,
});
const browser = await launchChromium();
try {
  const page = await browser.newPage();
  await page.setContent('<!doctype html><title>export bench</title>');
  await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
  type Timing = { ms: number; bytes: number; width: number; height: number };
  const timed = async (run: () => Promise<Timing>) => {
    await run(); // warm-up
    const samples: Timing[] = [];
    for (let i = 0; i < RUNS; i += 1) samples.push(await run());
    return { dist: distribution(samples.map((s) => s.ms))!, last: samples.at(-1)! };
  };
  const png = await timed(() =>
    page.evaluate(
      ([n, w]) =>
        (
          globalThis as never as { exportBench: { png: (n: number, w: number) => Promise<Timing> } }
        ).exportBench.png(n, w),
      [EPICS, WIDTH] as const,
    ),
  );
  const blank = await timed(() =>
    page.evaluate(
      ([w, h]) =>
        (
          globalThis as never as { exportBench: { blank: (w: number, h: number) => Promise<Timing> } }
        ).exportBench.blank(w, h),
      [png.last.width, png.last.height] as const,
    ),
  );
  const csv = await timed(() =>
    page.evaluate(
      (n) => (globalThis as never as { exportBench: { csv: (n: number) => Timing } }).exportBench.csv(n),
      EPICS,
    ),
  );
  const size = `${png.last.width}×${png.last.height}`;
  rows.push([
    `chromium: PNG whole roadmap ${size}`,
    fmt(png.dist.p50),
    fmt(png.dist.p95),
    fmt(blank.dist.p50),
    fmt(blank.dist.p95),
    `${(png.last.bytes / 1024).toFixed(0)} KiB`,
  ]);
  rows.push([
    'chromium: CSV',
    fmt(csv.dist.p50),
    fmt(csv.dist.p95),
    '',
    '',
    `${(csv.last.bytes / 1024).toFixed(0)} KiB`,
  ]);
  results.chromium = { png, blank, csv };
  if (values.app) {
    const app = await measureInApp(browser, EPICS, RUNS, values['client-dir']);
    rows.push([
      'app: click Export → download, whole-roadmap PNG (fetch + worker)',
      fmt(app.png?.p50),
      fmt(app.png?.p95),
      '',
      '',
      '',
    ]);
    rows.push([
      'app: click Export → download, CSV (fetch + worker)',
      fmt(app.csv?.p50),
      fmt(app.csv?.p95),
      '',
      '',
      `${app.csvRows} rows`,
    ]);
    rows.push([
      'app: first PNG, then first CSV after opening the page (cold)',
      fmt(app.coldPng),
      fmt(app.coldCsv),
      '',
      '',
      'PNG ms | CSV ms',
    ]);
    rows.push([
      'app: export query time in those (10 pages of 1,000)',
      fmt(app.coldFetch),
      fmt(app.warmFetch),
      '',
      '',
      'PNG ms | CSV ms',
    ]);
    results.app = app;
  }
} finally {
  await browser.close();
}

// ---- Node: CPU parts against baselines --------------------------------------------------------
const epics = exportEpics(EPICS);
const naiveCsv = (): string =>
  [Object.keys(epics[0]!), ...epics.map((e) => Object.values(e))]
    .map((cells) =>
      cells
        .map(
          (c) =>
            `"${String(typeof c === 'object' && c !== null ? JSON.stringify(c) : c).replaceAll('"', '""')}"`,
        )
        .join(','),
    )
    .join('\r\n');
const opts = { seconds: 2, maxSamples: 50 };
const ours = measure(() => buildEpicsCsv(epics, 'WEIGHT'), opts);
const naive = measure(() => naiveCsv(), opts);
rows.push([
  'node: CSV build (vs generic writer)',
  fmt(ours.median),
  fmt(ours.p95),
  fmt(naive.median),
  fmt(naive.p95),
  '',
]);

const nullContext: Context2D = {
  fillStyle: '',
  strokeStyle: '',
  lineWidth: 1,
  font: '',
  textAlign: 'left',
  textBaseline: 'alphabetic',
  fillRect: () => undefined,
  fillText: () => undefined,
  measureText: (t) => ({ width: t.length * 6 }),
  beginPath: () => undefined,
  moveTo: () => undefined,
  lineTo: () => undefined,
  stroke: () => undefined,
  setLineDash: () => undefined,
};
const request = wholeRequest(epics);
const picture = measure(() => paintImage(nullContext, planImage(request, WIDTH), true), opts);
const layoutOnly = measure(() => layoutForExport(request), opts);
rows.push([
  'node: PNG layout + paint, null context (vs layout alone)',
  fmt(picture.median),
  fmt(picture.p95),
  fmt(layoutOnly.median),
  fmt(layoutOnly.p95),
  '',
]);

const pdfEpics = epics.slice(0, 1000);
const pdfSamples: number[] = [];
let pdfBytes = 0;
for (let i = 0; i < 4; i += 1) {
  const start = performance.now();
  pdfBytes = (await exportPdf(wholeRequest(pdfEpics), 'A4')).byteLength;
  if (i > 0) pdfSamples.push(performance.now() - start);
}
const pdf = distribution(pdfSamples)!;
rows.push([
  'node: PDF A4, 1,000 epics',
  fmt(pdf.p50),
  fmt(pdf.p95),
  '',
  '',
  `${(pdfBytes / 1024).toFixed(0)} KiB`,
]);
results.node = { csv: ours, naiveCsv: naive, picture, layoutOnly, pdf } satisfies Record<
  string,
  Stats | unknown
>;

const header = ['case', 'ours median ms', 'ours p95 ms', 'baseline median ms', 'baseline p95 ms', 'output'];
console.log(`Roadmap export: ${EPICS} epics, ${RUNS} runs, width ${WIDTH}`);
console.log(header.join(' | '));
for (const row of rows) console.log(row.join(' | '));
compareWithBaseline('roadmapExport', { header, rows });
const outDir = resolve(import.meta.dirname, '../results');
mkdirSync(outDir, { recursive: true });
writeFileSync(resolve(outDir, 'roadmapExport.json'), `${JSON.stringify(results, null, 2)}\n`);
