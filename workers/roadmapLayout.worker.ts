/**
 * The roadmap layout worker: a thin Comlink wrapper over RoadmapSession (src/core). It imports only
 * src/core and comlink. Snapshots are returned with their buffer marked for transfer.
 */
import { expose, transfer } from 'comlink';
import { RoadmapSession } from '../src/core/layout/roadmapSession.ts';
import { type LayoutSnapshot, snapshotTransferables } from '../src/core/layout/snapshot.ts';
import type { RoadmapLayoutApi } from './roadmapLayoutApi.ts';

let session: RoadmapSession | null = null;

function requireSession(): RoadmapSession {
  if (!session) throw new Error('Roadmap layout worker used before init()');
  return session;
}

const transferred = (snapshot: LayoutSnapshot): LayoutSnapshot =>
  transfer(snapshot, snapshotTransferables(snapshot));

/** The object the worker exposes; tests import it directly instead of starting a Worker. */
export const roadmapLayoutWorker: RoadmapLayoutApi = {
  init(view) {
    session = new RoadmapSession(view);
  },
  update(epoch, change, viewport) {
    const current = requireSession();
    current.apply(change);
    return transferred(current.layout(epoch, viewport));
  },
  layout(epoch, viewport) {
    return transferred(requireSession().layout(epoch, viewport));
  },
  rowOf(id) {
    return requireSession().rowOf(id);
  },
  dispose() {
    session?.reset();
    session = null;
  },
};

// Expose only inside a real worker; importing this module elsewhere (tests) must not listen on globalThis.
if (typeof (globalThis as { WorkerGlobalScope?: unknown }).WorkerGlobalScope !== 'undefined') {
  expose(roadmapLayoutWorker);
}
