/**
 * The roadmap layout benchmark (not part of npm test):
 *
 *   node --import tsx bench/layout/run.ts [--sizes 1000,10000,100000] [--seconds 2] [--write-baseline]
 *
 * For 1k, 10k and 100k deterministic epics it measures the resident model (RoadmapModel, the
 * worker's core) against a naive object-per-epic layout (naive.ts) in the same run: a full layout,
 * a zoom step re-laying out the visible window (30 rows), a pan, a page of 50 new epics, and the
 * structured-clone size of a pan/zoom answer minus its transferred buffer. Prints a table of
 * medians and p95 and writes bench/results/layout.json; compares with bench/baselines/layout.md
 * (bench/baseline.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { serialize } from 'node:v8';
import { RoadmapModel } from '../../src/core/layout/roadmapModel.ts';
import type { LayoutSnapshot } from '../../src/core/layout/snapshot.ts';
import type { LayoutViewport } from '../../src/core/layout/windowLayout.ts';
import type { CalendarDate } from '../../src/core/time/calendarDate.ts';
import {
  ContinuousTimeScale,
  pixelsPerDayAtZoom,
  zoomForPreset,
} from '../../src/core/time/continuousScale.ts';
import { civilOf } from '../../src/core/time/epochDay.ts';
import { buildTimeframe } from '../../src/core/time/timeframe.ts';
import { presetScaleOf } from '../../src/core/time/timeScale.ts';
import { BASELINE_OPTIONS, compareWithBaseline } from '../baseline.ts';
import { measure as measureRuns, type Stats } from '../stats.ts';
import { generateRawEpics, toEpicInputs } from './generate.ts';
import { NaiveRoadmap } from './naive.ts';

const { values } = parseArgs({
  options: {
    ...BASELINE_OPTIONS,
    sizes: { type: 'string', default: '1000,10000,100000' },
    seconds: { type: 'string', default: '2' },
  },
});
const SIZES = values.sizes.split(',').map(Number);
const SECONDS = Number(values.seconds);
const TODAY = '2020-07-06' as CalendarDate;
const timeframe = buildTimeframe({ rangeType: 'THREE_YEARS', presetType: 'MONTHS', today: TODAY });
const presetScale = presetScaleOf(timeframe);
const months = timeframe.items.map((item, i) => {
  const { year, month, day } = civilOf(i === timeframe.items.length - 1 ? item.end : item.start);
  return new Date(year, month - 1, day);
});
/** A 1500 px tall list shows 30 rows; the pan/zoom answers carry the default buffer too. */
const VIEW_HEIGHT = 1500;
const VIEW_WIDTH = 1600;

/** Runs fn repeatedly (after a warm-up) for about SECONDS, at least 5 and at most 2000 times. */
const measure = (fn: (i: number) => void, setup?: (i: number) => void): Stats =>
  measureRuns(fn, { seconds: SECONDS, maxSamples: 2000, setup });

/** Bytes structured clone copies for a snapshot when its buffer (and the views on it) is transferred. */
function messageBytes(snapshot: LayoutSnapshot): number {
  const { buffer: _b, rows: _r, header, ...rest } = snapshot;
  const { unit, columnCount, labelBase, subCount, subLabelBase } = header;
  return serialize({ ...rest, header: { unit, columnCount, labelBase, subCount, subLabelBase } }).byteLength;
}

interface Row {
  readonly epics: number;
  readonly case: string;
  readonly ours: Stats;
  readonly naive?: Stats;
  readonly bytes?: number | undefined;
}

