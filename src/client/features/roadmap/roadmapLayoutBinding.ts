/**
 * The roadmap's conversation with its layout worker, on the page's side: sends epics as upserts and
 * removals keyed by id (never the whole list), expansion changes, view changes diffed against what
 * was last sent (one update per change), the new-epic highlight and its removal, and a re-layout
 * when the view moved past the snapshot's buffer; keeps the newest snapshot. The client is made by
 * a factory so tests hand in a fake that records calls and pushes snapshots.
 */
import type { RoadmapEpicInput } from '../../../core/layout/roadmapEpic.ts';
import type { LayoutSnapshot } from '../../../core/layout/snapshot.ts';
import type { LayoutViewport } from '../../../core/layout/windowLayout.ts';
import { sameScaleSpec, sameTimeframeSpec } from '../../../core/time/scaleSpec.ts';
import {
  type RoadmapChange,
  RoadmapLayoutClient,
  type RoadmapLayoutListener,
  type ViewSpec,
} from '../../bridge/roadmapLayoutClient.ts';
import type { RoadmapEpicView } from '../../data/index.ts';
import type { Cancel, Clock } from '../../lib/clock.ts';

/** The RoadmapLayoutClient methods the binding uses. */
export interface LayoutClientPort {
  init(view: ViewSpec): void;
  update(change: RoadmapChange, viewport: LayoutViewport): void;
  layout(viewport: LayoutViewport): void;
  rowOf(id: number): Promise<number>;
  dispose(): void;
}

export type LayoutClientFactory = (listener: RoadmapLayoutListener) => LayoutClientPort;

export const createWorkerLayoutClient: LayoutClientFactory = (listener) => new RoadmapLayoutClient(listener);

/** Timers, injected so tests run the highlight's 3 s without waiting. */
export type Timers = Pick<Clock, 'after'>;

/** Spec: "New epic highlight: 3000 ms." */
export const EPIC_HIGHLIGHT_REMOVE_AFTER_MS = 3000;

export interface LayoutBindingHost extends RoadmapLayoutListener {
  /** The viewport to lay out now. */
  layoutViewport(): LayoutViewport;
}

const toInput = (epic: RoadmapEpicView): RoadmapEpicInput => ({
  id: epic.id,
  iid: epic.iid,
  title: epic.title,
  parentId: epic.parentId,
  groupId: epic.groupId,
  groupName: epic.groupName,
  startDate: epic.startDate,
  dueDate: epic.dueDate,
  descendantCounts: epic.descendantCounts,
  descendantWeightSum: epic.descendantWeightSum,
  color: epic.color,
  textColor: epic.textColor,
  hasChildren: epic.hasChildren,
  ...(epic.newEpic ? { newEpic: true } : {}),
  ...(epic.blockedByIds ? { blockedByIds: epic.blockedByIds } : {}),
  ...(epic.blockingCount ? { blockingCount: epic.blockingCount } : {}),
  ...(epic.closed ? { closed: true } : {}),
});

/** The fields of `next` that differ from `sent`, or null when none does. */
export function viewPatch(sent: ViewSpec, next: ViewSpec): Partial<ViewSpec> | null {
  const patch: { -readonly [K in keyof ViewSpec]?: ViewSpec[K] } = {};
  if (!sameTimeframeSpec(sent.timeframe, next.timeframe)) patch.timeframe = next.timeframe;
  if (!sameScaleSpec(sent.scale, next.scale)) patch.scale = next.scale;
  if (sent.sortedBy !== next.sortedBy) patch.sortedBy = next.sortedBy;
  if (sent.progressTracking !== next.progressTracking) patch.progressTracking = next.progressTracking;
  if (sent.currentGroupId !== next.currentGroupId) patch.currentGroupId = next.currentGroupId;
  if (sent.singleEpicIid !== next.singleEpicIid) patch.singleEpicIid = next.singleEpicIid;
  return Object.keys(patch).length > 0 ? patch : null;
}

/** Where the binding counts what it sends (RoadmapStats). */
export interface LayoutCounts {
  layoutUpdates: number;
  layoutRequests: number;
}

export class RoadmapLayoutBinding {
  snapshot: LayoutSnapshot | null = null;
  private readonly client: LayoutClientPort;
  private readonly host: LayoutBindingHost;
  private readonly timers: Timers;
  private view: ViewSpec;
  private readonly sent = new Map<number, RoadmapEpicView>();
  private expanded: ReadonlySet<number> = new Set();
  private requested: LayoutViewport | null = null;
  private readonly pendingTimers = new Set<Cancel>();

