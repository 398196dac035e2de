import { sql } from 'kysely';
import {
  type StageEventIdentifier,
  stageEventByValue,
  stageEventValue,
  stageIsRecorded,
} from '../../../core/domain/valueStreams.ts';
import { type Executor, inTransaction } from '../executor.ts';
import { type StageEventPair, SUBJECT_TABLES, stageRowsOf, subjectOfPair } from './stageEventSql.ts';

/**
 * The aggregated backend's tables: a stage-event hash per distinct stage definition of a top-level
 * group, and per hash one row per issue or merge request that has the start event. A hash is filled
 * once (backfilled); after that only the issuables the triggers queue in vsa_dirty_issuables are
 * recomputed.
 */

export interface StageHash extends StageEventPair {
  readonly id: number;
  readonly rootNamespaceId: number;
  readonly backfilled: boolean;
}

interface StageHashRow {
  id: number;
  root_namespace_id: number;
  start_event_identifier: number;
  end_event_identifier: number;
  start_event_label_id: number;
  end_event_label_id: number;
  backfilled_at: Date | null;
}

function hashOfRow(row: StageHashRow): StageHash {
  const start = stageEventByValue(row.start_event_identifier)?.identifier as StageEventIdentifier;
  const end = stageEventByValue(row.end_event_identifier)?.identifier as StageEventIdentifier;
  return {
    id: row.id,
    rootNamespaceId: row.root_namespace_id,
    subject: subjectOfPair(start),
    start,
    end,
    startLabelId: row.start_event_label_id || null,
    endLabelId: row.end_event_label_id || null,
    backfilled: row.backfilled_at !== null,
  };
}

/** The hash of a stage definition in a top-level group, made on first use. */
export async function ensureStageHash(
  db: Executor,
  rootNamespaceId: number,
  pair: StageEventPair,
): Promise<StageHash> {
  const values = {
    root: rootNamespaceId,
    start: stageEventValue(pair.start),
    end: stageEventValue(pair.end),
    startLabel: pair.startLabelId ?? 0,
    endLabel: pair.endLabelId ?? 0,
  };
  await sql`INSERT INTO vsa_stage_event_hashes
      (root_namespace_id, start_event_identifier, end_event_identifier, start_event_label_id, end_event_label_id)
    VALUES (${values.root}, ${values.start}, ${values.end}, ${values.startLabel}, ${values.endLabel})
    ON CONFLICT DO NOTHING`.execute(db);
  const { rows } = await sql<StageHashRow>`SELECT * FROM vsa_stage_event_hashes
    WHERE root_namespace_id = ${values.root} AND start_event_identifier = ${values.start}
      AND end_event_identifier = ${values.end} AND start_event_label_id = ${values.startLabel}
      AND end_event_label_id = ${values.endLabel}`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('The stage event hash was not stored');
  return hashOfRow(row);
}

/** The filled hashes of these top-level groups, which the queue keeps current. */
async function backfilledHashes(db: Executor, topLevelIds: readonly number[]): Promise<StageHash[]> {
  if (topLevelIds.length === 0) return [];
  const { rows } = await sql<StageHashRow>`SELECT * FROM vsa_stage_event_hashes
    WHERE root_namespace_id = ANY(${[...topLevelIds]}) AND backfilled_at IS NOT NULL ORDER BY id`.execute(db);
  return rows.map(hashOfRow);
}

/** The issuable's project is in the hash's top-level group. */
const inTopLevelGroup = (alias: string, topLevelId: number) =>
  sql`${sql.ref(`${alias}.project_id`)} IN (SELECT projects.id FROM projects
    JOIN namespaces ON namespaces.id = projects.namespace_id WHERE namespaces.traversal_ids[1] = ${topLevelId})`;