const rows: Row[] = [];
for (const size of SIZES) {
  const raw = generateRawEpics(size);
  const inputs = toEpicInputs(raw);
  const ingest = measure(() => {
    const model = new RoadmapModel({ scale: presetScale, today: TODAY });
    model.upsert(inputs);
    model.layoutList();
  });
  const model = new RoadmapModel({ scale: presetScale, today: TODAY });
  model.upsert(inputs);
  const expanded = raw.filter((_, i) => i % 7 === 0).map((epic) => epic.id);
  for (const id of expanded) model.setExpanded(id, true);
  const rowCount = model.rowCount;
  const scrollTop = Math.floor(rowCount / 2) * 50;
  const viewport: LayoutViewport = { scrollTop, height: VIEW_HEIGHT, scrollLeft: 2000, width: VIEW_WIDTH };
  const windowOnly: LayoutViewport = { ...viewport, bufferRows: 0, bufferPx: 0 };
  const firstRow = scrollTop / 50;
  const naive = new NaiveRoadmap(raw, months, 'start_date_asc');
  const expandedSet = new Set(expanded);

  let epoch = 0;
  const nextEpoch = () => {
    epoch += 1;
    return epoch;
  };
  rows.push({ epics: size, case: 'ingest: upsert all + list layout', ours: ingest });
  rows.push({
    epics: size,
    case: 'full layout (sort, filter, nest, window bars)',
    ours: measure(() => {
      model.invalidate();
      model.layoutWindow(nextEpoch(), viewport);
    }),
    naive: measure(() => naive.fullLayout(expandedSet, firstRow - 30, 90)),
  });
  const baseZoom = zoomForPreset('MONTHS');
  const continuous = new ContinuousTimeScale(presetScale.startDay, presetScale.endDay, baseZoom);
  model.setScale(continuous);
  let zoomSnapshot: LayoutSnapshot | null = null;
  rows.push({
    epics: size,
    case: 'zoom step, visible window (30 rows + header)',
    ours: measure((i) => {
      model.setScale(continuous.withZoom(baseZoom + (i % 10) * 0.05));
      model.layoutWindow(nextEpoch(), windowOnly);
    }),
    naive: measure((i) =>
      naive.zoomStep(firstRow, 30, pixelsPerDayAtZoom(baseZoom + (i % 10) * 0.05), 2000, 2000 + VIEW_WIDTH),
    ),
  });
  rows.push({
    epics: size,
    case: 'zoom step + buffer (90 rows, header) → message',
    ours: measure((i) => {
      model.setScale(continuous.withZoom(baseZoom + (i % 10) * 0.05));
      zoomSnapshot = model.layoutWindow(nextEpoch(), viewport);
    }),
    bytes: zoomSnapshot ? messageBytes(zoomSnapshot) : undefined,
  });
  let panSnapshot: LayoutSnapshot | null = null;
  rows.push({
    epics: size,
    case: 'pan + buffer (90 rows, header) → message',
    ours: measure((i) => {
      panSnapshot = model.layoutWindow(nextEpoch(), {
        ...viewport,
        scrollTop: scrollTop + (i % 40) * 37,
        scrollLeft: 2000 + (i % 40) * 23,
      });
    }),
    bytes: panSnapshot ? messageBytes(panSnapshot) : undefined,
  });
  let pageId = size + 1;
  rows.push({
    epics: size,
    case: 'page of 50 new epics: upsert + relayout',
    ours: measure(
      () => {
        model.upsert(
          toEpicInputs(generateRawEpics(50, pageId)).map((epic, i) => ({ ...epic, id: pageId + i })),
        );
        model.layoutWindow(nextEpoch(), viewport);
      },
      () => {
        model.remove(Array.from({ length: 50 }, (_, i) => pageId - 50 + i));
        pageId += 50;
        model.layoutList();
      },
    ),
  });
  model.setScale(presetScale);
}

const format = (ms: number) => (ms < 1 ? ms.toFixed(3) : ms.toFixed(2));
const header = [
  'epics',
  'case',
  'ours median ms',
  'ours p95 ms',
  'naive median ms',
  'naive p95 ms',
  'speed-up',
  'message bytes',
];
const table = rows.map((row) => [
  String(row.epics),
  row.case,
  format(row.ours.median),
  format(row.ours.p95),
  row.naive ? format(row.naive.median) : '',
  row.naive ? format(row.naive.p95) : '',
  row.naive ? `${(row.naive.median / row.ours.median).toFixed(1)}×` : '',
  row.bytes === undefined ? '' : String(row.bytes),
]);
const widths = header.map((title, c) => Math.max(title.length, ...table.map((cells) => cells[c]!.length)));
const line = (cells: readonly string[]) =>
  cells.map((cell, c) => (c === 1 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join(' | ');
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
for (const cells of table) console.log(line(cells));
compareWithBaseline('layout', { header, rows: table, keyColumns: 2 });

const resultsDir = resolve(import.meta.dirname, '../results');
mkdirSync(resultsDir, { recursive: true });
const file = resolve(resultsDir, 'layout.json');
const output = {
  node: process.version,
  cpus: cpus().length,
  cpuModel: cpus()[0]?.model ?? 'unknown',
  secondsPerCase: SECONDS,
  results: rows,
};
writeFileSync(file, `${JSON.stringify(output, null, 2)}\n`);
console.log(`\nwrote ${file}`);
