/**
 * Which epics the roadmap lists, in what order and at what depth (spec, "Bars"):
 * 1. shown: clamped start ≤ clamped end (drops reversed dates and epics outside the timeframe);
 *    duplicates cannot exist because the store is keyed by id;
 * 2. sorted by the sort value on un-clamped dates, undated last, ties by id (sortOrder.ts);
 * 3. a shown parent hides its children from the top level — they are listed under it when it is
 *    expanded. With a single epic iid shown, children stay at the top level until their parent is
 *    expanded (so no epic is ever listed twice);
 * 4. flattened depth-first into rows with a level (0 = top) for indentation.
 * Everything is typed arrays indexed by store slot; no per-epic objects.
 */
import { isShown } from './clampEpic.ts';
import type { EpicStore } from './epicStore.ts';
import { dateOfPackedKey, packedSortKey, type SortValue, slotOfPackedKey } from './sortOrder.ts';

export class ListWorkspace {
  /** Alive slots in sort order. */
  sorted = new Int32Array(0);
  sortedCount = 0;
  keys = new Float64Array(0);
  shown = new Uint8Array(0);
  parentSlots = new Int32Array(0);
  expanded = new Uint8Array(0);
  firstChild = new Int32Array(0);
  lastChild = new Int32Array(0);
  nextSibling = new Int32Array(0);
  topLevel = new Int32Array(0);
  topCount = 0;
  /** 1-based position of a slot among its siblings, and each slot's number of listed children. */
  posInSet = new Int32Array(0);
  childCount = new Int32Array(0);
  /** Row → slot, and the row's nesting level. */
  rows = new Int32Array(0);
  levels = new Uint8Array(0);
  rowCount = 0;
  /** Slot → row, -1 when not listed. */
  rowOfSlot = new Int32Array(0);
  stack = new Int32Array(0);

  reserve(slots: number): void {
    if (slots <= this.sorted.length) return;
    const size = Math.max(slots, this.sorted.length * 2, 64);
    this.sorted = new Int32Array(size);
    this.keys = new Float64Array(size);
    this.shown = new Uint8Array(size);
    this.parentSlots = new Int32Array(size);
    this.expanded = new Uint8Array(size);
    this.firstChild = new Int32Array(size);
    this.lastChild = new Int32Array(size);
    this.nextSibling = new Int32Array(size);
    this.topLevel = new Int32Array(size);
    this.posInSet = new Int32Array(size);
    this.childCount = new Int32Array(size);
    this.rows = new Int32Array(size);
    this.levels = new Uint8Array(size);
    this.rowOfSlot = new Int32Array(size);
    this.stack = new Int32Array(size + 1);
  }
}

/**
 * Alive slots ordered by the sort value, equal dates by id, highest first: the server's order, so
 * the list does not depend on which page arrived first.
 */
export function sortSlots(store: EpicStore, sort: SortValue, work: ListWorkspace): void {
  work.reserve(store.length);
  let count = 0;
  for (let slot = 0; slot < store.length; slot += 1) {
    if (!store.isAlive(slot)) continue;
    work.keys[count] = packedSortKey(sort, store.starts[slot]!, store.ends[slot]!, slot);
    count += 1;
  }
  const keys = work.keys.subarray(0, count);
  keys.sort();
  for (let i = 0; i < count; i += 1) work.sorted[i] = slotOfPackedKey(keys[i]!);
  work.sortedCount = count;
  const ids = store.ids;
  const byIdDescending = (a: number, b: number) => ids[b]! - ids[a]!;
  for (let runStart = 0; runStart < count; ) {
    const date = dateOfPackedKey(keys[runStart]!);
    let runEnd = runStart + 1;
    while (runEnd < count && dateOfPackedKey(keys[runEnd]!) === date) runEnd += 1;
    if (runEnd - runStart > 1) work.sorted.subarray(runStart, runEnd).sort(byIdDescending);
    runStart = runEnd;
  }
}

