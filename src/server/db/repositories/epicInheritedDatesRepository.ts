import { sql } from 'kysely';
import type { Executor } from '../executor.ts';
import type { EpicRow, EpicUpdate } from '../schema.ts';
import { intArray } from '../sqlInteger.ts';

/** Dates an epic inherits from its issues' milestones and its child epics, read and stored. */

export interface InheritedDateSource {
  start: string | null;
  /** The milestone the start came from, when it came from one (null when a child epic gave it). */
  startMilestoneId: number | null;
  due: string | null;
  dueMilestoneId: number | null;
}

/**
 * What each epic would inherit (GitLab's "inherited source"): the earliest start and latest due date
 * among its issues' milestones and its child epics' own dates. One statement for many epics.
 */
export async function findInheritedDateSources(
  db: Executor,
  epicIds: readonly number[],
): Promise<Map<number, InheritedDateSource>> {
  const sources = new Map<number, InheritedDateSource>(
    epicIds.map((id) => [id, { start: null, startMilestoneId: null, due: null, dueMilestoneId: null }]),
  );
  if (epicIds.length === 0) return sources;
  const rows = await sql<{
    epic_id: number;
    start_date: string | null;
    due_date: string | null;
    milestone_id: number | null;
  }>`
    SELECT ei.epic_id, m.start_date, m.due_date, m.id AS milestone_id
    FROM epic_issues ei
    JOIN issues i ON i.id = ei.issue_id
    JOIN milestones m ON m.id = i.milestone_id
    WHERE ei.epic_id = ANY(${intArray(epicIds)}) AND (m.start_date IS NOT NULL OR m.due_date IS NOT NULL)
    GROUP BY ei.epic_id, m.id
    UNION ALL
    SELECT parent_id, start_date, due_date, NULL
    FROM epics
    WHERE parent_id = ANY(${intArray(epicIds)}) AND (start_date IS NOT NULL OR due_date IS NOT NULL)`.execute(
    db,
  );
  for (const row of rows.rows) {
    const source = sources.get(row.epic_id);
    if (!source) continue;
    if (row.start_date !== null && (source.start === null || row.start_date < source.start)) {
      source.start = row.start_date;
      source.startMilestoneId = row.milestone_id;
    }
    if (row.due_date !== null && (source.due === null || row.due_date > source.due)) {
      source.due = row.due_date;
      source.dueMilestoneId = row.milestone_id;
    }
  }
  return sources;
}

/** Epics whose inherited dates depend on a milestone: through their issues, or as its current source. */
export async function findEpicsDependingOnMilestone(db: Executor, milestoneId: number): Promise<number[]> {
  const rows = await sql<{ epic_id: number }>`
    SELECT ei.epic_id FROM epic_issues ei JOIN issues i ON i.id = ei.issue_id WHERE i.milestone_id = ${milestoneId}
    UNION
    SELECT id FROM epics WHERE start_date_sourcing_milestone_id = ${milestoneId} OR due_date_sourcing_milestone_id = ${milestoneId}`.execute(
    db,
  );
  return rows.rows.map((row) => row.epic_id);
}

/**
 * Recomputes every inherited date of a root namespace in a few set-based statements, deepest level
 * first (bulk loads; the same rule as refreshEpicDates: issues' milestones and child epics).
 */
export async function recomputeInheritedDatesOfRoot(db: Executor, rootNamespaceId: number): Promise<void> {
  const depths = await sql<{ id: number; depth: number }>`
    WITH RECURSIVE tree(id, depth) AS (
      SELECT id, 1 FROM epics WHERE root_namespace_id = ${rootNamespaceId} AND parent_id IS NULL
      UNION ALL
      SELECT e.id, tree.depth + 1 FROM epics e JOIN tree ON e.parent_id = tree.id WHERE tree.depth < 20
    )
    SELECT max(depth) AS depth, 0 AS id FROM tree`.execute(db);
  const deepest = Number(depths.rows[0]?.depth ?? 0);
  for (let level = deepest; level >= 1; level--) {
    await sql`
      WITH RECURSIVE tree(id, depth) AS (
        SELECT id, 1 FROM epics WHERE root_namespace_id = ${rootNamespaceId} AND parent_id IS NULL
        UNION ALL
        SELECT e.id, tree.depth + 1 FROM epics e JOIN tree ON e.parent_id = tree.id WHERE tree.depth < ${level}
      ),
      level_epics AS (
        SELECT e.id FROM epics e JOIN tree ON tree.id = e.id
        WHERE tree.depth = ${level} AND NOT (e.start_date_is_fixed AND e.due_date_is_fixed)
      ),
      candidates AS (
        SELECT ei.epic_id, m.start_date, m.due_date, m.id AS milestone_id
        FROM epic_issues ei JOIN issues i ON i.id = ei.issue_id JOIN milestones m ON m.id = i.milestone_id
        WHERE ei.epic_id IN (SELECT id FROM level_epics)
        UNION ALL
        SELECT parent_id, start_date, due_date, NULL FROM epics WHERE parent_id IN (SELECT id FROM level_epics)
      ),
      starts AS (
        SELECT DISTINCT ON (epic_id) epic_id, start_date, milestone_id FROM candidates
        WHERE start_date IS NOT NULL ORDER BY epic_id, start_date, milestone_id NULLS LAST
      ),
      dues AS (
        SELECT DISTINCT ON (epic_id) epic_id, due_date, milestone_id FROM candidates
        WHERE due_date IS NOT NULL ORDER BY epic_id, due_date DESC, milestone_id NULLS LAST
      )
      UPDATE epics e SET
        start_date = CASE WHEN e.start_date_is_fixed THEN e.start_date_fixed ELSE starts.start_date END,
        start_date_sourcing_milestone_id = starts.milestone_id,
        due_date = CASE WHEN e.due_date_is_fixed THEN e.due_date_fixed ELSE dues.due_date END,
        due_date_sourcing_milestone_id = dues.milestone_id
      FROM level_epics
      LEFT JOIN starts ON starts.epic_id = level_epics.id
      LEFT JOIN dues ON dues.epic_id = level_epics.id
      WHERE e.id = level_epics.id`.execute(db);
  }
}

export function setEpicDates(
  db: Executor,
  epicId: number,
  dates: Pick<
    EpicUpdate,
    'start_date' | 'due_date' | 'start_date_sourcing_milestone_id' | 'due_date_sourcing_milestone_id'
  >,
): Promise<EpicRow | undefined> {
  return db.updateTable('epics').set(dates).where('id', '=', epicId).returningAll().executeTakeFirst();
}
