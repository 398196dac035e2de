/**
 * The epic child tree layout benchmark (not part of npm test):
 *
 *   node --import tsx bench/treeLayout/run.ts [--seconds 1] [--write-baseline]
 *
 * An epic with 5,000 direct children (1,000 epics, 4,000 issues) and 20,000 descendants (each child
 * epic holds 15 issues), all expanded: 20,000 rows. Measures the resident model (TreeModel, the
 * worker's core) against a from-scratch flatten of the same tree in the same run: laying out a
 * scroll window, toggling an epic, moving an item and undoing it, a keyboard step, appending a page,
 * and the structured-clone size of a scroll answer minus its transferred buffer. Prints a table of
 * medians and p95 and writes bench/results/treeLayout.json; compares with bench/baselines/treeLayout.md
 * (bench/baseline.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { serialize } from 'node:v8';
import { KeyboardMove } from '../../src/core/layout/tree/keyboardMove.ts';
import { makeEpicItem, makeIssueItem } from '../../src/core/layout/tree/treeFixtures.ts';
import { NO_MORE_PAGES, type TreeItemInput, type TreeItemKey } from '../../src/core/layout/tree/treeItem.ts';
import { layoutTreeWindow } from '../../src/core/layout/tree/treeLayout.ts';
import { TreeModel } from '../../src/core/layout/tree/treeModel.ts';
import { applyMove, undoMove } from '../../src/core/layout/tree/treeMoves.ts';
import type { TreeSnapshot } from '../../src/core/layout/tree/treeSnapshot.ts';
import { BASELINE_OPTIONS, compareWithBaseline } from '../baseline.ts';
import { measure as measureRuns, type Stats } from '../stats.ts';

const { values } = parseArgs({ options: { ...BASELINE_OPTIONS, seconds: { type: 'string', default: '1' } } });
const SECONDS = Number(values.seconds);
const CHILD_EPICS = 1000;
const CHILD_ISSUES = 4000;
const ISSUES_PER_EPIC = 15;
const PAGE = 100;
const view = { isShowingLabels: false };

/** Runs fn repeatedly (after a warm-up) for about SECONDS, at least 5 and at most 5000 times. */
const measure = (fn: (i: number) => void): Stats => measureRuns(fn, { seconds: SECONDS, maxSamples: 5000 });

const labels = [{ id: 1, title: 'frontend', color: '#1068bf', textColor: '#ffffff' }];
const rootChildren: TreeItemInput[] = [];
for (let i = 0; i < CHILD_EPICS + CHILD_ISSUES; i += 1) {
  rootChildren.push(
    i % 5 === 0
      ? makeEpicItem(10 + i, { relativePosition: i, hasIssues: true, labels })
      : makeIssueItem(10 + i, { relativePosition: i, labels, assigneeNames: ['Ann'], assigneeCount: 1 }),
  );
}
const epicKeys = rootChildren
  .filter((item) => item.type === 'epic')
  .map((item) => `epic:${item.id}` as TreeItemKey);
const grandchildren = (epic: number) =>
  Array.from({ length: ISSUES_PER_EPIC }, (_, j) =>
    makeIssueItem(100_000 + epic * ISSUES_PER_EPIC + j, { relativePosition: j, labels }),
  );

/** The whole tree, loaded page by page as the card would, every epic expanded. */
function buildTree(): TreeModel {
  const model = new TreeModel();
  model.setRoot(makeEpicItem(1, { title: 'Root' }));
  for (let from = 0; from < rootChildren.length; from += PAGE) {
    const items = rootChildren.slice(from, from + PAGE);
    model.receivePage('epic:1', { items, pageInfo: NO_MORE_PAGES, append: from > 0 });
  }
  epicKeys.forEach((key, e) => {
    model.setExpanded(key, true);
    model.receivePage(key, { items: grandchildren(e), pageInfo: NO_MORE_PAGES, append: false });
  });
  return model;
}

/**
 * The baseline: rebuild the visible rows from scratch as a non-incremental model would on every
 * change — a depth-first flatten writing each row's slot, kind and level and each item's position
 * among its siblings (what TreeModel keeps up to date by splices instead).
 */
