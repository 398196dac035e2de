import type { Executor } from '../db/executor.ts';
import { ANONYMOUS, dataVersionFor } from '../services/actor.ts';
import { type PublicationContext, publishStatusPages } from '../services/statusPage/statusPagePublisher.ts';
import { type PeriodicJob, startPeriodicJob } from './periodicJob.ts';

/** How often the server looks for changes to publish. */
export const STATUS_PAGE_SYNC_INTERVAL_MS = 2000;
/** After a failed publication, how long before it is tried again though nothing changed. */
export const STATUS_PAGE_RETRY_MS = 60_000;

export type StatusPageSync = PeriodicJob;

/**
 * Publishes status pages in the background, as GitLab's publish worker does: whenever any shown data
 * changed (the data version moved), every active status page is brought up to date — files whose
 * content did not change are not written — and failed ones are tried again a minute later. Because
 * it works from the database, what was marked for publication before a crash is published after it.
 */
export function startStatusPageSync(
  db: Executor,
  context: PublicationContext,
  log: (message: string) => void,
  intervalMs = STATUS_PAGE_SYNC_INTERVAL_MS,
): StatusPageSync {
  let seenVersion: string | null = null;
  let retryAt = Number.POSITIVE_INFINITY;
  const pass = async () => {
    const version = await dataVersionFor(db, ANONYMOUS);
    if (version === seenVersion && context.now().getTime() < retryAt) return;
    // Read before publishing: a change made while this pass runs moves it again, and is seen next.
    seenVersion = version;
    const { failed } = await publishStatusPages(db, context);
    retryAt = failed > 0 ? context.now().getTime() + STATUS_PAGE_RETRY_MS : Number.POSITIVE_INFINITY;
  };

  return startPeriodicJob('status page publication', intervalMs, pass, log);
}