function insertRows(hash: StageHash, where: ReturnType<typeof sql>) {
  const { stageEvents, eventsColumn } = SUBJECT_TABLES[hash.subject];
  return sql`INSERT INTO ${sql.table(stageEvents)} (stage_event_hash_id, ${sql.ref(eventsColumn)}, project_id,
      author_id, milestone_id, state, start_event_timestamp, end_event_timestamp, duration_in_milliseconds)
    SELECT ${hash.id}, r.id, r.project_id, r.author_id, r.milestone_id, r.state, r.start_event_timestamp,
      r.end_event_timestamp, r.duration_in_milliseconds
    FROM (${stageRowsOf(hash, where)}) r WHERE r.end_event_timestamp IS NOT NULL`;
}

/** Stages whose events are never recorded here (commits, pipelines) have no rows to keep. */
const hasRows = (hash: StageHash) => stageIsRecorded(hash.start, hash.end);

/** Fills a hash's rows from every issuable of its top-level group, and marks it filled. */
export async function backfillStageHash(db: Executor, hash: StageHash, now: Date): Promise<void> {
  const { stageEvents, alias } = SUBJECT_TABLES[hash.subject];
  // Run in a transaction: a second filler (a reader and the periodic job) waits here, then finds it filled.
  const { rows } = await sql<{ backfilled_at: Date | null }>`SELECT backfilled_at FROM vsa_stage_event_hashes
    WHERE id = ${hash.id} FOR UPDATE`.execute(db);
  if (rows[0]?.backfilled_at) return;
  if (!hasRows(hash)) {
    await sql`UPDATE vsa_stage_event_hashes SET backfilled_at = ${now} WHERE id = ${hash.id}`.execute(db);
    return;
  }
  await sql`DELETE FROM ${sql.table(stageEvents)} WHERE stage_event_hash_id = ${hash.id}`.execute(db);
  await insertRows(hash, inTopLevelGroup(alias, hash.rootNamespaceId)).execute(db);
  await sql`UPDATE vsa_stage_event_hashes SET backfilled_at = ${now} WHERE id = ${hash.id}`.execute(db);
}

/** Recomputes the rows of these issuables in every filled hash of their subject and top-level groups. */
async function refreshIssuables(db: Executor, subject: StageEventPair['subject'], ids: readonly number[]) {
  if (ids.length === 0) return;
  const { table, stageEvents, eventsColumn, alias } = SUBJECT_TABLES[subject];
  const { rows: groups } = await sql<{ top: number }>`SELECT DISTINCT namespaces.traversal_ids[1] AS top
    FROM ${sql.table(table)} ${sql.raw(alias)} JOIN projects ON projects.id = ${sql.ref(`${alias}.project_id`)}
    JOIN namespaces ON namespaces.id = projects.namespace_id
    WHERE ${sql.ref(`${alias}.id`)} = ANY(${[...ids]})`.execute(db);
  // Rows of deleted or moved issuables go whatever their group; current ones are written again.
  await sql`DELETE FROM ${sql.table(stageEvents)} WHERE ${sql.ref(eventsColumn)} = ANY(${[...ids]})`.execute(
    db,
  );
  for (const hash of await backfilledHashes(
    db,
    groups.map((group) => group.top),
  )) {
    if (hash.subject !== subject || !hasRows(hash)) continue;
    await insertRows(
      hash,
      sql`${sql.ref(`${alias}.id`)} = ANY(${[...ids]}) AND ${inTopLevelGroup(alias, hash.rootNamespaceId)}`,
    ).execute(db);
  }
}

/**
 * Takes up to `limit` queued issuables off the queue and recomputes their rows; returns how many it
 * took. Run inside a transaction: a concurrent pass skips the rows this one holds, and a write that
 * queues one of them again waits for this pass and is taken by the next.
 */
