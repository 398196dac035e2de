import { type Kysely, sql } from 'kysely';
import { VISIBILITY_LEVEL } from '../../../core/domain/visibility.ts';
import { withEpicRollupsDeferred } from '../repositories/epicRollupRepository.ts';
import type { Database } from '../schema.ts';
import { insertDemoRoleMembers } from './demoRoleMembers.ts';
import { POSITION_GAP } from './epicPlan.ts';
import { DEMO_ROLE_MEMBERSHIPS } from './organisationSpecs.ts';

/**
 * The demo group `portfolio` (written here, not among the organisation's specs, so that acme's data
 * stays what the same seed always gave): one epic whose tree is as big as GitLab lets it be wide, to organise
 * by mouse and keyboard and to measure the tree at scale: 5,000 direct children (100 child epics,
 * GitLab's cap, and 4,900 issues) and 20,000 descendants (1,000 grandchild epics holding 14 issues
 * each), the issues in the group's project `portfolio/delivery`. Child epics and issues take turns in
 * one ordering (every 50th slot is an epic), as the tree shows them. Written in a few set-based
 * statements, after the demo (`npm run seed -- --no-large-tree` leaves it out).
 */
export const LARGE_TREE = {
  groupPath: 'portfolio',
  projectPath: 'delivery',
  title: 'Large tree: 5,000 children',
  childEpics: 100,
  grandchildEpicsPerChild: 10,
  directIssues: 4_900,
  issuesPerGrandchild: 14,
  /** Positions step as the bulk seed spaces them (the tree's ideal distance, services/tree/treePositions.ts). */
  gap: POSITION_GAP,
} as const;

/** Who may do what in `portfolio`: the demo roles, as in `sandbox` and `workshop`. */

export interface LargeTreeSummary {
  readonly members: number;
  readonly rootEpicIid: number;
  readonly epics: number;
  readonly issues: number;
}