/** Resolves each slot's parent id to a slot (-1 when the parent is not resident). */
export function resolveParents(store: EpicStore, work: ListWorkspace): void {
  work.reserve(store.length);
  for (let slot = 0; slot < store.length; slot += 1) {
    const parentId = store.parentIds[slot]!;
    work.parentSlots[slot] = Number.isNaN(parentId) || !store.isAlive(slot) ? -1 : store.slotOf(parentId);
  }
}

/** Marks the slots shown in the timeframe [timeframeStart, timeframeEnd] (epoch days, inclusive). */
export function markShown(
  store: EpicStore,
  timeframeStart: number,
  timeframeEnd: number,
  work: ListWorkspace,
): void {
  work.reserve(store.length);
  for (let slot = 0; slot < store.length; slot += 1) {
    work.shown[slot] =
      store.isAlive(slot) && isShown(store.starts[slot]!, store.ends[slot]!, timeframeStart, timeframeEnd)
        ? 1
        : 0;
  }
}

/** Marks expanded slots from the expanded ids. */
export function markExpanded(store: EpicStore, expandedIds: ReadonlySet<number>, work: ListWorkspace): void {
  work.reserve(store.length);
  work.expanded.fill(0, 0, store.length);
  for (const id of expandedIds) {
    const slot = store.slotOf(id);
    if (slot >= 0) work.expanded[slot] = 1;
  }
}

/**
 * Builds the rows from `sorted`, `shown`, `parentSlots` and `expanded`. A slot is nested under its
 * parent when the parent is shown (and, with a single epic iid, expanded); otherwise it is top level.
 */
export function flattenRows(slotCount: number, singleEpicIid: boolean, work: ListWorkspace): void {
  const { sorted, shown, parentSlots, expanded, firstChild, lastChild, nextSibling, topLevel } = work;
  const { posInSet, childCount } = work;
  firstChild.fill(-1, 0, slotCount);
  childCount.fill(0, 0, slotCount);
  work.rowOfSlot.fill(-1, 0, slotCount);
  let topCount = 0;
  for (let i = 0; i < work.sortedCount; i += 1) {
    const slot = sorted[i]!;
    if (shown[slot] === 0) continue;
    const parent = parentSlots[slot]!;
    const nested = parent >= 0 && shown[parent] === 1 && (!singleEpicIid || expanded[parent] === 1);
    if (!nested) {
      topLevel[topCount] = slot;
      topCount += 1;
      posInSet[slot] = topCount;
      continue;
    }
    childCount[parent] = childCount[parent]! + 1;
    posInSet[slot] = childCount[parent]!;
    nextSibling[slot] = -1;
    if (firstChild[parent] === -1) firstChild[parent] = slot;
    else nextSibling[lastChild[parent]!] = slot;
    lastChild[parent] = slot;
  }
  work.topCount = topCount;
  work.rowCount = 0;
  for (let i = 0; i < topCount; i += 1) emitSubtree(topLevel[i]!, work);
}

/** Pre-order walk of one top-level slot and its expanded descendants, with an explicit stack. */
function emitSubtree(root: number, work: ListWorkspace): void {
  const { stack, firstChild, nextSibling, expanded } = work;
  emitRow(root, 0, work);
  if (expanded[root] === 0 || firstChild[root] === -1) return;
  let depth = 0;
  stack[0] = firstChild[root]!;
  while (depth >= 0) {
    const slot = stack[depth]!;
    if (slot === -1) {
      depth -= 1;
      continue;
    }
    stack[depth] = nextSibling[slot]!;
    emitRow(slot, depth + 1, work);
    if (expanded[slot] === 1 && firstChild[slot] !== -1) {
      depth += 1;
      stack[depth] = firstChild[slot]!;
    }
  }
}

function emitRow(slot: number, level: number, work: ListWorkspace): void {
  const row = work.rowCount;
  work.rows[row] = slot;
  work.levels[row] = Math.min(level, 255);
  work.rowOfSlot[slot] = row;
  work.rowCount = row + 1;
}
