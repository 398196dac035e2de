/**
 * Lays out the rows of a vertical scroll window (+ overscan) into a TreeSnapshot. It reads the
 * model's flattened rows by index and touches only the window's rows and the ancestors of its first
 * row: O(window + depth), whatever the size of the tree.
 */
import { rowWindow } from '../rowWindow.ts';
import { rowIndex } from '../units.ts';
import { treeRowHeight } from './treeConstants.ts';
import { NODE_BIT, type TreeModel } from './treeModel.ts';
import { epicHeight } from './treeMoves.ts';
import { ROW_KIND } from './treeRows.ts';
import { allocateTreeArrays, ENTRY_FLAG, type TreeEntries, type TreeSnapshot } from './treeSnapshot.ts';
import { ITEM_FLAG, NO_DAY } from './treeStore.ts';

export interface TreeViewport {
  /** Top of the visible list, px from the top of the first row. */
  readonly scrollTop: number;
  /** Visible list height, px. */
  readonly height: number;
  /** Extra rows above and below (default: one screenful). */
  readonly overscan?: number;
}

export interface TreeLayoutView {
  readonly isShowingLabels: boolean;
}

/** Rows [first, end) of a viewport, clamped to the list. */
export function treeWindowRows(
  viewport: TreeViewport,
  rowHeight: number,
  rowCount: number,
): { first: number; end: number } {
  return rowWindow(viewport.scrollTop, viewport.height, rowHeight, rowCount, viewport.overscan);
}

export function layoutTreeWindow(
  model: TreeModel,
  epoch: number,
  viewport: TreeViewport,
  view: TreeLayoutView,
): TreeSnapshot {
  const root = model.rootSlot;
  if (root < 0) throw new Error('Tree laid out before it has a root');
  // The root is no row: its own labels do not make the rows taller.
  const labelledRows = model.store.labelledItemCount - (model.store.labels[root]!.length > 0 ? 1 : 0);
  const rowHeight = treeRowHeight(view.isShowingLabels && labelledRows > 0);
  const { first, end } = treeWindowRows(viewport, rowHeight, model.rowCount);
  const count = end - first;
  const context = contextChain(model, first, count);
  const slots: number[] = [];
  const rows: number[] = [];
  for (let row = first; row < end; row += 1) {
    slots.push(model.rows.slots[row]!);
    rows.push(row);
  }
  for (const ancestor of context) {
    slots.push(ancestor);
    rows.push(model.rows.rowOf(ancestor));
  }
  let labelTotal = 0;
  for (let i = 0; i < slots.length; i += 1) {
    if (kindOf(model, rows[i]!, i < count) === ROW_KIND.ITEM)
      labelTotal += model.store.labels[slots[i]!]!.length;
  }
  const arrays = allocateTreeArrays(slots.length, labelTotal);
  const strings: string[] = [];
  const cursor = { label: 0 };
  for (let i = 0; i < slots.length; i += 1) {
    const kind = kindOf(model, rows[i]!, i < count);
    writeEntry(model, arrays, strings, cursor, i, slots[i]!, rows[i]!, kind, rowHeight);
    if (i >= count) arrays.entries.flags[i]! |= ENTRY_FLAG.CONTEXT;
  }
  linkParents(arrays.entries, count, context.length);
  return {
    epoch,
    rowCount: model.rowCount,
    rowHeight,
    isShowingLabels: view.isShowingLabels,
    firstRow: rowIndex(first),
    count,
    contextCount: context.length,
    rootKey: model.keyOf(root),
    rootTitle: model.store.titles[root]!,
    rootChildCount: model.children[root]!.length,
    rootDepth: model.rootDepth,
    entries: arrays.entries,
    labels: arrays.labels,
    strings,
    buffer: arrays.buffer,
  };
}

const kindOf = (model: TreeModel, row: number, inWindow: boolean) =>
  inWindow ? model.rows.kinds[row]! : ROW_KIND.ITEM;

/** Ancestors of the first window row that are not the root, nearest first. */
function contextChain(model: TreeModel, first: number, count: number): number[] {
  if (count === 0) return [];
  const slot = model.rows.slots[first]!;
  const chain: number[] = [];
  let current = model.rows.kinds[first] === ROW_KIND.ITEM ? model.parent[slot]! : slot;
  while (current >= 0 && current !== model.rootSlot) {
    chain.push(current);
    current = model.parent[current]!;
  }
  return chain;
}

type Arrays = ReturnType<typeof allocateTreeArrays>;

