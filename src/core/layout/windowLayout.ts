/**
 * Lays out only the rows in a vertical scroll range (+ buffer rows) and the header in a horizontal
 * range (+ buffer px), into a LayoutSnapshot. Runs on every pan and zoom: it touches the ~30–60
 * rows in view, never the whole list.
 */

import type { EpochDay } from '../time/epochDay.ts';
import type { HeaderTicks } from '../time/headers.ts';
import type { TimeScale } from '../time/timeScale.ts';
import { barIntersects, epicBar } from './barGeometry.ts';
import { EPIC_ITEM_HEIGHT, sectionWidth } from './constants.ts';
import {
  ARROW_MAX_POINTS,
  type ArrowBuffer,
  blockedByOutside,
  blockingOutside,
  type DependencyIndex,
  layoutArrows,
} from './dependencyArrows.ts';
import { type EpicStore, STORE_FLAG } from './epicStore.ts';
import { type ProgressTracking, progressPercent } from './progress.ts';
import { ROW_FLAG } from './roadmapEpic.ts';
import { rowWindow } from './rowWindow.ts';
import {
  allocateSnapshotArrays,
  type LayoutSnapshot,
  type SnapshotArrows,
  type SnapshotRows,
  UNIT_STATE_CODE,
} from './snapshot.ts';
import { rowIndex } from './units.ts';
import type { ListWorkspace } from './visibleEpics.ts';

export interface LayoutViewport {
  /** Top of the visible list, px from the top of the first row. */
  readonly scrollTop: number;
  /** Visible list height, px. */
  readonly height: number;
  /** Left of the visible timeline, world px. */
  readonly scrollLeft: number;
  /** Visible timeline width, px. */
  readonly width: number;
  /** Extra rows above and below (default: one screenful, GitLab's bufferSize). */
  readonly bufferRows?: number;
  /** Extra px left and right for "bar in view" and header ticks (default: one screen width). */
  readonly bufferPx?: number;
}

export interface WindowSource {
  readonly store: EpicStore;
  readonly work: ListWorkspace;
  readonly scale: TimeScale;
  readonly today: EpochDay;
  readonly progressTracking: ProgressTracking;
  readonly currentGroupId: number | null;
  /** The store's 'blocks' links and a scratch buffer for the window's arrows (kept by the model). */
  readonly dependencies?: { readonly index: DependencyIndex; readonly arrows: ArrowBuffer };
}

const scratch = new Float64Array(2);

export function layoutWindow(source: WindowSource, epoch: number, viewport: LayoutViewport): LayoutSnapshot {
  const { work, scale } = source;
  const { scrollTop, height, bufferRows } = viewport;
  const { first, end } = rowWindow(scrollTop, height, EPIC_ITEM_HEIGHT, work.rowCount, bufferRows);
  const count = end - first;
  const bufferPx = viewport.bufferPx ?? viewport.width;
  const fromX = viewport.scrollLeft - bufferPx;
  const toX = viewport.scrollLeft + viewport.width + bufferPx;
  const ticks = scale.ticks(source.today, fromX, toX);
  const deps = source.dependencies;
  if (deps) layoutArrows({ store: source.store, work, scale, index: deps.index }, first, end, deps.arrows);
  const arrowCount = deps ? deps.arrows.count : 0;
  const arrays = allocateSnapshotArrays({
    rows: count,
    columns: ticks.columns.length,
    subLabels: ticks.subLabels.length,
    arrows: arrowCount,
  });
  if (deps && arrowCount > 0) copyArrows(deps.arrows, arrays.arrows);
  const strings: string[] = [];
  for (let i = 0; i < count; i += 1) writeRow(source, first + i, i, fromX, toX, arrays.rows, strings);
  writeGroupNames(source, first, arrays.rows, count, strings);
  const { labelBase, subLabelBase } = writeHeader(ticks, arrays.header, strings);
  return {
    epoch,
    rowCount: work.rowCount,
    firstRow: rowIndex(first),
    count,
    timelineWidth: scale.width,
    timelineStartDay: scale.startDay,
    timelineEndDay: scale.endDay,
    sectionWidth: sectionWidth(0) + scale.width,
    todayColumn: scale.columnOf(source.today),
    todayX: scale.todayX(source.today) ?? Number.NaN,
    progressTracking: source.progressTracking,
    rows: arrays.rows,
    arrows: arrays.arrows,
    header: {
      ...arrays.header,
      unit: ticks.unit,
      columnCount: ticks.columns.length,
      labelBase,
      subCount: ticks.subLabels.length,
      subLabelBase,
    },
    strings,
    buffer: arrays.buffer,
  };
}

