/**
 * The flattened visible rows of the tree, kept up to date by splices instead of being rebuilt:
 * expanding an epic inserts its visible block after its row, a move cuts one block and inserts it
 * elsewhere. A splice costs the rows it inserts plus one memmove of the rows after it (a native
 * copy: ~20k rows in microseconds). Item rows hold their item's slot; 'Show more' and loading rows
 * hold their parent's slot.
 *
 * Slot → row is an index refreshed lazily: rows below `validBelow` are known to be indexed, and a
 * lookup checks its answer exactly (`slots[row] === slot` on an item row — a slot is on at most one
 * item row), so a stale entry can only cost a refresh, never a wrong answer.
 */
import { assert } from '../../lib/assert.ts';
import { grownArray } from '../../lib/typedArrays.ts';

export const ROW_KIND = { ITEM: 0, SHOW_MORE: 1, LOADING: 2 } as const;
export type RowKind = (typeof ROW_KIND)[keyof typeof ROW_KIND];

export class TreeRows {
  count = 0;
  slots = new Int32Array(64);
  kinds = new Uint8Array(64);
  private rowOfSlot = new Int32Array(64).fill(-1);
  /** Every item row below this has its slot → row entry written. */
  private validBelow = 0;
  /** Rows being prepared for the next splice. */
  private pendingSlots = new Int32Array(64);
  private pendingKinds = new Uint8Array(64);
  private pendingCount = 0;

  clear(): void {
    this.count = 0;
    this.validBelow = 0;
    this.pendingCount = 0;
  }

  /** Row of a slot's item row, or -1 when it is not a visible row. */
  rowOf(slot: number): number {
    if (this.isItemRowOf(this.rowOfSlot[slot] ?? -1, slot)) return this.rowOfSlot[slot]!;
    if (this.validBelow < this.count) {
      this.refreshIndex();
      if (this.isItemRowOf(this.rowOfSlot[slot] ?? -1, slot)) return this.rowOfSlot[slot]!;
    }
    return -1;
  }

  /** Queues one row for the next `splice`. */
  push(slot: number, kind: RowKind): void {
    if (this.pendingCount === this.pendingSlots.length) {
      this.pendingSlots = grownArray(this.pendingSlots, Math.max(this.pendingCount * 2, 64));
      this.pendingKinds = grownArray(this.pendingKinds, Math.max(this.pendingCount * 2, 64));
    }
    this.pendingSlots[this.pendingCount] = slot;
    this.pendingKinds[this.pendingCount] = kind;
    this.pendingCount += 1;
  }

  /** Replaces rows [at, at + removeCount) with the queued rows. */
  splice(at: number, removeCount: number): void {
    assert(at >= 0 && removeCount >= 0 && at + removeCount <= this.count, `bad splice ${at}+${removeCount}`);
    const insert = this.pendingCount;
    const next = this.count - removeCount + insert;
    if (next > this.slots.length) {
      const capacity = Math.max(next, this.slots.length * 2);
      this.slots = grownArray(this.slots, Math.max(capacity, 64));
      this.kinds = grownArray(this.kinds, Math.max(capacity, 64));
    }
    if (insert !== removeCount) {
      this.slots.copyWithin(at + insert, at + removeCount, this.count);
      this.kinds.copyWithin(at + insert, at + removeCount, this.count);
    }
    this.slots.set(this.pendingSlots.subarray(0, insert), at);
    this.kinds.set(this.pendingKinds.subarray(0, insert), at);
    for (let i = 0; i < insert; i += 1) {
      if (this.pendingKinds[i] === ROW_KIND.ITEM) this.indexRow(at + i);
    }
    this.count = next;
    this.pendingCount = 0;
    if (this.validBelow >= at) this.validBelow = at + insert;
  }

  private isItemRowOf(row: number, slot: number): boolean {
    return row >= 0 && row < this.count && this.slots[row] === slot && this.kinds[row] === ROW_KIND.ITEM;
  }

  private indexRow(row: number): void {
    const slot = this.slots[row]!;
    if (slot >= this.rowOfSlot.length) {
      const size = Math.max(slot + 1, this.rowOfSlot.length * 2);
      const next = new Int32Array(size).fill(-1);
      next.set(this.rowOfSlot);
      this.rowOfSlot = next;
    }
    this.rowOfSlot[slot] = row;
  }

  private refreshIndex(): void {
    for (let row = this.validBelow; row < this.count; row += 1) {
      if (this.kinds[row] === ROW_KIND.ITEM) this.indexRow(row);
    }
    this.validBelow = this.count;
  }
}
