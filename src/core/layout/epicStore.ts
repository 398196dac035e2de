/**
 * The resident epics as struct-of-arrays, keyed by id. Dates are parsed to epoch days once, here,
 * at upsert; layout then reads only typed arrays. Slots are handed out in insertion order and never
 * reused (removal leaves a hole until `compact`), so slot order is insertion order: the sort's
 * tie-break.
 */
import { parseHexColor } from '../domain/colors.ts';
import { assert } from '../lib/assert.ts';
import { grownArray } from '../lib/typedArrays.ts';
import { calendarDateToDay } from '../time/epochDay.ts';
import { UNDEFINED_END, UNDEFINED_START } from './clampEpic.ts';
import type { IssueTotals, RoadmapEpicInput } from './roadmapEpic.ts';
import { SLOT_SPACE } from './sortOrder.ts';

export const STORE_FLAG = { ALIVE: 1, HAS_CHILDREN: 2, NEW_EPIC: 4, CLOSED: 8 } as const;

const NO_COLOR = -1;
const NO_IDS: readonly number[] = [];

export class EpicStore {
  /** Slots in use, alive or not. */
  length = 0;
  aliveCount = 0;
  /** Bumped on every change; caches compare it. */
  version = 0;
  ids = new Uint32Array(0);
  /** NaN when the epic has no parent. */
  parentIds = new Float64Array(0);
  groupIds = new Float64Array(0);
  /** Epoch days; UNDEFINED_START / UNDEFINED_END when missing. */
  starts = new Int32Array(0);
  ends = new Int32Array(0);
  /** NaN when unknown. */
  openedCounts = new Float64Array(0);
  closedCounts = new Float64Array(0);
  openedWeights = new Float64Array(0);
  closedWeights = new Float64Array(0);
  /** 0xRRGGBB, or -1 for none. */
  colors = new Int32Array(0);
  textColors = new Int32Array(0);
  flags = new Uint8Array(0);
  /** Open epics blocking the epic that the server reported (blockingCount). */
  blockingCounts = new Uint32Array(0);
  titles: string[] = [];
  /** Ids of the epics blocking each slot's epic; a shared empty array when none. */
  blockedBy: (readonly number[])[] = [];
  groupNames: string[] = [];
  private readonly slotById = new Map<number, number>();

  slotOf(id: number): number {
    return this.slotById.get(id) ?? -1;
  }

  upsert(epics: readonly RoadmapEpicInput[]): void {
    if (epics.length === 0) return;
    this.reserve(this.length + epics.length);
    for (const epic of epics) this.write(epic);
    this.version += 1;
  }

  remove(ids: readonly number[]): void {
    let removed = 0;
    for (const id of ids) {
      const slot = this.slotById.get(id);
      if (slot === undefined) continue;
      this.slotById.delete(id);
      this.flags[slot] = 0;
      this.titles[slot] = '';
      this.groupNames[slot] = '';
      this.blockedBy[slot] = NO_IDS;
      removed += 1;
    }
    if (removed === 0) return;
    this.aliveCount -= removed;
    this.version += 1;
    if (this.length - this.aliveCount > 1024 && this.length > 2 * this.aliveCount) this.compact();
  }

  clear(): void {
    this.slotById.clear();
    this.length = 0;
    this.aliveCount = 0;
    this.titles = [];
    this.groupNames = [];
    this.blockedBy = [];
    this.version += 1;
  }

  isAlive(slot: number): boolean {
    return (this.flags[slot]! & STORE_FLAG.ALIVE) !== 0;
  }

