import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../database.ts';
import { migrateToLatest } from '../migrate.ts';
import type { Database } from '../schema.ts';
import { seedDemoData } from './demoOrganisation.ts';
import { insertLargeTree, LARGE_TREE, type LargeTreeSummary } from './largeTree.ts';

let handle: DatabaseHandle;
let db: Kysely<Database>;
let summary: LargeTreeSummary;
let rootId = 0;

beforeAll(async () => {
  handle = await openDatabase({ dataDir: 'memory://' });
  db = handle.db;
  await migrateToLatest(db);
  await seedDemoData(db, { epics: 30, issues: 100, seed: 3, today: '2026-05-01', passwordHash: 'test-hash' });
  summary = await insertLargeTree(db);
  rootId = (
    await db.selectFrom('epics').select('id').where('title', '=', LARGE_TREE.title).executeTakeFirstOrThrow()
  ).id;
}, 120_000);

afterAll(async () => {
  await handle?.close();
});

const count = async (query: ReturnType<typeof sql<{ count: number }>>) =>
  Number((await query.execute(db)).rows[0]?.count ?? 0);

describe('the large tree seed', () => {
  it('gives the epic 5,000 direct children, 100 of them epics, and 20,000 descendants', async () => {
    expect(await count(sql`SELECT count(*) FROM epics WHERE parent_id = ${rootId}`)).toBe(100);
    expect(await count(sql`SELECT count(*) FROM epic_issues WHERE epic_id = ${rootId}`)).toBe(4_900);
    const descendants = await count(sql`
      WITH RECURSIVE tree(id) AS (SELECT ${rootId}::int UNION ALL SELECT e.id FROM epics e JOIN tree ON e.parent_id = tree.id)
      SELECT (SELECT count(*) FROM tree) - 1 + (SELECT count(*) FROM epic_issues WHERE epic_id IN (SELECT id FROM tree)) AS count`);
    expect(descendants).toBe(20_000);
    expect(summary).toMatchObject({ epics: 1_101, issues: 18_900 });
  });

  it('orders every parent children with unique positions, epics and issues taking turns', async () => {
    const clashes = await count(sql`
      SELECT count(*) FROM (
        SELECT parent_id AS parent, relative_position FROM epics WHERE parent_id IS NOT NULL
        UNION ALL SELECT epic_id, relative_position FROM epic_issues
      ) children GROUP BY parent, relative_position HAVING count(*) > 1 OR relative_position IS NULL`);
    expect(clashes).toBe(0);
    const { rows } = await sql<{ kind: string }>`
      SELECT kind FROM (
        SELECT 'epic' AS kind, relative_position FROM epics WHERE parent_id = ${rootId}
        UNION ALL SELECT 'issue', relative_position FROM epic_issues WHERE epic_id = ${rootId}
      ) children ORDER BY relative_position LIMIT 51`.execute(db);
    expect(rows.map((row) => row.kind)).toEqual(['epic', ...Array(49).fill('issue'), 'epic']);
  });

  it('lives in the portfolio group and its public project, whose iid counters continue after it', async () => {
    const project = await db
      .selectFrom('projects')
      .select(['id', 'last_issue_iid', 'visibility_level'])
      .where('full_path', '=', `${LARGE_TREE.groupPath}/${LARGE_TREE.projectPath}`)
      .executeTakeFirstOrThrow();
    expect(project.visibility_level).toBe(20);
    expect(project.last_issue_iid).toBe(18_900);
    const max = await count(sql`SELECT max(iid) AS count FROM issues WHERE project_id = ${project.id}`);
    expect(max).toBe(18_900);
    const group = await db
      .selectFrom('namespaces')
      .select(['id', 'last_epic_iid'])
      .where('full_path', '=', LARGE_TREE.groupPath)
      .executeTakeFirstOrThrow();
    expect(summary.rootEpicIid).toBe(1);
    expect(group.last_epic_iid).toBe(summary.epics);
    const outside = await count(
      sql`SELECT count(*) FROM epics WHERE title LIKE 'Large tree%' AND group_id <> ${group.id}`,
    );
    expect(outside).toBe(0);
    const members = await db
      .selectFrom('members')
      .innerJoin('users', 'users.id', 'members.user_id')
      .select(['users.username', 'members.access_level'])
      .where('members.source_id', '=', group.id)
      .where('members.source_type', '=', 'Namespace')
      .orderBy('members.access_level', 'desc')
      .execute();
    expect(members.map((member) => [member.username, member.access_level])).toEqual([
      ['owner', 50],
      ['maintainer', 40],
      ['developer', 30],
      ['reporter', 20],
      ['guest', 10],
    ]);
  });
});
