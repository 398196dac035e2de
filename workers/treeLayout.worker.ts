/**
 * The epic tree layout worker: a thin Comlink wrapper over TreeSession (src/core). It imports only
 * src/core and comlink. Answers are returned with their snapshot buffer marked for transfer.
 */
import { expose, transfer } from 'comlink';
import { TreeSession } from '../src/core/layout/tree/treeSession.ts';
import { type TreeSnapshot, treeSnapshotTransferables } from '../src/core/layout/tree/treeSnapshot.ts';
import type { TreeLayoutApi } from './treeLayoutApi.ts';

let session: TreeSession | null = null;

function requireSession(): TreeSession {
  if (!session) throw new Error('Tree layout worker used before init()');
  return session;
}

const transferred = <T extends { readonly snapshot: TreeSnapshot } | TreeSnapshot>(answer: T): T =>
  transfer(answer, treeSnapshotTransferables('snapshot' in answer ? answer.snapshot : answer));

/** The object the worker exposes; tests import it directly instead of starting a Worker. */
export const treeLayoutWorker: TreeLayoutApi = {
  init(view) {
    session = new TreeSession(view);
  },
  update(epoch, change, viewport) {
    const current = requireSession();
    current.apply(change);
    return transferred(current.layout(epoch, viewport));
  },
  layout(epoch, viewport) {
    return transferred(requireSession().layout(epoch, viewport));
  },
  move(epoch, move, viewport) {
    const current = requireSession();
    const result = current.move(move);
    return transferred({ result, snapshot: current.layout(epoch, viewport) });
  },
  undoMove(epoch, undo, viewport) {
    const current = requireSession();
    current.undoMove(undo);
    return transferred(current.layout(epoch, viewport));
  },
  keyboard(epoch, input, viewport) {
    const current = requireSession();
    const step = current.keyboard(input);
    const focusRow = step.focusKey === null ? -1 : current.rowOf(step.focusKey);
    return transferred({ step, focusRow, snapshot: current.layout(epoch, viewport) });
  },
  rowOf(key) {
    return requireSession().rowOf(key);
  },
  pageInfo(key) {
    return requireSession().pageInfo(key);
  },
  dispose() {
    session?.reset();
    session = null;
  },
};

// Expose only inside a real worker; importing this module elsewhere (tests) must not listen on globalThis.
if (typeof (globalThis as { WorkerGlobalScope?: unknown }).WorkerGlobalScope !== 'undefined') {
  expose(treeLayoutWorker);
}
