import type { StageEventIdentifier } from '../../../core/domain/valueStreams.ts';
import { DEFAULT_STAGES, stageEventByValue } from '../../../core/domain/valueStreams.ts';
import { type Executor, inTransaction } from '../../db/executor.ts';
import type { StageBackend } from '../../db/repositories/stageDataRepository.ts';
import { type StageEventPair, subjectOfPair } from '../../db/repositories/stageEventSql.ts';
import { listStagesOfRoot } from '../../db/repositories/valueStreamRepository.ts';
import {
  aggregatedBackendEnabled,
  backfillStageHash,
  drainDirtyIssuables,
  ensureStageHash,
  fillPendingStageHashes,
  setAggregatedBackend,
} from '../../db/repositories/vsaAggregationRepository.ts';
import type { AccessContext } from '../access.ts';
import { topLevelIdOf, valueStreamGroup } from './valueStreamService.ts';

/**
 * The aggregated backend (GitLab's Analytics::CycleAnalytics::DataLoaderService and its incremental
 * aggregation): a stage definition's rows are filled once, then only the issuables that changed are
 * recomputed, in batches, from the queue the database's triggers keep.
 */

/** Issuables recomputed per batch, and per request before it reads (the periodic job does the rest). */
export const AGGREGATION_BATCH = 2_000;
const REQUEST_CATCH_UP_BATCHES = 5;

/** Takes queued issuables off the queue and recomputes them, up to `batches` batches. */
export async function aggregateQueued(db: Executor, batches: number): Promise<number> {
  let total = 0;
  for (let batch = 0; batch < batches; batch++) {
    const taken = await inTransaction(db, (trx) => drainDirtyIssuables(trx, AGGREGATION_BATCH));
    total += taken;
    if (taken < AGGREGATION_BATCH) break;
  }
  return total;
}

/** The stage's hash, filled on first use; the queue drained first so its rows are current. */
async function currentHash(
  db: Executor,
  rootNamespaceId: number,
  pair: StageEventPair,
  now: Date,
): Promise<number> {
  await aggregateQueued(db, REQUEST_CATCH_UP_BATCHES);
  const hash = await ensureStageHash(db, rootNamespaceId, pair);
  if (!hash.backfilled) await inTransaction(db, (trx) => backfillStageHash(trx, hash, now));
  return hash.id;
}

/** Whether the group's top-level group reads from the aggregated backend (Reporters and up). */
export async function readAggregatedBackend(
  db: Executor,
  access: AccessContext,
  groupPath: string,
): Promise<boolean> {
  const group = await valueStreamGroup(db, access, groupPath);
  return aggregatedBackendEnabled(db, topLevelIdOf(group));
}

/**
 * Switches the top-level group's backend (GitLab's use_aggregated_backend). Switched on, its stage
 * definitions are filled now rather than by the first reader.
 */
export async function switchAggregatedBackend(
  db: Executor,
  access: AccessContext,
  groupPath: string,
  enabled: boolean,
): Promise<void> {
  const group = await valueStreamGroup(db, access, groupPath, 'admin_value_stream');
  const root = topLevelIdOf(group);
  await setAggregatedBackend(db, root, enabled);
  if (enabled) await aggregateRoot(db, root, access.now());
}

/** Where a stage's rows are read from: the aggregated table if the group uses it, else the events. */
export async function stageBackend(
  db: Executor,
  rootNamespaceId: number,
  pair: StageEventPair,
  now: Date,
): Promise<StageBackend> {
  if (!(await aggregatedBackendEnabled(db, rootNamespaceId))) return { kind: 'direct' };
  return {
    kind: 'aggregated',
    hashId: await currentHash(db, rootNamespaceId, pair, now),
    topLevelId: rootNamespaceId,
  };
}

/** The pair a stage row measures. */
export function pairOfStage(row: {
  start_event_identifier: number;
  end_event_identifier: number;
  start_event_label_id: number | null;
  end_event_label_id: number | null;
}): StageEventPair {
  const start = stageEventByValue(row.start_event_identifier)?.identifier as StageEventIdentifier;
  const end = stageEventByValue(row.end_event_identifier)?.identifier as StageEventIdentifier;
  return {
    subject: subjectOfPair(start),
    start,
    end,
    startLabelId: row.start_event_label_id,
    endLabelId: row.end_event_label_id,
  };
}

/**
 * Fills every stage definition of the top-level group that is not yet filled (its value streams'
 * stages and the default ones), then drains its queue: what a fresh start or the periodic job runs
 * so that the first reader does not wait.
 */
export async function aggregateRoot(db: Executor, rootNamespaceId: number, now: Date): Promise<void> {
  await aggregateQueued(db, Number.POSITIVE_INFINITY);
  const pairs = [
    ...DEFAULT_STAGES.map((stage) => ({
      subject: subjectOfPair(stage.start),
      start: stage.start,
      end: stage.end,
      startLabelId: null,
      endLabelId: null,
    })),
    ...(await listStagesOfRoot(db, rootNamespaceId)).map(pairOfStage),
  ];
  for (const pair of pairs) {
    const hash = await ensureStageHash(db, rootNamespaceId, pair);
    if (!hash.backfilled) await inTransaction(db, (trx) => backfillStageHash(trx, hash, now));
  }
}

/** One pass of the periodic job: a few batches of the queue, then the stage definitions not yet filled. */
export async function aggregatePass(db: Executor, now: Date): Promise<void> {
  await aggregateQueued(db, 10);
  await fillPendingStageHashes(db, now);
}
