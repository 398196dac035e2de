/**
 * A tree layout snapshot: what the tree worker posts for a scroll window. All numbers live in ONE
 * ArrayBuffer (transferred, not copied); strings go in a small table. Entries [0, count) are the
 * window's rows, in order; entries [count, count + contextCount) are the ancestors of the first row
 * that are above the window (nearest first), so every entry's parent chain is in the snapshot
 * (`parent` is an entry index, -1 for the root) — enough for drop targets and aria without a round
 * trip. The canvas and the DOM overlay draw from the newest snapshot (by `epoch`).
 */
import { allocateColumns } from '../../lib/columns.ts';
import type { CalendarDate } from '../../time/calendarDate.ts';
import { dayToCalendarDate, type EpochDay } from '../../time/epochDay.ts';
import type { RowIndex } from '../units.ts';
import { healthStatusOfCode, type IssueHealthStatus, type TreeItemKey } from './treeItem.ts';
import { ROW_KIND, type RowKind } from './treeRows.ts';
import { NO_DAY } from './treeStore.ts';

/** Bits of `entries.flags`. */
export const ENTRY_FLAG = {
  EPIC: 1,
  CLOSED: 2,
  CONFIDENTIAL: 4,
  BLOCKED: 8,
  /** The row shows an expand/collapse chevron. */
  HAS_CHILD_ITEMS: 16,
  EXPANDED: 32,
  /** A first page of children has arrived. */
  LOADED: 64,
  FETCHING: 128,
  REMOVING: 256,
  ADMIN_EPIC: 512,
  /** More children remain to page in (hasMoreEpics || hasMoreIssues). */
  HAS_MORE: 1024,
  /** An ancestor entry above the window, not a row of it. */
  CONTEXT: 2048,
  HAS_CHILDREN: 4096,
  HAS_ISSUES: 8192,
} as const;

/** Offsets from `entries.stringBase[i]` into `strings`; assignee names follow from ASSIGNEES. */
export const ENTRY_STRING = {
  KEY: 0,
  TITLE: 1,
  REFERENCE: 2,
  WEB_PATH: 3,
  RELATION_PATH: 4,
  MILESTONE: 5,
  ASSIGNEES: 6,
} as const;

export interface TreeEntries {
  /** Row kind (ROW_KIND); 'Show more' and loading rows describe their parent. */
  readonly kind: Uint8Array;
  readonly row: Int32Array;
  /** Row top, px (row × rowHeight). */
  readonly y: Float32Array;
  /** aria-level: 1 for the root's children. */
  readonly level: Uint8Array;
  /** Entry index of the parent, -1 when the parent is the root. */
  readonly parent: Int32Array;
  /** The row after this row's visible subtree (row + 1 for a leaf, a collapsed epic or an extra row). */
  readonly subtreeEnd: Int32Array;
  /** 1-based position among the parent's rows, and their number (a 'Show more' row counts). */
  readonly posInSet: Int32Array;
  readonly setSize: Int32Array;
  readonly flags: Uint32Array;
  readonly id: Float64Array;
  readonly iid: Float64Array;
  /** NaN for epics. */
  readonly epicIssueId: Float64Array;
  /** Epoch ms; NaN when unknown. */
  readonly createdAt: Float64Array;
  readonly closedAt: Float64Array;
  /** Epoch day, NO_DAY when none. */
  readonly dueDay: Int32Array;
  /** NaN when none. */
  readonly weight: Float64Array;
  readonly assigneeCount: Int32Array;
  /** Assignee names in `strings` after the fixed ones. */
  readonly assigneeNames: Uint8Array;
  /** HEALTH_STATUS_CODE; 0 for none. */
  readonly health: Uint8Array;
  /** NaN when unknown. */
  readonly openedEpics: Float64Array;
  readonly closedEpics: Float64Array;
  readonly openedIssues: Float64Array;
  readonly closedIssues: Float64Array;
  readonly openedWeight: Float64Array;
  readonly closedWeight: Float64Array;
  readonly issuesAtRisk: Float64Array;
  readonly issuesNeedingAttention: Float64Array;
  readonly issuesOnTrack: Float64Array;
  /** Levels of the epic's subtree as far as loaded (0 for issues): for the depth rule while dragging. */
  readonly epicHeight: Uint8Array;
  /** First label in `labels` and how many. */
  readonly labelStart: Int32Array;
  readonly labelCount: Int32Array;
  /** Index into `strings` of the entry's fixed strings (ENTRY_STRING). */
  readonly stringBase: Int32Array;
}