const scratchSlots = new Int32Array(1 << 16);
const scratchKinds = new Uint8Array(1 << 16);
const scratchLevels = new Uint8Array(1 << 16);
const scratchPositions = new Int32Array(1 << 16);
function flattenFromScratch(model: TreeModel): number {
  let count = 0;
  const walk = (parent: number, level: number) => {
    const list = model.children[parent]!;
    for (let i = 0; i < list.length; i += 1) {
      const child = list[i]!;
      scratchSlots[count] = child;
      scratchKinds[count] = 0;
      scratchLevels[count] = level;
      scratchPositions[child] = i;
      count += 1;
      if (model.isExpanded(child)) walk(child, level + 1);
    }
    const extra = model.extraKind(parent);
    if (extra !== -1) {
      scratchSlots[count] = parent;
      scratchKinds[count] = extra;
      scratchLevels[count] = level;
      count += 1;
    }
  };
  walk(model.rootSlot, 1);
  return count;
}

function messageBytes(snapshot: TreeSnapshot): number {
  const { buffer: _b, entries: _e, labels: _l, ...rest } = snapshot;
  return serialize(rest).byteLength;
}

interface Row {
  readonly case: string;
  readonly ours: Stats;
  readonly scratch?: Stats;
  readonly bytes?: number;
}
const rows: Row[] = [];
const built = measure(() => buildTree());
const model = buildTree();
const descendants = model.store.size - 1;
const rowCount = model.rowCount;
rows.push({ case: `build: ${descendants} items in ${1 + CHILD_EPICS} pages, all expanded`, ours: built });
const scratch = measure(() => flattenFromScratch(model));

let epoch = 0;
let lastSnapshot: TreeSnapshot | null = null;
rows.push({
  case: 'scroll: lay out a window (20 rows + overscan)',
  ours: measure((i) => {
    epoch += 1;
    lastSnapshot = layoutTreeWindow(
      model,
      epoch,
      { scrollTop: ((i * 7919) % rowCount) * 48, height: 960 },
      view,
    );
  }),
});
rows[rows.length - 1] = { ...rows[rows.length - 1]!, bytes: messageBytes(lastSnapshot!) };
const topEpic = epicKeys[0]!;
rows.push({
  case: 'collapse + expand an epic at the top (15 rows)',
  ours: measure(() => {
    model.setExpanded(topEpic, false);
    model.setExpanded(topEpic, true);
  }),
  scratch,
});
rows.push({
  case: 'move an issue top → bottom, then undo',
  ours: measure(() => {
    const moved = applyMove(model, { key: 'issue:11', parentKey: 'epic:1', at: CHILD_EPICS + CHILD_ISSUES });
    if (!moved.ok) throw new Error(moved.error);
    undoMove(model, moved.value.undo);
  }),
  scratch,
});
rows.push({
  case: 'move an expanded epic (16 rows) into another, then undo',
  ours: measure(() => {
    const moved = applyMove(model, { key: epicKeys[1]!, parentKey: epicKeys[999]!, at: 0 });
    if (!moved.ok) throw new Error(moved.error);
    undoMove(model, moved.value.undo);
  }),
  scratch,
});
const keyboard = new KeyboardMove(model);
rows.push({
  case: 'keyboard move: grab, ↓, Escape',
  ours: measure(() => {
    keyboard.start('issue:12');
    keyboard.command('down');
    keyboard.command('cancel');
  }),
  scratch,
});
rows.push({
  case: 'append a page of 100 to the root, then remove it',
  ours: measure((i) => {
    const items = Array.from({ length: PAGE }, (_, j) => makeIssueItem(900_000 + (i % 2) * PAGE + j));
    model.receivePage('epic:1', { items, pageInfo: NO_MORE_PAGES, append: true });
    for (const item of items) model.removeItem(`issue:${item.epicIssueId}` as TreeItemKey);
  }),
  scratch,
});

const ms = (value: number) => (value < 0.1 ? value.toFixed(4) : value.toFixed(3));
console.log(`Tree layout benchmark — ${rowCount} rows, ${cpus()[0]?.model ?? 'unknown cpu'}`);
const header = ['case', 'ours median ms', 'ours p95 ms', 'rebuild median ms', 'clone bytes'];
const cells = rows.map((row) => [
  row.case,
  ms(row.ours.median),
  ms(row.ours.p95),
  row.scratch ? ms(row.scratch.median) : '',
  row.bytes === undefined ? '' : String(row.bytes),
]);
console.log(header.join(' | '));
for (const line of cells) console.log(line.join(' | '));
compareWithBaseline('treeLayout', { header, rows: cells });
const out = resolve('bench/results/treeLayout.json');
mkdirSync(resolve('bench/results'), { recursive: true });
writeFileSync(out, `${JSON.stringify({ rowCount, descendants, rows }, null, 2)}\n`);
console.log(`wrote ${out}`);
