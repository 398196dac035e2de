/**
 * A layout snapshot: what the worker posts after each layout request. All numbers live in ONE
 * ArrayBuffer (transferred, not copied); the views below share it. Strings go in a small table:
 * titles of the rows in the window only, then distinct group names, then header labels.
 * The canvas and the DOM overlay draw from the newest snapshot (by `epoch`) and drop older ones.
 */

import { allocateColumns } from '../lib/columns.ts';
import type { TickUnit } from '../time/calendarUnits.ts';
import type { UnitState } from '../time/headers.ts';
import { ARROW_MAX_POINTS } from './dependencyArrows.ts';
import type { ProgressTracking } from './progress.ts';
import type { RowIndex } from './units.ts';

export interface SnapshotRows {
  /** Epic ids (numeric part of the global id). */
  readonly ids: Uint32Array;
  /** Bar left edge and width, world px (0 = first timeline column; the details column is not included). */
  readonly x: Float32Array;
  readonly width: Float32Array;
  /** Row top, px from the top of the list (row × 50). */
  readonly y: Float32Array;
  /** ROW_FLAG bits. */
  readonly flags: Uint16Array;
  /** Nesting level, 0 = top level. */
  readonly level: Uint8Array;
  /** Rounded percent closed (0–100) under the snapshot's progress tracking. */
  readonly progress: Uint8Array;
  /** Closed and total issues (or weight), for the popover; 0 when PROGRESS_UNKNOWN. */
  readonly closed: Float64Array;
  readonly total: Float64Array;
  /** 0xRRGGBB or -1 (no colour). */
  readonly color: Int32Array;
  readonly textColor: Int32Array;
  /** Index into `strings` of the group name when SHOW_GROUP_NAME, else -1. */
  readonly groupName: Int32Array;
  /** 1-based position among siblings and the number of siblings (WAI-ARIA treegrid rows). */
  readonly posInSet: Uint32Array;
  readonly setSize: Uint32Array;
  /** 'blocks' links to epics that are not rows of the list: blockers (marker at the bar's start) and blocked (at its end). */
  readonly blockedByOutside: Uint16Array;
  readonly blockingOutside: Uint16Array;
}

/** Dependency arrows meeting the window's rows (dependencyArrows.ts); arrow a's points are points[a × 12 …]. */
export interface SnapshotArrows {
  readonly count: number;
  /** x (world px), y (px from the list top) pairs, ARROW_MAX_POINTS per arrow, pointCount[a] used. */
  readonly points: Float32Array;
  readonly pointCount: Uint8Array;
  /** ARROW_FLAG bits. */
  readonly flags: Uint8Array;
  /** Blocker and blocked epic ids. */
  readonly fromIds: Uint32Array;
  readonly toIds: Uint32Array;
}

export interface SnapshotHeader {
  readonly unit: TickUnit;
  readonly columnCount: number;
  /** Column left edge and width, world px. */
  readonly x: Float32Array;
  readonly width: Float32Array;
  /** First and last (inclusive) epoch day of each column. */
  readonly startDay: Int32Array;
  readonly endDay: Int32Array;
  /** 0 past, 1 current, 2 future. */
  readonly state: Uint8Array;
  /** strings[labelBase + i] labels column i. */
  readonly labelBase: number;
  readonly subCount: number;
  readonly subX: Float32Array;
  readonly subDay: Int32Array;
  readonly subState: Uint8Array;
  readonly subLabelBase: number;
}

export interface LayoutSnapshot {
  /** The request counter this answers; apply only if newer than what is shown. */
  readonly epoch: number;
  /** Rows in the whole list (for the scrollbar: rowCount × 50 px). */
  readonly rowCount: number;
  /** List row of entry 0; entries are consecutive rows. */
  readonly firstRow: RowIndex;
  readonly count: number;
  readonly timelineWidth: number;
  /**
   * First and last (inclusive) day of the scale's domain (world x = 0 … timelineWidth): where the
   * page places a snapshot laid out on another scale while a zoom waits for its layout.
   */
  readonly timelineStartDay: number;
  readonly timelineEndDay: number;
  /** 320 + timeline width. */
  readonly sectionWidth: number;
  /** Column of today (-1 outside) and the today indicator's x (NaN outside). */
  readonly todayColumn: number;
  readonly todayX: number;
  readonly progressTracking: ProgressTracking;
  readonly rows: SnapshotRows;
  readonly arrows: SnapshotArrows;
  readonly header: SnapshotHeader;
  readonly strings: readonly string[];
  /** The one transferable; every view above is a window on it. */
  readonly buffer: ArrayBuffer;
}

