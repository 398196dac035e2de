import { sql } from 'kysely';
import type { Executor } from '../executor.ts';
import type { NamespaceRow, ProjectRow } from '../schema.ts';
import type { StatsVisibility } from './visibility.ts';

/**
 * The per-epic rollups of migration 0007: counts and weights below each epic, kept by triggers in
 * four visibility tiers. Here: which tier answers a viewer, and the bulk rebuild and drift check.
 */

/** 0 public, 1 internal, 2 private (members), 3 confidential (members who see confidential items). */
export type RollupTier = 0 | 1 | 2 | 3;

const TIERS: readonly RollupTier[] = [0, 1, 2, 3];

/** The tier of a group's or project's visibility level: SQL's epic_rollup_tier (migration 0007). */
export function rollupTierOfLevel(visibilityLevel: number): RollupTier {
  if (visibilityLevel >= 20) return 0;
  if (visibilityLevel >= 10) return 1;
  return 2;
}

type Owner = Pick<NamespaceRow | ProjectRow, 'id' | 'visibility_level'>;

/**
 * The tier whose sum counts exactly what this scope sees in its root namespace, or null when none
 * does (say, a member of one subgroup only, or someone who sees confidential epics in one group):
 * then the summaries are computed by walking the subtrees instead. Exact set equality, so a tier
 * can never count an item the scope hides, whatever rule produced the scope.
 */
export function rollupTierOfScope(
  scope: Omit<StatsVisibility, 'rollupTier'>,
  groupsOfRoot: readonly Owner[],
  projectsOfRoot: readonly Owner[],
): RollupTier | null {
  const upTo = (owners: readonly Owner[], tier: RollupTier) =>
    owners.filter((owner) => rollupTierOfLevel(owner.visibility_level) <= tier).map((owner) => owner.id);
  return (
    TIERS.find((tier) => {
      const confidential = tier === 3;
      return (
        sameIds(scope.groupIds, upTo(groupsOfRoot, tier)) &&
        sameIds(scope.projectIds, upTo(projectsOfRoot, tier)) &&
        sameIds(scope.confidentialGroupIds, confidential ? upTo(groupsOfRoot, tier) : []) &&
        sameIds(scope.confidentialProjectIds, confidential ? upTo(projectsOfRoot, tier) : [])
      );
    }) ?? null
  );
}

function sameIds(a: readonly number[], b: readonly number[]): boolean {
  const set = new Set(a);
  return set.size === new Set(b).size && b.every((id) => set.has(id));
}

const SETTING = 'plantrack.epic_rollups';

/**
 * Turns the rollup triggers off until `resumeEpicRollups` (or the end of the transaction), for bulk
 * inserts: a trigger per row would walk the ancestors a million times for the seed. Local to the
 * caller's transaction, so that no other session ever sees them off. False when they were off
 * already (a bulk insert inside another): then the outer caller resumes.
 */
export async function deferEpicRollups(trx: Executor): Promise<boolean> {
  if (!trx.isTransaction) throw new Error('deferEpicRollups needs a transaction');
  const { rows } = await sql<{ setting: string | null }>`
    SELECT current_setting(${SETTING}, true) AS setting`.execute(trx);
  if (rows[0]?.setting === 'deferred') return false;
  await sql`SELECT set_config(${SETTING}, 'deferred', true)`.execute(trx);
  return true;
}

/** Rebuilds every root namespace's rollups in one pass each and turns the triggers back on. */
export async function resumeEpicRollups(trx: Executor): Promise<void> {
  await rebuildEpicRollups(trx);
  await sql`SELECT set_config(${SETTING}, '', true)`.execute(trx);
}

/** `run` with the rollup triggers deferred, in a transaction (opened here if need be). */
export async function withEpicRollupsDeferred<T>(
  db: Executor,
  run: (trx: Executor) => Promise<T>,
): Promise<T> {
  if (!db.isTransaction) return db.transaction().execute((trx) => withEpicRollupsDeferred(trx, run));
  const deferred = await deferEpicRollups(db);
  const result = await run(db);
  if (deferred) await resumeEpicRollups(db);
  return result;
}

/** Recomputes every root namespace's rollups from the rows (several top-level groups may share one). */
export async function rebuildEpicRollups(db: Executor): Promise<void> {
  await sql`TRUNCATE epic_rollups`.execute(db);
  await sql`SELECT epic_rollups_rebuild(root_namespace_id) FROM epics GROUP BY root_namespace_id`.execute(db);
}

/** One (epic, tier) whose stored rollups differ from a recomputation; a missing row counts as zeros. */
export interface RollupDrift {
  readonly epicId: number;
  readonly tier: number;
  /** Column → [stored, expected], only for the columns that differ. */
  readonly columns: Readonly<Record<string, readonly [number, number]>>;
}

const COUNTED_COLUMNS = [
  'opened_epics',
  'closed_epics',
  'opened_issues',
  'closed_issues',
  'opened_issue_weight',
  'closed_issue_weight',
  'issues_on_track',
  'issues_needing_attention',
  'issues_at_risk',
] as const;

/**
 * Recomputes every root namespace's rollups from scratch and compares them with the stored ones:
 * the drift found (at most `limit` rows of it) and how many rows were compared.
 */
export async function findEpicRollupDrift(
  db: Executor,
  limit = 100,
): Promise<{ compared: number; driftCount: number; drift: RollupDrift[] }> {
  const differs = sql.join(
    COUNTED_COLUMNS.map(
      (column) => sql`coalesce(s.${sql.ref(column)}, 0) <> coalesce(x.${sql.ref(column)}, 0)`,
    ),
    sql` OR `,
  );
  const pairs = sql.join(
    COUNTED_COLUMNS.map(
      (column) =>
        sql`${column}::text, json_build_array(coalesce(s.${sql.ref(column)}, 0), coalesce(x.${sql.ref(column)}, 0))`,
    ),
  );
  // Stored rows of every tier, also those left at zero: a zero row equals a missing one.
  const { rows } = await sql<{
    compared: number;
    drift_count: number;
    drift: { epic_id: number; tier: number; columns: Record<string, [number, number]> }[] | null;
  }>`
    WITH expected AS MATERIALIZED (
      SELECT x.* FROM (SELECT DISTINCT root_namespace_id AS id FROM epics) roots
      CROSS JOIN LATERAL epic_rollups_expected(roots.id) x
    ),
    compared AS MATERIALIZED (
      SELECT coalesce(s.epic_id, x.epic_id) AS epic_id, coalesce(s.tier, x.tier) AS tier,
        ${differs} AS differs, json_build_object(${pairs}) AS columns
      FROM epic_rollups s FULL JOIN expected x ON x.epic_id = s.epic_id AND x.tier = s.tier
    )
    SELECT count(*)::integer AS compared, (count(*) FILTER (WHERE differs))::integer AS drift_count,
      (SELECT json_agg(first) FROM (
        SELECT epic_id, tier, columns FROM compared WHERE differs ORDER BY epic_id, tier LIMIT ${limit}
      ) first) AS drift
    FROM compared`.execute(db);
  const row = rows[0];
  return {
    compared: row?.compared ?? 0,
    driftCount: row?.drift_count ?? 0,
    drift: (row?.drift ?? []).map((found) => ({
      epicId: found.epic_id,
      tier: found.tier,
      columns: Object.fromEntries(
        Object.entries(found.columns).filter(([, [stored, expected]]) => stored !== expected),
      ),
    })),
  };
}