  private readonly counts: LayoutCounts;

  constructor(
    view: ViewSpec,
    host: LayoutBindingHost,
    options: { createClient: LayoutClientFactory; timers: Timers; counts: LayoutCounts },
  ) {
    const { createClient, timers } = options;
    this.counts = options.counts;
    this.view = view;
    this.host = host;
    this.timers = timers;
    this.client = createClient({
      onSnapshot: (snapshot) => {
        this.snapshot = snapshot;
        host.onSnapshot(snapshot);
      },
      onError: (error) => host.onError(error),
      onBusyChange: (busy) => host.onBusyChange?.(busy),
    });
    this.client.init(view);
  }

  /** What the worker was last told about the view. */
  get sentView(): ViewSpec {
    return this.view;
  }

  /** Sends the epics that are new or changed since the last call, and removes the ones gone. */
  setEpics(epics: readonly RoadmapEpicView[]): boolean {
    const upsert: RoadmapEpicInput[] = [];
    const present = new Set<number>();
    for (const epic of epics) {
      present.add(epic.id);
      if (this.sent.get(epic.id) !== epic) {
        this.sent.set(epic.id, epic);
        upsert.push(toInput(epic));
      }
    }
    const remove: number[] = [];
    for (const id of this.sent.keys()) if (!present.has(id)) remove.push(id);
    for (const id of remove) this.sent.delete(id);
    if (!upsert.length && !remove.length) return false;
    this.update({ upsert, remove });
    return true;
  }

  epic(id: number): RoadmapEpicView | undefined {
    return this.sent.get(id);
  }

  setExpanded(id: number, expanded: boolean): void {
    const next = new Set(this.expanded);
    if (expanded) next.add(id);
    else next.delete(id);
    this.expanded = next;
    this.update({ expanded: [{ id, expanded }] });
  }

  /** The expanded rows are `ids`: sends what changed since the last call, in one update. */
  syncExpanded(ids: ReadonlySet<number>): boolean {
    const changes: { id: number; expanded: boolean }[] = [];
    for (const id of ids) if (!this.expanded.has(id)) changes.push({ id, expanded: true });
    for (const id of this.expanded) if (!ids.has(id)) changes.push({ id, expanded: false });
    this.expanded = ids;
    if (!changes.length) return false;
    this.update({ expanded: changes });
    return true;
  }

  /** Sends what differs from the view last sent; false when nothing did. */
  setView(view: ViewSpec): boolean {
    const patch = viewPatch(this.view, view);
    if (!patch) return false;
    this.update({ view: patch });
    return true;
  }

  /**
   * Spec "Highlight": marks a loaded epic new, tells `onRow` its list row once the worker knows it
   * (to scroll it into view), and removes the mark after 3 s. False when the epic is not loaded.
   */
  highlightEpic(id: number, onRow: (row: number, epic: RoadmapEpicView) => void): boolean {
    const epic = this.sent.get(id);
    if (!epic) return false;
    this.update({ upsert: [{ ...toInput(epic), newEpic: true }] });
    void this.client.rowOf(id).then((row) => {
      if (row >= 0) onRow(row, epic);
    });
    const cancel = this.timers.after(EPIC_HIGHLIGHT_REMOVE_AFTER_MS, () => {
      this.pendingTimers.delete(cancel);
      if (this.sent.get(id) === epic) this.update({ upsert: [toInput(epic)] });
    });
    this.pendingTimers.add(cancel);
    return true;
  }

  /** Lays out the viewport as it is now (a resize). */
  requestLayout(): void {
    this.requested = this.host.layoutViewport();
    this.counts.layoutRequests += 1;
    this.client.layout(this.requested);
  }

  /** Lays out again when the view moved from the laid-out viewport far enough (`moved` decides). */
  layoutIfMoved(moved: (requested: LayoutViewport) => boolean): void {
    if (this.requested && moved(this.requested)) this.requestLayout();
  }

  dispose(): void {
    for (const cancel of this.pendingTimers) cancel();
    this.pendingTimers.clear();
    this.client.dispose();
  }

  private update(change: RoadmapChange): void {
    if (change.view) this.view = { ...this.view, ...change.view };
    this.requested = this.host.layoutViewport();
    this.counts.layoutUpdates += 1;
    this.client.update(change, this.requested);
  }
}
