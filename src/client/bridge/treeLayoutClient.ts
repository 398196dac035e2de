/**
 * The main thread's side of the epic tree layout worker. Every request carries a new epoch; answers
 * come back as snapshots with their buffer transferred, and one older than what is shown is dropped.
 * Changes, moves, undos and keyboard steps are sent at once, in order, and never dropped; plain
 * re-layouts (scroll) are coalesced: while one is in flight only the newest viewport waits behind
 * it, so a fast scroll never queues stale work in the worker.
 */

import { type Endpoint, type Remote, releaseProxy, wrap } from 'comlink';
import type {
  AppliedMove,
  KeyboardMoveStep,
  MoveRefusal,
  MoveUndo,
  TreeChange,
  TreeItemKey,
  TreeKeyboardInput,
  TreeLayoutApi,
  TreeMove,
  TreePageInfo,
  TreeSnapshot,
  TreeView,
  TreeViewport,
} from '../../../workers/treeLayoutApi.ts';
import { newerSnapshot } from '../../core/layout/snapshot.ts';
import type { Result } from '../../core/lib/result.ts';
import { WorkerRequests } from './workerRequests.ts';

export type { TreeChange, TreeKeyboardInput, TreeMove, TreeSnapshot, TreeView, TreeViewport };

export interface TreeLayoutListener {
  /** A snapshot newer than any delivered before. */
  onSnapshot(snapshot: TreeSnapshot): void;
  /** The worker failed; the card shows its error. */
  onError(error: unknown): void;
  /** Called when requests start or all have answered (the card's idle signal). */
  onBusyChange?(busy: boolean): void;
}

/** A running worker: what Comlink talks to, and how to stop it. */
export interface TreeWorkerConnection {
  readonly endpoint: Endpoint;
  terminate(): void;
}

function startWorker(): TreeWorkerConnection {
  const worker = new Worker(new URL('../../../workers/treeLayout.worker.ts', import.meta.url), {
    type: 'module',
    name: 'tree-layout',
  });
  return { endpoint: worker, terminate: () => worker.terminate() };
}

export class TreeLayoutClient {
  private readonly connection: TreeWorkerConnection;
  private readonly remote: Remote<TreeLayoutApi>;
  private readonly listener: TreeLayoutListener;
  private readonly requests: WorkerRequests;
  private epoch = 0;
  private delivered: TreeSnapshot | null = null;
  private layoutInFlight = false;
  private waitingViewport: TreeViewport | null = null;
  private disposed = false;

  /** `connect` starts the worker; tests pass a MessagePort pair instead. */
  constructor(listener: TreeLayoutListener, connect: () => TreeWorkerConnection = startWorker) {
    this.listener = listener;
    this.requests = new WorkerRequests(listener, () => this.disposed);
    this.connection = connect();
    this.remote = wrap<TreeLayoutApi>(this.connection.endpoint);
  }

  get busy(): boolean {
    return this.requests.busy;
  }

  init(view: TreeView): void {
    this.track(this.remote.init(view));
  }

  /** Applies a change and lays out the viewport; never coalesced. */
  update(change: TreeChange, viewport: TreeViewport): void {
    this.waitingViewport = null;
    this.track(this.remote.update(this.nextEpoch(), change, viewport)).then((snapshot) =>
      this.deliver(snapshot),
    );
  }

  /** Lays out the viewport (scroll); coalesced with other layouts. */
  layout(viewport: TreeViewport): void {
    if (this.layoutInFlight) {
      this.waitingViewport = viewport;
      return;
    }
    this.layoutInFlight = true;
    this.track(this.remote.layout(this.nextEpoch(), viewport)).then((snapshot) => {
      this.layoutInFlight = false;
      this.deliver(snapshot);
      const next = this.waitingViewport;
      this.waitingViewport = null;
      if (next && !this.disposed) this.layout(next);
    });
  }

  /**
   * Applies a move optimistically; resolves with its undo token and epicTreeReorder input (send it,
   * and `undoMove` if it fails), or the refusal. Undefined when the worker failed (reported).
   */
  async move(move: TreeMove, viewport: TreeViewport): Promise<Result<AppliedMove, MoveRefusal> | undefined> {
    const answer = await this.track(this.remote.move(this.nextEpoch(), move, viewport));
    this.deliver(answer?.snapshot);
    return answer?.result;
  }

  undoMove(undo: MoveUndo, viewport: TreeViewport): void {
    this.track(this.remote.undoMove(this.nextEpoch(), undo, viewport)).then((snapshot) =>
      this.deliver(snapshot),
    );
  }

  /** One keyboard-move step: its announcement, focus row and (on drop) the commit to send. */
  async keyboard(
    input: TreeKeyboardInput,
    viewport: TreeViewport,
  ): Promise<{ step: KeyboardMoveStep; focusRow: number } | undefined> {
    const answer = await this.track(this.remote.keyboard(this.nextEpoch(), input, viewport));
    if (!answer) return undefined;
    this.deliver(answer.snapshot);
    return { step: answer.step, focusRow: answer.focusRow };
  }

  /** The row of an item after the changes sent so far, or -1 (asked in order, so it sees them). */
  async rowOf(key: TreeItemKey): Promise<number> {
    return (await this.track(this.remote.rowOf(key))) ?? -1;
  }

  async pageInfo(key: TreeItemKey): Promise<TreePageInfo | undefined> {
    return this.track(this.remote.pageInfo(key));
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    void this.remote
      .dispose()
      .catch((error: unknown) => console.warn('Tree layout worker did not dispose cleanly', error))
      .finally(() => {
        this.remote[releaseProxy]();
        this.connection.terminate();
      });
  }

  private nextEpoch(): number {
    this.epoch += 1;
    return this.epoch;
  }

  private deliver(snapshot: TreeSnapshot | undefined): void {
    if (!snapshot || this.disposed) return;
    if (this.delivered && newerSnapshot(this.delivered, snapshot) === this.delivered) return;
    this.delivered = snapshot;
    this.listener.onSnapshot(snapshot);
  }

  private track<T>(request: Promise<T>): Promise<T | undefined> {
    return this.requests.track(request);
  }
}