/** The public top-level group that holds the tree, with the demo roles as members. */
async function insertPortfolioGroup(db: Kysely<Database>) {
  // A top-level group is a root namespace of its own, as insertGroup makes it: 0 until its id is known.
  const { id } = await db
    .insertInto('namespaces')
    .values({
      root_namespace_id: 0,
      parent_id: null,
      traversal_ids: [],
      path: LARGE_TREE.groupPath,
      name: 'Portfolio',
      full_path: LARGE_TREE.groupPath,
      full_name: 'Portfolio',
      description: 'One epic as wide as a tree may be: 5,000 children, 20,000 descendants.',
      visibility_level: VISIBILITY_LEVEL.public,
      created_at: sql`now()`,
      updated_at: sql`now()`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('namespaces')
    .set({ traversal_ids: [id], root_namespace_id: id })
    .where('id', '=', id)
    .execute();
  await insertDemoRoleMembers(db, { id, root_namespace_id: id }, sql<Date>`now()`);
  return { id, root_namespace_id: id, last_epic_iid: 0 };
}

export function insertLargeTree(db: Kysely<Database>): Promise<LargeTreeSummary> {
  return withEpicRollupsDeferred(db, insertTree);
}

async function insertTree(db: Kysely<Database>): Promise<LargeTreeSummary> {
  const group = await insertPortfolioGroup(db);
  const author = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', 'owner')
    .executeTakeFirstOrThrow();
  const { childEpics, grandchildEpicsPerChild, directIssues, issuesPerGrandchild, gap } = LARGE_TREE;
  const grandchildren = childEpics * grandchildEpicsPerChild;
  const epicCount = 1 + childEpics + grandchildren;
  const issueCount = directIssues + grandchildren * issuesPerGrandchild;
  const firstIid = group.last_epic_iid + 1;
  const slots = childEpics + directIssues;
  const slotsPerEpic = slots / childEpics;
  const centre = Math.floor(slots / 2);

  // The root (n = 0), its child epics (n = 1..100) and their children (n = 101..1,100), in iid order.
  await sql`
    INSERT INTO epics (root_namespace_id, group_id, iid, author_id, title, parent_id, relative_position,
      state, closed_at, created_at, updated_at)
    SELECT ${group.root_namespace_id}, ${group.id}, ${firstIid} + n, ${author.id},
      CASE WHEN n = 0 THEN ${LARGE_TREE.title}
        WHEN n <= ${childEpics} THEN 'Large tree area ' || n
        ELSE 'Large tree area ' || ((n - ${childEpics} - 1) / ${grandchildEpicsPerChild} + 1)
          || '.' || ((n - ${childEpics} - 1) % ${grandchildEpicsPerChild} + 1) END,
      NULL, NULL,
      CASE WHEN n % 7 = 3 THEN 'closed' ELSE 'opened' END,
      CASE WHEN n % 7 = 3 THEN now() ELSE NULL END, now(), now()
    FROM generate_series(0, ${epicCount - 1}) AS n`.execute(db);
  await db
    .updateTable('namespaces')
    .set({ last_epic_iid: group.last_epic_iid + epicCount })
    .where('id', '=', group.id)
    .execute();
  // Parents and positions: child epic k sits in slot (k - 1) × 50 of the root's 5,000 slots.
  await sql`
    UPDATE epics e SET
      parent_id = CASE WHEN e.iid - ${firstIid} <= ${childEpics} THEN root.id
        ELSE (SELECT p.id FROM epics p WHERE p.group_id = ${group.id}
          AND p.iid = ${firstIid} + (e.iid - ${firstIid} - ${childEpics} - 1) / ${grandchildEpicsPerChild} + 1) END,
      relative_position = CASE WHEN e.iid - ${firstIid} <= ${childEpics}
        THEN ((e.iid - ${firstIid} - 1) * ${slotsPerEpic} - ${centre}) * ${gap}
        ELSE ((e.iid - ${firstIid} - ${childEpics} - 1) % ${grandchildEpicsPerChild}) * ${gap} END
    FROM epics root
    WHERE root.group_id = ${group.id} AND root.iid = ${firstIid}
      AND e.group_id = ${group.id} AND e.iid > ${firstIid} AND e.iid < ${firstIid + epicCount}`.execute(db);

  const project = await db
    .insertInto('projects')
    .values({
      root_namespace_id: group.root_namespace_id,
      namespace_id: group.id,
      path: LARGE_TREE.projectPath,
      name: 'Delivery',
      full_path: `${LARGE_TREE.groupPath}/${LARGE_TREE.projectPath}`,
      description: 'The issues of the large epic tree.',
      visibility_level: VISIBILITY_LEVEL.public,
      last_issue_iid: issueCount,
      created_at: sql`now()`,
      updated_at: sql`now()`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { rows: created } = await sql<{ id: number }>`
    INSERT INTO issues (root_namespace_id, project_id, iid, author_id, title, state, weight, health_status,
      created_at, updated_at, closed_at)
    SELECT ${group.root_namespace_id}, ${project.id}, n + 1, ${author.id},
      'Large tree issue ' || (n + 1),
      CASE WHEN n % 5 = 4 THEN 'closed' ELSE 'opened' END,
      CASE WHEN n % 3 = 0 THEN NULL ELSE n % 8 END,
      CASE WHEN n % 4 = 0 THEN NULL ELSE n % 4 END,
      now(), now(), CASE WHEN n % 5 = 4 THEN now() ELSE NULL END
    FROM generate_series(0, ${issueCount - 1}) AS n
    RETURNING id`.execute(db);
  const issueIds = created.map((row) => row.id).sort((a, b) => a - b);

  // The first 4,900 issues fill the root's slots between its child epics; the rest go 14 a grandchild.
  await sql`
    INSERT INTO epic_issues (root_namespace_id, epic_id, issue_id, relative_position, created_at)
    SELECT ${group.root_namespace_id},
      CASE WHEN k < ${directIssues} THEN root.id ELSE grandchild.id END,
      issue_id,
      CASE WHEN k < ${directIssues}
        THEN ((k / ${slotsPerEpic - 1}) * ${slotsPerEpic} + k % ${slotsPerEpic - 1} + 1 - ${centre}) * ${gap}
        ELSE (${grandchildEpicsPerChild} + (k - ${directIssues}) % ${issuesPerGrandchild}) * ${gap} END,
      now()
    FROM unnest(${sql.val(issueIds)}::int[]) WITH ORDINALITY AS listed(issue_id, ordinal)
    CROSS JOIN LATERAL (SELECT (ordinal - 1)::int AS k) AS position
    JOIN epics root ON root.group_id = ${group.id} AND root.iid = ${firstIid}
    LEFT JOIN epics grandchild ON grandchild.group_id = ${group.id}
      AND grandchild.iid = ${firstIid + 1 + childEpics} + (k - ${directIssues}) / ${issuesPerGrandchild}`.execute(
    db,
  );
  return {
    members: DEMO_ROLE_MEMBERSHIPS.length,
    rootEpicIid: firstIid,
    epics: epicCount,
    issues: issueCount,
  };
}
