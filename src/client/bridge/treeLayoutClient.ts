/**
 * The main thread's side of the epic tree layout worker. Answers come back as snapshots with their
 * buffer transferred; epochs, stale snapshots and coalesced re-layouts are LayoutRequests'.
 * Changes, moves, undos and keyboard steps are sent at once, in order, and never dropped; plain
 * re-layouts (scroll) are coalesced.
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
import type { Result } from '../../core/lib/result.ts';
import { LayoutRequests } from './layoutRequests.ts';

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
  private readonly requests: LayoutRequests<TreeSnapshot, TreeViewport>;
  private disposed = false;

  /** `connect` starts the worker; tests pass a MessagePort pair instead. */
  constructor(listener: TreeLayoutListener, connect: () => TreeWorkerConnection = startWorker) {
    this.requests = new LayoutRequests(listener, () => this.disposed);
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
    this.requests.change((epoch) => this.remote.update(epoch, change, viewport));
  }

  /** Lays out the viewport (scroll); coalesced with other layouts. */
  layout(viewport: TreeViewport): void {
    this.requests.layout(viewport, (epoch, next) => this.remote.layout(epoch, next));
  }

  /**
   * Applies a move optimistically; resolves with its undo token and epicTreeReorder input (send it,
   * and `undoMove` if it fails), or the refusal. Undefined when the worker failed (reported).
   */
  async move(move: TreeMove, viewport: TreeViewport): Promise<Result<AppliedMove, MoveRefusal> | undefined> {
    const answer = await this.track(this.remote.move(this.requests.nextEpoch(), move, viewport));
    this.requests.deliver(answer?.snapshot);
    return answer?.result;
  }

  undoMove(undo: MoveUndo, viewport: TreeViewport): void {
    this.track(this.remote.undoMove(this.requests.nextEpoch(), undo, viewport)).then((snapshot) =>
      this.requests.deliver(snapshot),
    );
  }

  /** One keyboard-move step: its announcement, focus row and (on drop) the commit to send. */
  async keyboard(
    input: TreeKeyboardInput,
    viewport: TreeViewport,
  ): Promise<{ step: KeyboardMoveStep; focusRow: number } | undefined> {
    const answer = await this.track(this.remote.keyboard(this.requests.nextEpoch(), input, viewport));
    if (!answer) return undefined;
    this.requests.deliver(answer.snapshot);
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

  private track<T>(request: Promise<T>): Promise<T | undefined> {
    return this.requests.track(request);
  }
}