export const UNIT_STATE_CODE: Readonly<Record<UnitState, number>> = { past: 0, current: 1, future: 2 };

/** Sizes of the typed arrays of a snapshot. */
export interface SnapshotSizes {
  readonly rows: number;
  readonly columns: number;
  readonly subLabels: number;
  /** Dependency arrows (0 when none). */
  readonly arrows?: number;
}

/** Allocates the buffer and the row and header views on it. */
export function allocateSnapshotArrays(sizes: SnapshotSizes): {
  buffer: ArrayBuffer;
  rows: SnapshotRows;
  arrows: SnapshotArrows;
  header: Omit<SnapshotHeader, 'unit' | 'columnCount' | 'subCount' | 'labelBase' | 'subLabelBase'>;
} {
  const { rows: n, columns: c, subLabels: s } = sizes;
  const a = sizes.arrows ?? 0;
  // Rows and header share one schema (one buffer), so header columns named like a row column get
  // a prefix, dropped again below.
  const { buffer, columns } = allocateColumns({
    ids: [Uint32Array, n],
    x: [Float32Array, n],
    width: [Float32Array, n],
    y: [Float32Array, n],
    flags: [Uint16Array, n],
    level: [Uint8Array, n],
    progress: [Uint8Array, n],
    closed: [Float64Array, n],
    total: [Float64Array, n],
    color: [Int32Array, n],
    textColor: [Int32Array, n],
    groupName: [Int32Array, n],
    posInSet: [Uint32Array, n],
    setSize: [Uint32Array, n],
    blockedByOutside: [Uint16Array, n],
    blockingOutside: [Uint16Array, n],
    arrowPoints: [Float32Array, a * ARROW_MAX_POINTS * 2],
    arrowPointCount: [Uint8Array, a],
    arrowFlags: [Uint8Array, a],
    arrowFromIds: [Uint32Array, a],
    arrowToIds: [Uint32Array, a],
    headerX: [Float32Array, c],
    headerWidth: [Float32Array, c],
    startDay: [Int32Array, c],
    endDay: [Int32Array, c],
    state: [Uint8Array, c],
    subX: [Float32Array, s],
    subDay: [Int32Array, s],
    subState: [Uint8Array, s],
  });
  const {
    headerX,
    headerWidth,
    startDay,
    endDay,
    state,
    subX,
    subDay,
    subState,
    arrowPoints,
    arrowPointCount,
    arrowFlags,
    arrowFromIds,
    arrowToIds,
    ...rows
  } = columns;
  return {
    buffer,
    rows,
    arrows: {
      count: a,
      points: arrowPoints,
      pointCount: arrowPointCount,
      flags: arrowFlags,
      fromIds: arrowFromIds,
      toIds: arrowToIds,
    },
    header: { x: headerX, width: headerWidth, startDay, endDay, state, subX, subDay, subState },
  };
}

/** What to pass as Comlink/postMessage transferables (ArrayBuffers: `Transferable` is a DOM type). */
export function snapshotTransferables(snapshot: LayoutSnapshot): ArrayBuffer[] {
  return [snapshot.buffer];
}

/**
 * The snapshot to show when `incoming` arrives while `current` is shown: the one with the newer
 * epoch. Answers can arrive late (a slow full layout behind a quick pan); a stale one is dropped.
 */
export function newerSnapshot<T extends { readonly epoch: number }>(current: T | null, incoming: T): T {
  return current !== null && current.epoch > incoming.epoch ? current : incoming;
}
