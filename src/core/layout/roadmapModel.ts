/**
 * The resident roadmap model the layout worker keeps: epics by id (upsert/remove, never the whole
 * list per frame), view settings, and two layout stages with their own caches:
 *
 * - list layout (which epics, in what order, at what depth): redone only when epics, the sort, the
 *   timeframe's days, expansion or the single-iid mode change. O(n log n) for the sort, O(n) else.
 * - window layout (`layoutWindow`): bars and header for the rows and pixels in view. Pans and zooms
 *   that keep the timeframe's days only redo this, for ~30–60 rows.
 */

import type { CalendarDate } from '../time/calendarDate.ts';
import { calendarDateToDay, type EpochDay } from '../time/epochDay.ts';
import type { Timeframe } from '../time/timeframe.ts';
import { presetScaleOf, type TimeScale } from '../time/timeScale.ts';
import { ArrowBuffer, DependencyIndex } from './dependencyArrows.ts';
import { EpicStore } from './epicStore.ts';
import { DEFAULT_PROGRESS_TRACKING, type ProgressTracking } from './progress.ts';
import type { RoadmapEpicInput } from './roadmapEpic.ts';
import type { LayoutSnapshot } from './snapshot.ts';
import { DEFAULT_SORT, type SortValue } from './sortOrder.ts';
import { type RowIndex, rowIndex } from './units.ts';
import {
  flattenRows,
  ListWorkspace,
  markExpanded,
  markShown,
  resolveParents,
  sortSlots,
} from './visibleEpics.ts';
import { type LayoutViewport, layoutWindow } from './windowLayout.ts';

export interface RoadmapModelOptions {
  readonly scale: TimeScale;
  /** Today, injected: header states and the today indicator. */
  readonly today: CalendarDate;
  readonly sortedBy?: SortValue;
  readonly progressTracking?: ProgressTracking;
  /** The roadmap's group: epics of other groups without a parent show their group name. */
  readonly currentGroupId?: number | null;
  /** True when the roadmap shows a single epic's children (an epic iid): children are not hidden. */
  readonly singleEpicIid?: boolean;
}

export class RoadmapModel {
  private readonly store = new EpicStore();
  private readonly work = new ListWorkspace();
  private readonly expandedIds = new Set<number>();
  private readonly dependencies = { index: new DependencyIndex(), arrows: new ArrowBuffer() };
  private scale: TimeScale;
  private today: EpochDay;
  private sortedBy: SortValue;
  private progressTracking: ProgressTracking;
  private currentGroupId: number | null;
  private singleEpicIid: boolean;
  // Cache keys of the list stages: -1 forces a recompute.
  private sortedVersion = -1;
  private sortKey: SortValue | null = null;
  private parentsVersion = -1;
  private shownKey = '';
  private listDirty = true;

  constructor(options: RoadmapModelOptions) {
    this.scale = options.scale;
    this.today = calendarDateToDay(options.today);
    this.sortedBy = options.sortedBy ?? DEFAULT_SORT;
    this.progressTracking = options.progressTracking ?? DEFAULT_PROGRESS_TRACKING;
    this.currentGroupId = options.currentGroupId ?? null;
    this.singleEpicIid = options.singleEpicIid ?? false;
  }

  /** Adds epics or replaces those with the same id (a later copy of an id wins). */
  upsert(epics: readonly RoadmapEpicInput[]): void {
    this.store.upsert(epics);
    this.listDirty = true;
  }

  remove(ids: readonly number[]): void {
    this.store.remove(ids);
    for (const id of ids) this.expandedIds.delete(id);
    this.listDirty = true;
  }

  clear(): void {
    this.store.clear();
    this.expandedIds.clear();
    this.listDirty = true;
  }

  get epicCount(): number {
    return this.store.aliveCount;
  }

