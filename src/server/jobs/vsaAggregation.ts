import type { Executor } from '../db/executor.ts';
import { aggregatePass } from '../services/valueStreams/vsaAggregator.ts';
import { type PeriodicJob, startPeriodicJob } from './periodicJob.ts';

/** How often queued issuables are folded into the aggregated value stream analytics tables. */
export const VSA_AGGREGATION_INTERVAL_MS = 5000;

/**
 * Keeps value stream analytics' aggregated backend current in the background, as GitLab's
 * incremental aggregation worker does: readers then rarely find anything queued to catch up on.
 */
export function startVsaAggregation(
  db: Executor,
  now: () => Date,
  log: (message: string) => void,
  intervalMs = VSA_AGGREGATION_INTERVAL_MS,
): PeriodicJob {
  return startPeriodicJob(
    'value stream aggregation',
    intervalMs,
    async () => {
      await aggregatePass(db, now());
    },
    log,
  );
}
