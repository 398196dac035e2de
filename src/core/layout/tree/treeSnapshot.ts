/**
 * A tree layout snapshot: what the tree worker posts for a scroll window. All numbers live in ONE
 * ArrayBuffer (transferred, not copied); strings go in a small table. Entries [0, count) are the
 * window's rows, in order; entries [count, count + contextCount) are the ancestors of the first row
 * that are above the window (nearest first), so every entry's parent chain is in the snapshot
 * (`parent` is an entry index, -1 for the root) — enough for drop targets and aria without a round
 * trip. The canvas and the DOM overlay draw from the newest snapshot (by `epoch`).
 */
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

/** Allocates the entry and label arrays in one buffer, 8-byte fields first so each view is aligned. */
export function allocateTreeArrays(entries: number, labels: number) {
  const n = entries;
  const m = labels;
  const buffer = new ArrayBuffer(8 * (15 * n + m) + 4 * (12 * n + 3 * m) + 5 * n);
  let offset = 0;
  const take = <T extends { readonly byteLength: number }>(view: T): T => {
    offset += view.byteLength;
    return view;
  };
  const f64 = (length: number) => take(new Float64Array(buffer, offset, length));
  const i32 = (length: number) => take(new Int32Array(buffer, offset, length));
  const u32 = (length: number) => take(new Uint32Array(buffer, offset, length));
  const f32 = (length: number) => take(new Float32Array(buffer, offset, length));
  const u8 = (length: number) => take(new Uint8Array(buffer, offset, length));
  // Views are taken in this order (8-, then 4-, then 1-byte elements) to keep each one aligned.
  const wide = {
    id: f64(n),
    iid: f64(n),
    epicIssueId: f64(n),
    createdAt: f64(n),
    closedAt: f64(n),
    weight: f64(n),
    openedEpics: f64(n),
    closedEpics: f64(n),
    openedIssues: f64(n),
    closedIssues: f64(n),
    openedWeight: f64(n),
    closedWeight: f64(n),
    issuesAtRisk: f64(n),
    issuesNeedingAttention: f64(n),
    issuesOnTrack: f64(n),
  };
  const labelId = f64(m);
  const words = {
    row: i32(n),
    parent: i32(n),
    subtreeEnd: i32(n),
    posInSet: i32(n),
    setSize: i32(n),
    dueDay: i32(n),
    assigneeCount: i32(n),
    labelStart: i32(n),
    labelCount: i32(n),
    stringBase: i32(n),
    flags: u32(n),
    y: f32(n),
  };
  const labelArrays: TreeLabelArrays = { id: labelId, color: i32(m), textColor: i32(m), title: i32(m) };
  const entryArrays: TreeEntries = {
    ...wide,
    ...words,
    kind: u8(n),
    level: u8(n),
    assigneeNames: u8(n),
    health: u8(n),
    epicHeight: u8(n),
  };
  return { buffer, entries: entryArrays, labels: labelArrays };
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