export interface TreeLabelArrays {
  readonly id: Float64Array;
  /** 0xRRGGBB or -1. */
  readonly color: Int32Array;
  readonly textColor: Int32Array;
  /** Index into `strings`. */
  readonly title: Int32Array;
}

export interface TreeSnapshot {
  /** The request counter this answers; apply only if newer than what is shown. */
  readonly epoch: number;
  /** Rows of the whole flattened tree (the scroll height is rowCount × rowHeight). */
  readonly rowCount: number;
  readonly rowHeight: number;
  readonly isShowingLabels: boolean;
  readonly firstRow: RowIndex;
  readonly count: number;
  readonly contextCount: number;
  readonly rootKey: TreeItemKey;
  readonly rootTitle: string;
  /** Loaded children of the root (a drop below the last row goes after them). */
  readonly rootChildCount: number;
  /** 1 + the root epic's ancestors: a level-L row's epic is at depth rootDepth + L. */
  readonly rootDepth: number;
  readonly entries: TreeEntries;
  readonly labels: TreeLabelArrays;
  readonly strings: readonly string[];
  /** The one transferable; every view above is a window on it. */
  readonly buffer: ArrayBuffer;
}

/** Allocates the entry and label arrays in one buffer. */
export function allocateTreeArrays(
  entries: number,
  labels: number,
): { buffer: ArrayBuffer; entries: TreeEntries; labels: TreeLabelArrays } {
  const n = entries;
  const m = labels;
  // Entries and labels share one schema (one buffer), so label columns carry a prefix, dropped
  // again below.
  const { buffer, columns } = allocateColumns({
    kind: [Uint8Array, n],
    row: [Int32Array, n],
    y: [Float32Array, n],
    level: [Uint8Array, n],
    parent: [Int32Array, n],
    subtreeEnd: [Int32Array, n],
    posInSet: [Int32Array, n],
    setSize: [Int32Array, n],
    flags: [Uint32Array, n],
    id: [Float64Array, n],
    iid: [Float64Array, n],
    epicIssueId: [Float64Array, n],
    createdAt: [Float64Array, n],
    closedAt: [Float64Array, n],
    dueDay: [Int32Array, n],
    weight: [Float64Array, n],
    assigneeCount: [Int32Array, n],
    assigneeNames: [Uint8Array, n],
    health: [Uint8Array, n],
    openedEpics: [Float64Array, n],
    closedEpics: [Float64Array, n],
    openedIssues: [Float64Array, n],
    closedIssues: [Float64Array, n],
    openedWeight: [Float64Array, n],
    closedWeight: [Float64Array, n],
    issuesAtRisk: [Float64Array, n],
    issuesNeedingAttention: [Float64Array, n],
    issuesOnTrack: [Float64Array, n],
    epicHeight: [Uint8Array, n],
    labelStart: [Int32Array, n],
    labelCount: [Int32Array, n],
    stringBase: [Int32Array, n],
    labelId: [Float64Array, m],
    labelColor: [Int32Array, m],
    labelTextColor: [Int32Array, m],
    labelTitle: [Int32Array, m],
  });
  const { labelId, labelColor, labelTextColor, labelTitle, ...entryColumns } = columns;
  return {
    buffer,
    entries: entryColumns,
    labels: { id: labelId, color: labelColor, textColor: labelTextColor, title: labelTitle },
  };
}

/** What to pass as Comlink/postMessage transferables (ArrayBuffers: `Transferable` is a DOM type). */
export function treeSnapshotTransferables(snapshot: TreeSnapshot): ArrayBuffer[] {
  return [snapshot.buffer];
}

/** Entry index of the window row at y (px from the list top), or -1 outside the window. */
export function entryAtY(snapshot: TreeSnapshot, y: number): number {
  if (!(y >= 0)) return -1;
  const entry = Math.floor(y / snapshot.rowHeight) - snapshot.firstRow;
  return entry >= 0 && entry < snapshot.count ? entry : -1;
}

