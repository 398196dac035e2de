/**
 * What the layout worker runs, minus Comlink: a RoadmapModel driven by small serializable messages.
 * A view spec says which timeframe and scale; changes carry epics by id. Every answer is a snapshot
 * tagged with the caller's epoch. Lives in core so it is tested and benchmarked without a worker.
 */
import {
  type ScaleSpec,
  sameScaleSpec,
  sameTimeframeSpec,
  scaleFromSpec,
  type TimeframeSpec,
  timeframeFromSpec,
} from '../time/scaleSpec.ts';
import type { Timeframe } from '../time/timeframe.ts';
import type { ProgressTracking } from './progress.ts';
import type { RoadmapEpicInput } from './roadmapEpic.ts';
import { RoadmapModel } from './roadmapModel.ts';
import type { LayoutSnapshot } from './snapshot.ts';
import type { SortValue } from './sortOrder.ts';
import type { LayoutViewport } from './windowLayout.ts';

export interface ViewSpec {
  readonly timeframe: TimeframeSpec;
  readonly scale: ScaleSpec;
  readonly sortedBy: SortValue;
  readonly progressTracking: ProgressTracking;
  readonly currentGroupId: number | null;
  readonly singleEpicIid: boolean;
}

/** One batch of changes; every field is optional, applied in this order. */
export interface RoadmapChange {
  readonly view?: Partial<ViewSpec>;
  readonly remove?: readonly number[];
  readonly upsert?: readonly RoadmapEpicInput[];
  readonly expanded?: readonly { readonly id: number; readonly expanded: boolean }[];
}

export class RoadmapSession {
  private view: ViewSpec;
  private timeframe: Timeframe;
  private readonly model: RoadmapModel;
  /** The newest epoch seen; older requests are still answered, and the client drops them. */
  latestEpoch = -1;

  constructor(view: ViewSpec) {
    this.view = view;
    this.timeframe = timeframeFromSpec(view.timeframe);
    this.model = new RoadmapModel({
      scale: scaleFromSpec(this.timeframe, view.scale),
      today: view.timeframe.today,
      sortedBy: view.sortedBy,
      progressTracking: view.progressTracking,
      currentGroupId: view.currentGroupId,
      singleEpicIid: view.singleEpicIid,
    });
  }

  get epicCount(): number {
    return this.model.epicCount;
  }

  apply(change: RoadmapChange): void {
    if (change.view) this.applyView(change.view);
    if (change.remove?.length) this.model.remove(change.remove);
    if (change.upsert?.length) this.model.upsert(change.upsert);
    for (const { id, expanded } of change.expanded ?? []) this.model.setExpanded(id, expanded);
  }

  layout(epoch: number, viewport: LayoutViewport): LayoutSnapshot {
    this.latestEpoch = Math.max(this.latestEpoch, epoch);
    return this.model.layoutWindow(epoch, viewport);
  }

  /** The list row of an epic, or -1 when it is not listed. */
  rowOf(id: number): number {
    return this.model.rowOf(id);
  }

  reset(): void {
    this.model.clear();
  }

  private applyView(patch: Partial<ViewSpec>): void {
    const next: ViewSpec = { ...this.view, ...patch };
    const timeframeChanged = !sameTimeframeSpec(next.timeframe, this.view.timeframe);
    if (timeframeChanged) this.timeframe = timeframeFromSpec(next.timeframe);
    if (timeframeChanged || !sameScaleSpec(next.scale, this.view.scale)) {
      this.model.setScale(scaleFromSpec(this.timeframe, next.scale));
    }
    this.model.setToday(next.timeframe.today);
    this.model.setSort(next.sortedBy);
    this.model.setProgressTracking(next.progressTracking);
    this.model.setCurrentGroupId(next.currentGroupId);
    this.model.setSingleEpicIid(next.singleEpicIid);
    this.view = next;
  }
}