  /**
   * A new scale: a zoom or a switch between preset and continuous scales keeps the list (even one
   * whose domain grew past the range); a scale over another range (a new range, or an extended
   * timeframe) re-clamps and may show or drop epics.
   */
  setScale(scale: TimeScale): void {
    if (scale.rangeStartDay !== this.scale.rangeStartDay || scale.rangeEndDay !== this.scale.rangeEndDay)
      this.listDirty = true;
    this.scale = scale;
  }

  /** A new timeframe drawn with GitLab's equal-width columns: `setScale(presetScaleOf(timeframe))`. */
  setTimeframe(timeframe: Timeframe): void {
    this.setScale(presetScaleOf(timeframe));
  }

  getScale(): TimeScale {
    return this.scale;
  }

  setSort(sortedBy: SortValue): void {
    if (sortedBy === this.sortedBy) return;
    this.sortedBy = sortedBy;
    this.listDirty = true;
  }

  setExpanded(id: number, expanded: boolean): void {
    if (expanded === this.expandedIds.has(id)) return;
    if (expanded) this.expandedIds.add(id);
    else this.expandedIds.delete(id);
    this.listDirty = true;
  }

  isExpanded(id: number): boolean {
    return this.expandedIds.has(id);
  }

  setSingleEpicIid(single: boolean): void {
    if (single === this.singleEpicIid) return;
    this.singleEpicIid = single;
    this.listDirty = true;
  }

  setProgressTracking(tracking: ProgressTracking): void {
    this.progressTracking = tracking;
  }

  setCurrentGroupId(groupId: number | null): void {
    this.currentGroupId = groupId;
  }

  setToday(today: CalendarDate): void {
    this.today = calendarDateToDay(today);
  }

  /** Rows in the flattened list. */
  get rowCount(): number {
    this.layoutList();
    return this.work.rowCount;
  }

  /** The row of an epic, or -1 when it is not listed (dropped, or under a collapsed parent). */
  rowOf(id: number): RowIndex | -1 {
    this.layoutList();
    const slot = this.store.slotOf(id);
    const row = slot < 0 ? -1 : this.work.rowOfSlot[slot]!;
    return row < 0 ? -1 : rowIndex(row);
  }

  /** The epic id at a row. */
  idAt(row: RowIndex): number | undefined {
    this.layoutList();
    return row >= 0 && row < this.work.rowCount ? this.store.ids[this.work.rows[row]!] : undefined;
  }

  /** Forgets the list caches, as if every epic had changed (benchmarks measure a full layout so). */
  invalidate(): void {
    this.sortedVersion = -1;
    this.parentsVersion = -1;
    this.shownKey = '';
    this.listDirty = true;
  }

  /** Brings the flattened list up to date; cheap when nothing changed. */
  layoutList(): void {
    if (!this.listDirty) return;
    const { store, work } = this;
    work.reserve(store.length);
    const version = store.version;
    if (this.sortedVersion !== version || this.sortKey !== this.sortedBy) {
      sortSlots(store, this.sortedBy, work);
      this.sortedVersion = version;
      this.sortKey = this.sortedBy;
    }
    if (this.parentsVersion !== version) {
      resolveParents(store, work);
      this.parentsVersion = version;
    }
    const { rangeStartDay, rangeEndDay } = this.scale;
    const shownKey = `${version}:${rangeStartDay}:${rangeEndDay}`;
    if (this.shownKey !== shownKey) {
      markShown(store, rangeStartDay, rangeEndDay, work);
      this.shownKey = shownKey;
    }
    markExpanded(store, this.expandedIds, work);
    flattenRows(store.length, this.singleEpicIid, work);
    this.listDirty = false;
  }

  /** The snapshot of a viewport, tagged with the request's epoch. */
  layoutWindow(epoch: number, viewport: LayoutViewport): LayoutSnapshot {
    this.layoutList();
    return layoutWindow(
      {
        store: this.store,
        work: this.work,
        scale: this.scale,
        today: this.today,
        progressTracking: this.progressTracking,
        currentGroupId: this.currentGroupId,
        dependencies: this.dependencies,
      },
      epoch,
      viewport,
    );
  }
}
