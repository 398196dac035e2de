/**
 * Dependency arrows ('blocks' links) for the rows of a layout window: an orthogonal polyline from
 * the blocker bar's end to the blocked bar's start, ending in an arrowhead, and per row how many of
 * its links lead to epics that are not rows of the list (drawn as a marker with a count). Pure and
 * allocation-light: it runs in the worker on every pan and zoom, like the rest of `layoutWindow`.
 *
 * Units: x in world px of the scale (0 = first timeline column), y in px from the list's top
 * (row × EPIC_ITEM_HEIGHT). Horizontal segments run along a bar's own row (where only that bar
 * is) or along the boundary between two rows, which lies in the gap between their bars (bars span
 * y + 9 … y + 41 of a 50 px row), so no horizontal segment crosses a bar.
 */
import { grownArray } from '../lib/typedArrays.ts';
import type { TimeScale } from '../time/timeScale.ts';
import { epicBar } from './barGeometry.ts';
import { UNDEFINED_END, UNDEFINED_START } from './clampEpic.ts';
import { EPIC_ITEM_HEIGHT } from './constants.ts';
import { type EpicStore, STORE_FLAG } from './epicStore.ts';
import type { ListWorkspace } from './visibleEpics.ts';

/** From a row's top to its bar's vertical middle, px (bar top 9 + half of its 32 px). */
export const ARROW_ROW_MIDDLE = 25;
/** Horizontal run out of a bar's end and into a bar's start, px. */
export const ARROW_STUB = 8;
/** At most this many points per polyline (five segments). */
export const ARROW_MAX_POINTS = 6;
/** Intermediate rows checked when choosing where a vertical segment runs; longer spans take the default. */
const MAX_CLEARANCE_ROWS = 64;

export const ARROW_FLAG = {
  /** The blocked epic starts before its blocker ends (its start day ≤ the blocker's due day). */
  VIOLATED: 1 << 0,
} as const;

/** Whether a vertical line at world x over rows (lo, hi) — exclusive — meets no bar. */
export type VerticalClearance = (x: number, lo: number, hi: number) => boolean;

/**
 * Writes the polyline of one arrow into `out` from `offset` (x, y pairs) and returns its number of
 * points. Forward (room for two stubs between the bars): out of the blocker's end along its row,
 * down or up where no intermediate bar is in the way (next to the blocked bar, else next to the
 * blocker, else halfway), then along the blocked row into its start. Backward: out of the blocker,
 * to the row boundary next to the blocked row, back along that gap, and into the blocked start.
 */
export function routeArrow(
  fromEndX: number,
  fromRow: number,
  toStartX: number,
  toRow: number,
  clear: VerticalClearance,
  out: Float32Array,
  offset: number,
): number {
  const fromY = fromRow * EPIC_ITEM_HEIGHT + ARROW_ROW_MIDDLE;
  const toY = toRow * EPIC_ITEM_HEIGHT + ARROW_ROW_MIDDLE;
  const lo = Math.min(fromRow, toRow);
  const hi = Math.max(fromRow, toRow);
  let o = offset;
  const point = (x: number, y: number) => {
    out[o] = x;
    out[o + 1] = y;
    o += 2;
  };
  point(fromEndX, fromY);
  if (toStartX - fromEndX >= 2 * ARROW_STUB) {
    const nearTo = toStartX - ARROW_STUB;
    const nearFrom = fromEndX + ARROW_STUB;
    const verticalX = clear(nearTo, lo, hi)
      ? nearTo
      : clear(nearFrom, lo, hi)
        ? nearFrom
        : clear((nearTo + nearFrom) / 2, lo, hi)
          ? (nearTo + nearFrom) / 2
          : nearTo;
    point(verticalX, fromY);
    point(verticalX, toY);
  } else {
    const gapY = (toRow > fromRow ? toRow : toRow + 1) * EPIC_ITEM_HEIGHT;
    point(fromEndX + ARROW_STUB, fromY);
    point(fromEndX + ARROW_STUB, gapY);
    point(toStartX - ARROW_STUB, gapY);
    point(toStartX - ARROW_STUB, toY);
  }
  point(toStartX, toY);
  return (o - offset) / 2;
}

/** Whether the blocked epic (starting `blockedStart`) starts before its blocker (due `blockerEnd`) ends. */
export function isViolated(blockerEnd: number, blockedStart: number): boolean {
  // Due dates are inclusive: a blocker due on day d ends when day d + 1 begins.
  return blockerEnd !== UNDEFINED_END && blockedStart !== UNDEFINED_START && blockedStart <= blockerEnd;
}

/**
 * The store's 'blocks' links between loaded epics, by slot, rebuilt only when the store changed:
 * a flat list (blocker → blocked) and, per blocker slot, the blocked slots (CSR).
 */
export class DependencyIndex {
  count = 0;
  from = new Int32Array(0);
  to = new Int32Array(0);
  /** Slot s blocks blockedSlots[blockedStart[s] … blockedStart[s + 1]). */
  blockedStart = new Int32Array(0);
  blockedSlots = new Int32Array(0);
  private version = -1;