export async function drainDirtyIssuables(db: Executor, limit: number): Promise<number> {
  const { rows } = await sql<{ issuable_type: 'Issue' | 'MergeRequest'; issuable_id: number }>`
    DELETE FROM vsa_dirty_issuables WHERE (issuable_type, issuable_id) IN (
      SELECT issuable_type, issuable_id FROM vsa_dirty_issuables LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING issuable_type, issuable_id`.execute(db);
  if (rows.length === 0) return 0;
  const idsOf = (type: 'Issue' | 'MergeRequest') =>
    rows.filter((row) => row.issuable_type === type).map((row) => row.issuable_id);
  await refreshIssuables(db, 'Issue', idsOf('Issue'));
  await refreshIssuables(db, 'MergeRequest', idsOf('MergeRequest'));
  return rows.length;
}

/** Whether the top-level group reads from the aggregated backend (GitLab's default: yes). */
export async function aggregatedBackendEnabled(db: Executor, rootNamespaceId: number): Promise<boolean> {
  const row = await db
    .selectFrom('vsa_aggregations')
    .select('enabled')
    .where('root_namespace_id', '=', rootNamespaceId)
    .executeTakeFirst();
  return row?.enabled ?? true;
}

export async function setAggregatedBackend(
  db: Executor,
  rootNamespaceId: number,
  enabled: boolean,
): Promise<void> {
  await db
    .insertInto('vsa_aggregations')
    .values({ root_namespace_id: rootNamespaceId, enabled })
    .onConflict((conflict) => conflict.column('root_namespace_id').doUpdateSet({ enabled }))
    .execute();
}

/**
 * The stage definitions of value streams whose hash is not filled yet, in top-level groups that use
 * the aggregated backend: what the periodic job (and the demo) fill ahead of the first reader.
 */
export async function pendingStagePairs(
  db: Executor,
): Promise<{ rootNamespaceId: number; pair: StageEventPair }[]> {
  const { rows } = await sql<{
    root: number;
    start_event_identifier: number;
    end_event_identifier: number;
    start_event_label_id: number;
    end_event_label_id: number;
  }>`SELECT DISTINCT n.traversal_ids[1] AS root, s.start_event_identifier, s.end_event_identifier,
      COALESCE(s.start_event_label_id, 0) AS start_event_label_id, COALESCE(s.end_event_label_id, 0) AS end_event_label_id
    FROM value_stream_stages s
    JOIN value_streams v ON v.id = s.value_stream_id
    JOIN namespaces n ON n.id = v.group_id
    WHERE NOT EXISTS (SELECT 1 FROM vsa_aggregations a WHERE a.root_namespace_id = n.traversal_ids[1] AND NOT a.enabled)
      AND NOT EXISTS (SELECT 1 FROM vsa_stage_event_hashes h WHERE h.root_namespace_id = n.traversal_ids[1]
        AND h.start_event_identifier = s.start_event_identifier AND h.end_event_identifier = s.end_event_identifier
        AND h.start_event_label_id = COALESCE(s.start_event_label_id, 0)
        AND h.end_event_label_id = COALESCE(s.end_event_label_id, 0) AND h.backfilled_at IS NOT NULL)`.execute(
    db,
  );
  return rows.map((row) => {
    const { subject, start, end, startLabelId, endLabelId } = hashOfRow({
      id: 0,
      root_namespace_id: row.root,
      start_event_identifier: row.start_event_identifier,
      end_event_identifier: row.end_event_identifier,
      start_event_label_id: row.start_event_label_id,
      end_event_label_id: row.end_event_label_id,
      backfilled_at: null,
    });
    return { rootNamespaceId: row.root, pair: { subject, start, end, startLabelId, endLabelId } };
  });
}

/** Fills every pending stage definition; returns how many. */
export async function fillPendingStageHashes(db: Executor, now: Date): Promise<number> {
  const pending = await pendingStagePairs(db);
  for (const { rootNamespaceId, pair } of pending) {
    const hash = await ensureStageHash(db, rootNamespaceId, pair);
    if (!hash.backfilled) await inTransaction(db, (trx) => backfillStageHash(trx, hash, now));
  }
  return pending.length;
}