/** Fills entry i of the snapshot rows from list row `row`; its title goes to strings[i]. */
function writeRow(
  source: WindowSource,
  row: number,
  i: number,
  fromX: number,
  toX: number,
  rows: SnapshotRows,
  strings: string[],
): void {
  const { store, work } = source;
  const slot = work.rows[row]!;
  const level = work.levels[row]!;
  let flags = epicBar(source.scale, store.starts[slot]!, store.ends[slot]!, scratch);
  const x = scratch[0]!;
  const width = scratch[1]!;
  if (barIntersects(x, width, fromX, toX)) flags |= ROW_FLAG.BAR_IN_VIEW;
  const storeFlags = store.flags[slot]!;
  if (storeFlags & STORE_FLAG.HAS_CHILDREN) flags |= ROW_FLAG.HAS_CHILDREN;
  if (storeFlags & STORE_FLAG.NEW_EPIC) flags |= ROW_FLAG.NEW_EPIC;
  if (work.expanded[slot] === 1) flags |= ROW_FLAG.EXPANDED;
  if (level > 0) flags |= ROW_FLAG.IS_CHILD_EPIC;
  const counts = source.progressTracking === 'COUNT';
  const opened = counts ? store.openedCounts[slot]! : store.openedWeights[slot]!;
  const closed = counts ? store.closedCounts[slot]! : store.closedWeights[slot]!;
  const known = !Number.isNaN(opened) && !Number.isNaN(closed);
  if (!known) flags |= ROW_FLAG.PROGRESS_UNKNOWN;
  rows.progress[i] = known ? progressPercent(closed, opened) : 0;
  rows.closed[i] = known ? closed : 0;
  rows.total[i] = known ? opened + closed : 0;
  rows.color[i] = store.colors[slot]!;
  rows.textColor[i] = store.textColors[slot]!;
  if (store.colors[slot]! >= 0) flags |= ROW_FLAG.HAS_COLOR;
  if (Number.isNaN(store.parentIds[slot]!) && store.groupIds[slot] !== source.currentGroupId) {
    flags |= ROW_FLAG.SHOW_GROUP_NAME;
  }
  rows.groupName[i] = -1;
  rows.ids[i] = store.ids[slot]!;
  rows.x[i] = x;
  rows.width[i] = width;
  rows.y[i] = row * EPIC_ITEM_HEIGHT;
  rows.flags[i] = flags;
  rows.level[i] = level;
  rows.posInSet[i] = work.posInSet[slot]!;
  rows.setSize[i] = level === 0 ? work.topCount : work.childCount[work.parentSlots[slot]!]!;
  const deps = source.dependencies;
  rows.blockedByOutside[i] = deps ? Math.min(0xffff, blockedByOutside(store, work, slot)) : 0;
  rows.blockingOutside[i] = deps ? Math.min(0xffff, blockingOutside(store, work, deps.index, slot)) : 0;
  strings[i] = store.titles[slot]!;
}

function copyArrows(from: ArrowBuffer, to: SnapshotArrows): void {
  const n = from.count;
  to.points.set(from.points.subarray(0, n * ARROW_MAX_POINTS * 2));
  to.pointCount.set(from.pointCounts.subarray(0, n));
  to.flags.set(from.flags.subarray(0, n));
  to.fromIds.set(from.fromIds.subarray(0, n));
  to.toIds.set(from.toIds.subarray(0, n));
}

/** Appends each distinct group name shown in the window once, after the titles. */
function writeGroupNames(
  source: WindowSource,
  first: number,
  rows: SnapshotRows,
  count: number,
  strings: string[],
): void {
  const indexOfName = new Map<string, number>();
  for (let i = 0; i < count; i += 1) {
    if ((rows.flags[i]! & ROW_FLAG.SHOW_GROUP_NAME) === 0) continue;
    const name = source.store.groupNames[source.work.rows[first + i]!]!;
    let index = indexOfName.get(name);
    if (index === undefined) {
      index = strings.length;
      strings.push(name);
      indexOfName.set(name, index);
    }
    rows.groupName[i] = index;
  }
}

type HeaderArrays = ReturnType<typeof allocateSnapshotArrays>['header'];

/** Copies the header ticks into the snapshot; labels are appended to the string table. */
function writeHeader(
  ticks: HeaderTicks,
  header: HeaderArrays,
  strings: string[],
): { labelBase: number; subLabelBase: number } {
  const labelBase = strings.length;
  ticks.columns.forEach((column, c) => {
    header.x[c] = column.x;
    header.width[c] = column.width;
    header.startDay[c] = column.startDay;
    header.endDay[c] = column.endDay;
    header.state[c] = UNIT_STATE_CODE[column.state];
    strings.push(column.label);
  });
  const subLabelBase = strings.length;
  ticks.subLabels.forEach((sub, s) => {
    header.subX[s] = sub.x;
    header.subDay[s] = sub.day;
    header.subState[s] = UNIT_STATE_CODE[sub.state];
    strings.push(sub.label);
  });
  return { labelBase, subLabelBase };
}