  private write(epic: RoadmapEpicInput): void {
    assert(
      Number.isInteger(epic.id) && epic.id >= 0 && epic.id <= 0xffffffff,
      `epic id ${epic.id} is not a uint32`,
    );
    let slot = this.slotById.get(epic.id);
    if (slot === undefined) {
      if (this.length >= SLOT_SPACE) this.compact();
      slot = this.length;
      this.length += 1;
      this.aliveCount += 1;
      this.slotById.set(epic.id, slot);
    }
    this.ids[slot] = epic.id;
    this.parentIds[slot] = epic.parentId ?? Number.NaN;
    this.groupIds[slot] = epic.groupId;
    this.starts[slot] = epic.startDate === null ? UNDEFINED_START : calendarDateToDay(epic.startDate);
    this.ends[slot] = epic.dueDate === null ? UNDEFINED_END : calendarDateToDay(epic.dueDate);
    writeTotals(this.openedCounts, this.closedCounts, slot, epic.descendantCounts);
    writeTotals(this.openedWeights, this.closedWeights, slot, epic.descendantWeightSum);
    this.colors[slot] = packColor(epic.color);
    this.textColors[slot] = packColor(epic.textColor);
    this.flags[slot] =
      STORE_FLAG.ALIVE |
      (epic.hasChildren ? STORE_FLAG.HAS_CHILDREN : 0) |
      (epic.newEpic ? STORE_FLAG.NEW_EPIC : 0) |
      (epic.closed ? STORE_FLAG.CLOSED : 0);
    this.blockingCounts[slot] = epic.blockingCount ?? 0;
    this.blockedBy[slot] = epic.blockedByIds?.length ? epic.blockedByIds : NO_IDS;
    this.titles[slot] = epic.title;
    this.groupNames[slot] = epic.groupName;
  }

  /** Closes the holes left by removals, keeping slot (= insertion) order. */
  compact(): void {
    let to = 0;
    for (let from = 0; from < this.length; from += 1) {
      if (!this.isAlive(from)) continue;
      if (from !== to) this.moveSlot(from, to);
      this.slotById.set(this.ids[to]!, to);
      to += 1;
    }
    this.length = to;
    this.titles.length = to;
    this.groupNames.length = to;
    this.blockedBy.length = to;
    this.version += 1;
  }

  private moveSlot(from: number, to: number): void {
    for (const array of this.numericArrays()) array[to] = array[from]!;
    this.titles[to] = this.titles[from]!;
    this.groupNames[to] = this.groupNames[from]!;
    this.blockedBy[to] = this.blockedBy[from]!;
  }

  private numericArrays(): (Uint32Array | Float64Array | Int32Array | Uint8Array)[] {
    return [
      this.ids,
      this.parentIds,
      this.groupIds,
      this.starts,
      this.ends,
      this.openedCounts,
      this.closedCounts,
      this.openedWeights,
      this.closedWeights,
      this.colors,
      this.textColors,
      this.flags,
      this.blockingCounts,
    ];
  }

  private reserve(capacity: number): void {
    if (capacity <= this.ids.length) return;
    const size = Math.max(capacity, this.ids.length * 2, 64);
    this.ids = grownArray(this.ids, size);
    this.parentIds = grownArray(this.parentIds, size);
    this.groupIds = grownArray(this.groupIds, size);
    this.starts = grownArray(this.starts, size);
    this.ends = grownArray(this.ends, size);
    this.openedCounts = grownArray(this.openedCounts, size);
    this.closedCounts = grownArray(this.closedCounts, size);
    this.openedWeights = grownArray(this.openedWeights, size);
    this.closedWeights = grownArray(this.closedWeights, size);
    this.colors = grownArray(this.colors, size);
    this.textColors = grownArray(this.textColors, size);
    this.flags = grownArray(this.flags, size);
    this.blockingCounts = grownArray(this.blockingCounts, size);
  }
}

function writeTotals(
  opened: Float64Array,
  closed: Float64Array,
  slot: number,
  totals: IssueTotals | null,
): void {
  opened[slot] = totals ? totals.openedIssues : Number.NaN;
  closed[slot] = totals ? totals.closedIssues : Number.NaN;
}

/** '#rrggbb' / '#rgb' → 0xRRGGBB (what a canvas tint takes); -1 for none or unparsable. */
export function packColor(color: string | null): number {
  if (!color) return NO_COLOR;
  let packed = packedColors.get(color);
  if (packed === undefined) {
    const rgb = parseHexColor(color);
    packed = rgb ? (rgb[0] << 16) | (rgb[1] << 8) | rgb[2] : NO_COLOR;
    if (packedColors.size < 4096) packedColors.set(color, packed);
  }
  return packed;
}

/** Epic colours repeat (a palette of eight by default): parse each text once. */
const packedColors = new Map<string, number>();

/** 0xRRGGBB → '#rrggbb' (what CSS takes), the inverse of {@link packColor}; null for none (-1). */
export function unpackColor(packed: number): string | null {
  return packed < 0 ? null : `#${packed.toString(16).padStart(6, '0')}`;
}