  update(store: EpicStore): void {
    if (store.version === this.version) return;
    this.version = store.version;
    let count = 0;
    for (let slot = 0; slot < store.length; slot += 1) {
      if (store.isAlive(slot)) count += store.blockedBy[slot]!.length;
    }
    if (this.from.length < count) {
      this.from = new Int32Array(count);
      this.to = new Int32Array(count);
      this.blockedSlots = new Int32Array(count);
    }
    if (this.blockedStart.length < store.length + 1) this.blockedStart = new Int32Array(store.length + 1);
    const starts = this.blockedStart;
    starts.fill(0, 0, store.length + 1);
    let n = 0;
    for (let slot = 0; slot < store.length; slot += 1) {
      if (!store.isAlive(slot)) continue;
      for (const id of store.blockedBy[slot]!) {
        const blocker = store.slotOf(id);
        if (blocker < 0 || blocker === slot) continue;
        this.from[n] = blocker;
        this.to[n] = slot;
        starts[blocker + 1]! += 1;
        n += 1;
      }
    }
    this.count = n;
    for (let slot = 0; slot < store.length; slot += 1) starts[slot + 1]! += starts[slot]!;
    // Fill by a moving cursor per blocker; `starts` is restored afterwards.
    for (let i = 0; i < n; i += 1) {
      const blocker = this.from[i]!;
      this.blockedSlots[starts[blocker]!] = this.to[i]!;
      starts[blocker]! += 1;
    }
    for (let slot = store.length; slot > 0; slot -= 1) starts[slot] = starts[slot - 1]!;
    starts[0] = 0;
  }
}

/** The arrows of one window, before they are copied into the snapshot (reused between layouts). */
export class ArrowBuffer {
  count = 0;
  points = new Float32Array(0);
  pointCounts = new Uint8Array(0);
  flags = new Uint8Array(0);
  fromIds = new Uint32Array(0);
  toIds = new Uint32Array(0);

  reserve(count: number): void {
    if (count <= this.flags.length) return;
    const size = Math.max(count, this.flags.length * 2, 32);
    this.points = grownArray(this.points, size * ARROW_MAX_POINTS * 2);
    this.pointCounts = grownArray(this.pointCounts, size);
    this.flags = grownArray(this.flags, size);
    this.fromIds = grownArray(this.fromIds, size);
    this.toIds = grownArray(this.toIds, size);
  }
}

export interface ArrowSource {
  readonly store: EpicStore;
  readonly work: ListWorkspace;
  readonly scale: TimeScale;
  readonly index: DependencyIndex;
}

const bar = new Float64Array(2);

/** Bar x and width of list row `row` into `out`. */
function barOfRow(source: ArrowSource, row: number, out: Float64Array): void {
  const slot = source.work.rows[row]!;
  epicBar(source.scale, source.store.starts[slot]!, source.store.ends[slot]!, out);
}

/**
 * The arrows of every link with both epics listed whose rows span meets rows [first, end), into
 * `out`. O(links): a few thousand comparisons, well under a millisecond.
 */
export function layoutArrows(source: ArrowSource, first: number, end: number, out: ArrowBuffer): void {
  const { store, work, index } = source;
  index.update(store);
  out.count = 0;
  const clear: VerticalClearance = (x, lo, hi) => {
    if (hi - lo - 1 > MAX_CLEARANCE_ROWS) return true;
    for (let row = lo + 1; row < hi; row += 1) {
      barOfRow(source, row, bar);
      if (x >= bar[0]! - 2 && x <= bar[0]! + bar[1]! + 2) return false;
    }
    return true;
  };
  for (let i = 0; i < index.count; i += 1) {
    const blocker = index.from[i]!;
    const blocked = index.to[i]!;
    const fromRow = work.rowOfSlot[blocker]!;
    const toRow = work.rowOfSlot[blocked]!;
    if (fromRow < 0 || toRow < 0) continue;
    if (Math.max(fromRow, toRow) < first || Math.min(fromRow, toRow) >= end) continue;
    out.reserve(out.count + 1);
    const a = out.count;
    barOfRow(source, fromRow, bar);
    const fromEnd = bar[0]! + bar[1]!;
    barOfRow(source, toRow, bar);
    const toStart = bar[0]!;
    out.pointCounts[a] = routeArrow(
      fromEnd,
      fromRow,
      toStart,
      toRow,
      clear,
      out.points,
      a * ARROW_MAX_POINTS * 2,
    );
    out.flags[a] = isViolated(store.ends[blocker]!, store.starts[blocked]!) ? ARROW_FLAG.VIOLATED : 0;
    out.fromIds[a] = store.ids[blocker]!;
    out.toIds[a] = store.ids[blocked]!;
    out.count += 1;
  }
}

/** Blockers of the slot's epic that are not rows of the list (not loaded, or hidden in a collapsed parent). */
export function blockedByOutside(store: EpicStore, work: ListWorkspace, slot: number): number {
  let outside = 0;
  for (const id of store.blockedBy[slot]!) {
    const other = store.slotOf(id);
    if (other < 0 || work.rowOfSlot[other]! < 0) outside += 1;
  }
  return outside;
}

/**
 * Open epics the slot's epic blocks that are not rows of the list: its blockingCount less the open
 * blocked epics that are rows (a closed one is not in the server's count).
 */
export function blockingOutside(
  store: EpicStore,
  work: ListWorkspace,
  index: DependencyIndex,
  slot: number,
): number {
  let listed = 0;
  for (let k = index.blockedStart[slot]!; k < index.blockedStart[slot + 1]!; k += 1) {
    const other = index.blockedSlots[k]!;
    if (work.rowOfSlot[other]! >= 0 && (store.flags[other]! & STORE_FLAG.CLOSED) === 0) listed += 1;
  }
  return Math.max(0, store.blockingCounts[slot]! - listed);
}
