/**
 * The main thread's side of the roadmap layout worker. Every request carries a new epoch; answers
 * come back as snapshots with their buffer transferred, and one older than what is shown is dropped.
 * Changes (epics, view, expansion) are sent at once and never dropped; plain re-layouts (scroll,
 * pan) are coalesced: while one is in flight only the newest viewport waits behind it, so a fast
 * scroll never queues stale work in the worker.
 */

import { type Remote, wrap } from 'comlink';
import type {
  LayoutSnapshot,
  LayoutViewport,
  RoadmapChange,
  RoadmapLayoutApi,
  ViewSpec,
} from '../../../workers/roadmapLayoutApi.ts';
import { newerSnapshot } from '../../core/layout/snapshot.ts';
import { WorkerRequests } from './workerRequests.ts';

export type { LayoutSnapshot, LayoutViewport, RoadmapChange, ViewSpec };

export interface RoadmapLayoutListener {
  /** A snapshot newer than any delivered before. */
  onSnapshot(snapshot: LayoutSnapshot): void;
  /** The worker failed; the page shows its error alert. */
  onError(error: unknown): void;
  /** Called when requests start or all have answered (the page's idle signal). */
  onBusyChange?(busy: boolean): void;
}

export class RoadmapLayoutClient {
  private readonly worker: Worker;
  private readonly remote: Remote<RoadmapLayoutApi>;
  private readonly listener: RoadmapLayoutListener;
  private readonly requests: WorkerRequests;
  private epoch = 0;
  private delivered: LayoutSnapshot | null = null;
  private layoutInFlight = false;
  private waitingViewport: LayoutViewport | null = null;
  private disposed = false;

  constructor(listener: RoadmapLayoutListener) {
    this.listener = listener;
    this.requests = new WorkerRequests(listener, () => this.disposed);
    this.worker = new Worker(new URL('../../../workers/roadmapLayout.worker.ts', import.meta.url), {
      type: 'module',
      name: 'roadmap-layout',
    });
    this.remote = wrap<RoadmapLayoutApi>(this.worker);
  }

  get busy(): boolean {
    return this.requests.busy;
  }

  init(view: ViewSpec): void {
    this.track(this.remote.init(view));
  }

  /** Applies a change and lays out the viewport; never coalesced. */
  update(change: RoadmapChange, viewport: LayoutViewport): void {
    this.epoch += 1;
    this.waitingViewport = null;
    this.track(this.remote.update(this.epoch, change, viewport)).then((snapshot) => this.deliver(snapshot));
  }

  /** Lays out the viewport (scroll, pan); coalesced with other layouts. */
  layout(viewport: LayoutViewport): void {
    if (this.layoutInFlight) {
      this.waitingViewport = viewport;
      return;
    }
    this.layoutInFlight = true;
    this.epoch += 1;
    this.track(this.remote.layout(this.epoch, viewport)).then((snapshot) => {
      this.layoutInFlight = false;
      this.deliver(snapshot);
      const next = this.waitingViewport;
      this.waitingViewport = null;
      if (next && !this.disposed) this.layout(next);
    });
  }

  /** The list row of an epic after the changes sent so far, or -1 (asked in order, so it sees them). */
  async rowOf(id: number): Promise<number> {
    return (await this.track(this.remote.rowOf(id))) ?? -1;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    void this.remote.dispose().finally(() => this.worker.terminate());
  }

  private deliver(snapshot: LayoutSnapshot | undefined): void {
    if (!snapshot || this.disposed) return;
    if (this.delivered && newerSnapshot(this.delivered, snapshot) === this.delivered) return;
    this.delivered = snapshot;
    this.listener.onSnapshot(snapshot);
  }

  private track<T>(request: Promise<T>): Promise<T | undefined> {
    return this.requests.track(request);
  }
}
