import { sql } from 'kysely';
import type { Executor } from '../executor.ts';
import type { EpicRow } from '../schema.ts';
import { intArray } from '../sqlInteger.ts';

/** The epic hierarchy: its lock, and walks up (ancestors) and down (subtree, children) the tree. */

/** First key of the epic-hierarchy advisory lock, so it cannot collide with other advisory locks. */
const EPIC_HIERARCHY_LOCK_CLASS = 0x45504943; // "EPIC"

/**
 * Holds the epic hierarchy of one root namespace still until the caller's transaction ends: hierarchy
 * rules (cycles, depth, child count, confidentiality) read other epics, and two writers validating
 * against each other's stale reads could together break them. A transaction-level advisory lock
 * blocks only other hierarchy writers, never readers; it is released by COMMIT or ROLLBACK.
 */
export async function lockEpicHierarchy(db: Executor, rootNamespaceId: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${EPIC_HIERARCHY_LOCK_CLASS}::int4, ${rootNamespaceId}::int4)`.execute(
    db,
  );
}

/** The epic and every epic below it, parents before children (bounded by the hierarchy depth). */
export async function findSubtreeIds(
  db: Executor,
  rootNamespaceId: number,
  epicId: number,
): Promise<number[]> {
  const result = await sql<{ id: number }>`
    WITH RECURSIVE tree(id, depth) AS (
      SELECT id, 0 FROM epics WHERE id = ${epicId} AND root_namespace_id = ${rootNamespaceId}
      UNION ALL
      SELECT e.id, tree.depth + 1 FROM epics e JOIN tree ON e.parent_id = tree.id
      WHERE e.root_namespace_id = ${rootNamespaceId} AND tree.depth < 50
    )
    SELECT id FROM tree ORDER BY depth, id`.execute(db);
  return result.rows.map((row) => row.id);
}

/** Ids of the epic's ancestors, nearest first (bounded by the hierarchy depth). */
export async function findAncestorIds(db: Executor, epicId: number): Promise<number[]> {
  const result = await sql<{ id: number }>`
    WITH RECURSIVE chain(id, parent_id, depth) AS (
      SELECT id, parent_id, 0 FROM epics WHERE id = ${epicId}
      UNION ALL
      SELECT e.id, e.parent_id, chain.depth + 1 FROM epics e JOIN chain ON e.id = chain.parent_id WHERE chain.depth < 50
    )
    SELECT id FROM chain WHERE id <> ${epicId} ORDER BY depth`.execute(db);
  return result.rows.map((row) => row.id);
}

/** Levels in the epic's subtree, itself included (1 for a leaf). */
export async function subtreeHeight(db: Executor, epicId: number): Promise<number> {
  const result = await sql<{ height: number }>`
    WITH RECURSIVE tree(id, depth) AS (
      SELECT id, 1 FROM epics WHERE id = ${epicId}
      UNION ALL
      SELECT e.id, tree.depth + 1 FROM epics e JOIN tree ON e.parent_id = tree.id WHERE tree.depth < 50
    )
    SELECT max(depth) AS height FROM tree`.execute(db);
  return Number(result.rows[0]?.height ?? 1);
}

export async function countChildEpics(
  db: Executor,
  parentId: number,
  exceptId: number | null,
): Promise<number> {
  let query = db
    .selectFrom('epics')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('parent_id', '=', parentId);
  if (exceptId !== null) query = query.where('id', '!=', exceptId);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Each epic's ancestors (whole rows), root first, for many epics in one statement. */
export async function findAncestorsOfMany(
  db: Executor,
  epicIds: readonly number[],
): Promise<Map<number, EpicRow[]>> {
  const ancestors = new Map<number, EpicRow[]>(epicIds.map((id) => [id, []]));
  if (epicIds.length === 0) return ancestors;
  const rows = await sql<EpicRow & { chain_epic_id: number }>`
    WITH RECURSIVE chain(epic_id, ancestor_id, depth) AS (
      SELECT id, parent_id, 1 FROM epics WHERE id = ANY(${intArray(epicIds)}) AND parent_id IS NOT NULL
      UNION ALL
      SELECT chain.epic_id, e.parent_id, chain.depth + 1
      FROM chain JOIN epics e ON e.id = chain.ancestor_id
      WHERE e.parent_id IS NOT NULL AND chain.depth < 20
    )
    SELECT chain.epic_id AS chain_epic_id, e.* FROM chain JOIN epics e ON e.id = chain.ancestor_id
    ORDER BY chain.epic_id, chain.depth DESC`.execute(db);
  for (const { chain_epic_id, ...ancestor } of rows.rows) ancestors.get(chain_epic_id)?.push(ancestor);
  return ancestors;
}

/** Whether the epic holds a non-confidential child epic or issue (blocks making it confidential). */
export async function findPublicChildren(
  db: Executor,
  epicId: number,
): Promise<{ publicChildEpic: boolean; publicIssue: boolean }> {
  const [epic, issue] = await Promise.all([
    db
      .selectFrom('epics')
      .select('id')
      .where('parent_id', '=', epicId)
      .where('confidential', '=', false)
      .executeTakeFirst(),
    db
      .selectFrom('epic_issues')
      .innerJoin('issues', 'issues.id', 'epic_issues.issue_id')
      .select('issues.id')
      .where('epic_issues.epic_id', '=', epicId)
      .where('issues.confidential', '=', false)
      .executeTakeFirst(),
  ]);
  return { publicChildEpic: epic !== undefined, publicIssue: issue !== undefined };
}