function writeEntry(
  model: TreeModel,
  arrays: Arrays,
  strings: string[],
  cursor: { label: number },
  i: number,
  slot: number,
  row: number,
  kind: number,
  rowHeight: number,
): void {
  const { store } = model;
  const e = arrays.entries;
  const isItem = kind === ROW_KIND.ITEM;
  const parent = isItem ? model.parent[slot]! : slot;
  const setSize = model.children[parent]!.length + (model.extraKind(parent) === -1 ? 0 : 1);
  e.kind[i] = kind;
  e.row[i] = row;
  e.y[i] = row * rowHeight;
  e.level[i] = isItem ? model.depth[slot]! : model.depth[slot]! + 1;
  e.posInSet[i] = isItem ? model.indexOf(slot) + 1 : setSize;
  e.setSize[i] = setSize;
  e.subtreeEnd[i] = row + 1 + (isItem && model.isExpanded(slot) ? model.inner[slot]! : 0);
  e.flags[i] = entryFlags(model, slot);
  e.id[i] = store.ids[slot]!;
  e.iid[i] = store.iids[slot]!;
  e.epicIssueId[i] = store.epicIssueIds[slot]!;
  e.stringBase[i] = strings.length;
  strings.push(
    store.keys[slot]!,
    store.titles[slot]!,
    store.references[slot]!,
    store.webPaths[slot]!,
    store.relationPaths[slot] ?? '',
    store.milestoneTitles[slot] ?? '',
  );
  if (!isItem) {
    for (const field of NUMBER_FIELDS) e[field][i] = Number.NaN;
    e.createdAt[i] = Number.NaN;
    e.closedAt[i] = Number.NaN;
    e.weight[i] = Number.NaN;
    e.dueDay[i] = NO_DAY;
    e.labelStart[i] = cursor.label;
    return;
  }
  for (const field of NUMBER_FIELDS) e[field][i] = store[field][slot]!;
  e.createdAt[i] = store.createdAt[slot]!;
  e.closedAt[i] = store.closedAt[slot]!;
  e.weight[i] = store.weights[slot]!;
  e.dueDay[i] = store.dueDays[slot]!;
  e.assigneeCount[i] = store.assigneeCounts[slot]!;
  const names = store.assigneeNames[slot]!;
  e.assigneeNames[i] = names.length;
  strings.push(...names);
  e.health[i] = store.health[slot]!;
  e.epicHeight[i] = epicHeight(model, slot);
  const labels = store.labels[slot]!;
  e.labelStart[i] = cursor.label;
  e.labelCount[i] = labels.length;
  for (const label of labels) {
    arrays.labels.id[cursor.label] = label.id;
    arrays.labels.color[cursor.label] = label.color;
    arrays.labels.textColor[cursor.label] = label.textColor;
    arrays.labels.title[cursor.label] = strings.length;
    strings.push(label.title);
    cursor.label += 1;
  }
}

const NUMBER_FIELDS = [
  'openedEpics',
  'closedEpics',
  'openedIssues',
  'closedIssues',
  'openedWeight',
  'closedWeight',
  'issuesAtRisk',
  'issuesNeedingAttention',
  'issuesOnTrack',
] as const;

function entryFlags(model: TreeModel, slot: number): number {
  const item = model.store.flags[slot]!;
  const bits = model.bits[slot]!;
  let flags = 0;
  if (item & ITEM_FLAG.EPIC) flags |= ENTRY_FLAG.EPIC;
  if (item & ITEM_FLAG.CLOSED) flags |= ENTRY_FLAG.CLOSED;
  if (item & ITEM_FLAG.CONFIDENTIAL) flags |= ENTRY_FLAG.CONFIDENTIAL;
  if (item & ITEM_FLAG.BLOCKED) flags |= ENTRY_FLAG.BLOCKED;
  if (item & ITEM_FLAG.ADMIN_EPIC) flags |= ENTRY_FLAG.ADMIN_EPIC;
  if (item & ITEM_FLAG.HAS_CHILDREN) flags |= ENTRY_FLAG.HAS_CHILDREN;
  if (item & ITEM_FLAG.HAS_ISSUES) flags |= ENTRY_FLAG.HAS_ISSUES;
  if (model.hasChildItems(slot)) flags |= ENTRY_FLAG.HAS_CHILD_ITEMS;
  if (bits & NODE_BIT.EXPANDED) flags |= ENTRY_FLAG.EXPANDED;
  if (bits & NODE_BIT.LOADED) flags |= ENTRY_FLAG.LOADED;
  if (bits & NODE_BIT.FETCHING) flags |= ENTRY_FLAG.FETCHING;
  if (bits & NODE_BIT.REMOVING) flags |= ENTRY_FLAG.REMOVING;
  if (bits & (NODE_BIT.HAS_MORE_EPICS | NODE_BIT.HAS_MORE_ISSUES)) flags |= ENTRY_FLAG.HAS_MORE;
  return flags;
}

/**
 * Parent entry of each entry. Window rows: the nearest earlier entry one level up (a parent's block
 * is contiguous), seeded with the context chain; context entries: the next one in the chain.
 */
function linkParents(e: TreeEntries, count: number, contextCount: number): void {
  const lastAtLevel = new Int32Array(256).fill(-1);
  for (let j = contextCount - 1; j >= 0; j -= 1) {
    const i = count + j;
    e.parent[i] = j === contextCount - 1 ? -1 : i + 1;
    lastAtLevel[e.level[i]!] = i;
  }
  for (let i = 0; i < count; i += 1) {
    const level = e.level[i]!;
    e.parent[i] = level > 1 ? lastAtLevel[level - 1]! : -1;
    lastAtLevel[level] = i;
  }
}