/** Entry index of the window row of a key, or -1 when it is not in the window. */
export function entryOfKey(snapshot: TreeSnapshot, key: string): number {
  for (let i = 0; i < snapshot.count; i += 1) {
    if (snapshot.entries.kind[i] === ROW_KIND.ITEM && entryString(snapshot, i, ENTRY_STRING.KEY) === key) {
      return i;
    }
  }
  return -1;
}

export function entryString(snapshot: TreeSnapshot, entry: number, which: number): string {
  return snapshot.strings[snapshot.entries.stringBase[entry]! + which]!;
}

export function entryKey(snapshot: TreeSnapshot, entry: number): TreeItemKey {
  return entryString(snapshot, entry, ENTRY_STRING.KEY) as TreeItemKey;
}

/** The key of an entry's parent (the root's key at level 1). */
export function entryParentKey(snapshot: TreeSnapshot, entry: number): TreeItemKey {
  const parent = snapshot.entries.parent[entry]!;
  return parent < 0 ? snapshot.rootKey : entryKey(snapshot, parent);
}

/** An entry as a plain object, for the DOM overlay (a few dozen rows; never per frame on canvas). */
export interface TreeEntryView {
  readonly kind: RowKind;
  readonly key: TreeItemKey;
  readonly parentKey: TreeItemKey;
  readonly row: number;
  readonly level: number;
  readonly posInSet: number;
  readonly setSize: number;
  readonly flags: number;
  readonly type: 'epic' | 'issue';
  readonly id: number;
  readonly iid: number;
  readonly epicIssueId: number | null;
  readonly title: string;
  readonly reference: string;
  readonly webPath: string;
  readonly relationPath: string | null;
  readonly milestoneTitle: string | null;
  readonly createdAt: number | null;
  readonly closedAt: number | null;
  readonly dueDate: CalendarDate | null;
  readonly weight: number | null;
  readonly assigneeCount: number;
  readonly assigneeNames: readonly string[];
  readonly healthStatus: IssueHealthStatus | null;
  readonly labels: readonly { id: number; title: string; color: number; textColor: number }[];
}

export function readTreeEntry(snapshot: TreeSnapshot, entry: number): TreeEntryView {
  const e = snapshot.entries;
  const text = (which: number) => entryString(snapshot, entry, which);
  const orNull = (value: number) => (Number.isNaN(value) ? null : value);
  const base = e.stringBase[entry]! + ENTRY_STRING.ASSIGNEES;
  const labels = [];
  for (let l = e.labelStart[entry]!; l < e.labelStart[entry]! + e.labelCount[entry]!; l += 1) {
    const { id, color, textColor, title } = snapshot.labels;
    labels.push({
      id: id[l]!,
      title: snapshot.strings[title[l]!]!,
      color: color[l]!,
      textColor: textColor[l]!,
    });
  }
  return {
    kind: e.kind[entry]! as RowKind,
    key: entryKey(snapshot, entry),
    parentKey: entryParentKey(snapshot, entry),
    row: e.row[entry]!,
    level: e.level[entry]!,
    posInSet: e.posInSet[entry]!,
    setSize: e.setSize[entry]!,
    flags: e.flags[entry]!,
    type: e.flags[entry]! & ENTRY_FLAG.EPIC ? 'epic' : 'issue',
    id: e.id[entry]!,
    iid: e.iid[entry]!,
    epicIssueId: orNull(e.epicIssueId[entry]!),
    title: text(ENTRY_STRING.TITLE),
    reference: text(ENTRY_STRING.REFERENCE),
    webPath: text(ENTRY_STRING.WEB_PATH),
    relationPath: text(ENTRY_STRING.RELATION_PATH) || null,
    milestoneTitle: text(ENTRY_STRING.MILESTONE) || null,
    createdAt: orNull(e.createdAt[entry]!),
    closedAt: orNull(e.closedAt[entry]!),
    dueDate: e.dueDay[entry] === NO_DAY ? null : dayToCalendarDate(e.dueDay[entry]! as EpochDay),
    weight: orNull(e.weight[entry]!),
    assigneeCount: e.assigneeCount[entry]!,
    assigneeNames: snapshot.strings.slice(base, base + e.assigneeNames[entry]!),
    healthStatus: healthStatusOfCode(e.health[entry]!),
    labels,
  };
}
