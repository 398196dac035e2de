/**
 * The main thread's side of the roadmap layout worker. Answers come back as snapshots with their
 * buffer transferred; epochs, stale snapshots and coalesced re-layouts are LayoutRequests'.
 * Changes (epics, view, expansion) are sent at once and never dropped; plain re-layouts (scroll,
 * pan) are coalesced.
 */

import { type Remote, wrap } from 'comlink';
import type {
  LayoutSnapshot,
  LayoutViewport,
  RoadmapChange,
  RoadmapLayoutApi,
  ViewSpec,
} from '../../../workers/roadmapLayoutApi.ts';
import { LayoutRequests } from './layoutRequests.ts';

export type { LayoutSnapshot, LayoutViewport, RoadmapChange, ViewSpec };

export interface RoadmapLayoutListener {
  /** A snapshot newer than any delivered before. */
  onSnapshot(snapshot: LayoutSnapshot): void;
  /** The worker failed; the page shows its error alert. */
  onError(error: unknown): void;
  /** Called when requests start or all have answered (the page's idle signal). */
  onBusyChange?(busy: boolean): void;
}

function startWorker(): Worker {
  return new Worker(new URL('../../../workers/roadmapLayout.worker.ts', import.meta.url), {
    type: 'module',
    name: 'roadmap-layout',
  });
}

let prestarted: Worker | null = null;

/**
 * Starts the layout worker before the page mounts, so that its script loads and compiles while the
 * page's code and first data are still on their way; the first client made afterwards adopts it.
 */
export function prestartRoadmapLayoutWorker(): void {
  prestarted ??= startWorker();
}

export class RoadmapLayoutClient {
  private readonly worker: Worker;
  private readonly remote: Remote<RoadmapLayoutApi>;
  private readonly requests: LayoutRequests<LayoutSnapshot, LayoutViewport>;
  private disposed = false;

  constructor(listener: RoadmapLayoutListener) {
    this.requests = new LayoutRequests(listener, () => this.disposed);
    this.worker = prestarted ?? startWorker();
    prestarted = null;
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
    this.requests.change((epoch) => this.remote.update(epoch, change, viewport));
  }

  /** Lays out the viewport (scroll, pan); coalesced with other layouts. */
  layout(viewport: LayoutViewport): void {
    this.requests.layout(viewport, (epoch, next) => this.remote.layout(epoch, next));
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

  private track<T>(request: Promise<T>): Promise<T | undefined> {
    return this.requests.track(request);
  }
}
