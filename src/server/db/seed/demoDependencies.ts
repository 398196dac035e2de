/**
 * A few 'blocks' links the demo's roadmap shows as dependency arrows: among the earliest-starting
 * open, non-confidential top-level epics of the public `acme` group (the first rows of its roadmap,
 * sorted by start date), a chain of links between neighbours — where a blocked epic starts before
 * its blocker is due, the arrow shows red — and one link whose blocked epic starts after its
 * blocker is due. Deterministic: it reads only the seeded epics.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema.ts';

interface Candidate {
  id: number;
  root_namespace_id: number;
  start_date: string;
  due_date: string;
}

/** How many of the earliest epics are chained. */
const CHAIN = 6;

export async function linkDemoDependencies(db: Kysely<Database>, rootPath = 'acme'): Promise<number> {
  const rows = await sql<Candidate>`
    SELECT e.id, e.root_namespace_id, e.start_date::text AS start_date, e.due_date::text AS due_date
    FROM epics e JOIN namespaces n ON n.id = e.group_id
    WHERE n.full_path = ${rootPath} AND n.visibility_level = 20 AND e.parent_id IS NULL
      AND e.state = 'opened' AND NOT e.confidential
      AND e.start_date IS NOT NULL AND e.due_date IS NOT NULL AND e.due_date >= current_date - 365
    ORDER BY e.start_date, e.id
    LIMIT 40`.execute(db);
  const epics = rows.rows;
  const pairs: [Candidate, Candidate][] = [];
  for (let i = 0; i + 1 < Math.min(CHAIN, epics.length); i += 1) pairs.push([epics[i]!, epics[i + 1]!]);
  // One that keeps its order, if the first epics have one: the blocked epic starts after the blocker is due.
  const first = epics[0];
  const after = first && epics.find((epic) => epic.start_date > first.due_date);
  if (first && after && !pairs.some(([, blocked]) => blocked.id === after.id)) pairs.push([first, after]);
  const existing = await db
    .selectFrom('related_epic_links')
    .select(['source_id', 'target_id'])
    .where((eb) =>
      eb.or(
        pairs.flatMap(([a, b]) => [
          eb.and([eb('source_id', '=', a.id), eb('target_id', '=', b.id)]),
          eb.and([eb('source_id', '=', b.id), eb('target_id', '=', a.id)]),
        ]),
      ),
    )
    .execute();
  const taken = new Set(
    existing.map(
      (link) => `${Math.min(link.source_id, link.target_id)}:${Math.max(link.source_id, link.target_id)}`,
    ),
  );
  const fresh = pairs.filter(([a, b]) => !taken.has(`${Math.min(a.id, b.id)}:${Math.max(a.id, b.id)}`));
  if (fresh.length === 0) return 0;
  await db
    .insertInto('related_epic_links')
    .values(
      fresh.map(([blocker, blocked]) => ({
        root_namespace_id: blocker.root_namespace_id,
        source_id: blocker.id,
        target_id: blocked.id,
        link_type: 'blocks',
      })),
    )
    .execute();
  return fresh.length;
}

/**
 * The roadmap benchmark's links (`--roadmap-flat`): every eighth epic in start-date order blocks the
 * epic two rows below it, so a screen of rows has a few arrows as a real plan would (1,250 at 10k).
 */
export async function linkFlatRoadmapDependencies(db: Kysely<Database>): Promise<number> {
  const inserted = await sql<{ id: number }>`
    WITH ordered AS (
      SELECT id, root_namespace_id, row_number() OVER (ORDER BY start_date NULLS FIRST, id) AS rn FROM epics
      WHERE parent_id IS NULL
    )
    INSERT INTO related_epic_links (root_namespace_id, source_id, target_id, link_type)
    SELECT a.root_namespace_id, a.id, b.id, 'blocks'
    FROM ordered a JOIN ordered b ON b.rn = a.rn + 2 AND b.root_namespace_id = a.root_namespace_id
    WHERE a.rn % 8 = 0
      AND NOT EXISTS (SELECT 1 FROM related_epic_links l
        WHERE (l.source_id = a.id AND l.target_id = b.id) OR (l.source_id = b.id AND l.target_id = a.id))
    RETURNING id`.execute(db);
  return inserted.rows.length;
}
