import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DateRange } from '../../src/core/time/calendarDate.ts';
import { systemNow } from '../../src/server/clock.ts';
import {
  findAncestorIds,
  findSubtreeIds,
  subtreeHeight,
} from '../../src/server/db/repositories/epicHierarchyRepository.ts';
import { deleteEpicRows } from '../../src/server/db/repositories/epicRepository.ts';
import {
  findEpicSummaries,
  walkEpicSummaries,
} from '../../src/server/db/repositories/epicSummaryRepository.ts';
import { insertIssue, nextIssueIid } from '../../src/server/db/repositories/issueRowsRepository.ts';
import { findUserByUsername } from '../../src/server/db/repositories/userRepository.ts';
import { Random } from '../../src/server/db/seed/random.ts';
import { AccessContext } from '../../src/server/services/access.ts';
import { ANONYMOUS, sessionActor } from '../../src/server/services/actor.ts';
import { viewerScopeOfRootNamespace } from '../../src/server/services/viewerScope.ts';
import { BACKENDS } from '../helpers/backends.ts';
import { groupIds, insertTreeEpic } from '../helpers/epicTree.ts';
import { expectNoRollupDrift } from '../helpers/rollups.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

const SEED = 15;
const STEPS = 120;
const TIMEFRAME = { start: '2025-01-01', end: '2027-12-31' } as DateRange;
/** Levels of a hierarchy (GitLab's limit): random moves stay within it, as the services would. */
const MAX_DEPTH = 7;

/**
 * The demo's people and the rollup tier that answers each (migration 0007); null: no tier counts
 * exactly what they see (a member of one subgroup, confidential items in one group only), so their
 * summaries walk the subtrees.
 */
const VIEWERS: readonly (readonly [username: string | null, tier: number | null])[] = [
  [null, 0],
  ['outsider', 1],
  ['guest', 2],
  ['reporter', 3],
  ['admin', 3],
  ['hlamarr', null],
  ['enoether', null],
  ['rfranklin', null],
];

describe.each(BACKENDS)('epic rollups (%s)', (backend) => {
  let server: TestServer;
  let rootId = 0;

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 120, issues: 700 });
    rootId = (await groupIds(server, 'acme')).rootId;
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  const epicIds = async () =>
    (await server.db.selectFrom('epics').select('id').where('root_namespace_id', '=', rootId).execute()).map(
      (row) => row.id,
    );
  const issueIds = async () =>
    (await server.db.selectFrom('issues').select('id').where('root_namespace_id', '=', rootId).execute()).map(
      (row) => row.id,
    );

  async function scopeOf(username: string | null) {
    const user = username === null ? undefined : await findUserByUsername(server.db, username);
    const actor = user ? sessionActor(user) : ANONYMOUS;
    return viewerScopeOfRootNamespace(server.db, new AccessContext(server.db, actor, systemNow), rootId);
  }

  /** Every viewer's summaries of every epic, with and without a timeframe, as the walk counts them. */
  async function expectSummariesAsWalked() {
    const ids = await epicIds();
    for (const [username, tier] of VIEWERS) {
      const scope = await scopeOf(username);
      expect(scope.rollupTier, `tier of ${username ?? 'anonymous'}`).toBe(tier);
      for (const timeframe of [TIMEFRAME, null]) {
        const read = await findEpicSummaries(server.db, ids, scope, timeframe);
        expect(read, `${username ?? 'anonymous'}, timeframe ${timeframe !== null}`).toEqual(
          await walkEpicSummaries(server.db, ids, scope, timeframe),
        );
      }
    }
  }

  /** A parent for the epic that keeps the tree acyclic and within its depth, or null (top level). */
  async function parentFor(random: Random, epicId: number): Promise<number | null> {
    const below = new Set(await findSubtreeIds(server.db, rootId, epicId));
    const height = await subtreeHeight(server.db, epicId);
    const candidates = (await epicIds()).filter((id) => !below.has(id));
    for (let attempt = 0; attempt < 5 && candidates.length > 0; attempt++) {
      const parent = random.pick(candidates);
      if ((await findAncestorIds(server.db, parent)).length + 1 + height <= MAX_DEPTH) return parent;
    }
    return null;
  }

  /** One random write, straight to the database (issues' state, weight and health have no API). */
  async function randomWrite(random: Random): Promise<void> {
    const issue = random.pick(await issueIds());
    const epic = random.pick(await epicIds());
    const some = async () => random.sample(await issueIds(), random.int(2, 6));
    const run = (query: RawBuilder<unknown>) => query.execute(server.db);
    const writes = [
      () =>
        run(sql`UPDATE issues SET state = CASE state WHEN 'opened' THEN 'closed' ELSE 'opened' END
        WHERE id = ${issue}`),
      () =>
        run(
          sql`UPDATE issues SET weight = ${random.chance(0.2) ? null : random.int(0, 8)} WHERE id = ${issue}`,
        ),
      () => run(sql`UPDATE issues SET health_status = ${random.pick([null, 1, 2, 3])} WHERE id = ${issue}`),
      () => run(sql`UPDATE issues SET confidential = NOT confidential WHERE id = ${issue}`),
      async () => run(sql`UPDATE issues SET state = 'closed', weight = 3 WHERE id = ANY(${await some()})`),
      () =>
        run(sql`INSERT INTO epic_issues (root_namespace_id, epic_id, issue_id, relative_position)
        VALUES (${rootId}, ${epic}, ${issue}, ${random.int(0, 9999)})
        ON CONFLICT (issue_id) DO UPDATE SET epic_id = excluded.epic_id`),
      () => run(sql`DELETE FROM epic_issues WHERE issue_id = ${issue}`),
      () => run(sql`DELETE FROM issues WHERE id = ${issue}`),
      async () => run(sql`UPDATE epics SET parent_id = ${await parentFor(random, epic)} WHERE id = ${epic}`),
      () =>
        run(
          sql`UPDATE epics SET state = CASE state WHEN 'opened' THEN 'closed' ELSE 'opened' END WHERE id = ${epic}`,
        ),
      () => run(sql`UPDATE epics SET confidential = NOT confidential WHERE id = ${epic}`),
      () =>
        run(
          sql`DELETE FROM epics WHERE id = ${epic} OR id = (SELECT parent_id FROM epics WHERE id = ${epic})`,
        ),
      // Several epics of one chain in one statement: the epic and its parent.
      () =>
        run(sql`UPDATE epics SET confidential = NOT confidential, state = 'closed'
        WHERE id = ${epic} OR id = (SELECT parent_id FROM epics WHERE id = ${epic})`),
    ] as const;
    const index = random.int(0, writes.length + 2);
    const write = writes[index];
    if (write) {
      await write();
    } else if (index === writes.length) {
      // A subtree deleted as the epic page's form does it, in one transaction.
      await server.db.transaction().execute(async (trx) => {
        await deleteEpicRows(trx, random.chance(0.5) ? await findSubtreeIds(trx, rootId, epic) : [epic]);
      });
    } else if (index === writes.length + 1) {
      const parentId = await parentFor(random, epic);
      const group = await server.db
        .selectFrom('epics')
        .innerJoin('namespaces', 'namespaces.id', 'epics.group_id')
        .select('namespaces.full_path')
        .where('epics.id', '=', parentId ?? epic)
        .executeTakeFirstOrThrow();
      await insertTreeEpic(server, { groupPath: group.full_path, parentId, position: null, title: 'Random' });
    } else {
      await server.db.transaction().execute(async (trx) => {
        const project = await trx
          .selectFrom('issues')
          .select(['project_id', 'author_id'])
          .where('id', '=', issue)
          .executeTakeFirstOrThrow();
        const created = await insertIssue(trx, {
          root_namespace_id: rootId,
          project_id: project.project_id,
          iid: await nextIssueIid(trx, project.project_id),
          author_id: project.author_id,
          title: 'Random',
          weight: random.int(0, 5),
          health_status: random.pick([null, 1, 3]),
          confidential: random.chance(0.3),
        });
        await sql`INSERT INTO epic_issues (root_namespace_id, epic_id, issue_id)
          VALUES (${rootId}, ${epic}, ${created.id})`.execute(trx);
      });
    }
  }

  it('match a recomputation after the seed, and answer each viewer as the subtree walk does', async () => {
    await expectNoRollupDrift(server.db);
    await expectSummariesAsWalked();
  });

  it('stay exact through random writes of every kind', async () => {
    const random = new Random(SEED);
    for (let step = 1; step <= STEPS; step++) {
      await randomWrite(random);
      await expectNoRollupDrift(server.db);
      if (step % 40 === 0) await expectSummariesAsWalked();
    }
  }, 240_000);

  it('lose no update when writers change the same ancestors at once', async () => {
    const random = new Random(SEED + 1);
    for (let round = 0; round < 3; round++) {
      // Leaves move, so no two moves can make a cycle; issues under them change and move too.
      const { rows: leaves } = await sql<{ id: number }>`
        SELECT e.id FROM epics e WHERE e.root_namespace_id = ${rootId} AND e.parent_id IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM epics c WHERE c.parent_id = e.id)`.execute(server.db);
      const moved = random.sample(leaves, 4).map((leaf) => leaf.id);
      const targets = (await epicIds()).filter((id) => !moved.includes(id));
      const { rows: linked } = await sql<{ issue_id: number }>`
        SELECT issue_id FROM epic_issues WHERE epic_id = ANY(${moved}) LIMIT 30`.execute(server.db);
      // Each statement commits alone, so that on PostgreSQL they run side by side on the pool.
      const writes = [
        ...linked.map(
          ({ issue_id }) => sql`UPDATE issues SET weight = ${random.int(0, 9)},
            state = CASE state WHEN 'opened' THEN 'closed' ELSE 'opened' END WHERE id = ${issue_id}`,
        ),
        ...linked
          .slice(0, 8)
          .map(
            ({ issue_id }) =>
              sql`UPDATE epic_issues SET epic_id = ${random.pick(targets)} WHERE issue_id = ${issue_id}`,
          ),
        ...moved.map((id) => sql`UPDATE epics SET parent_id = ${random.pick(targets)} WHERE id = ${id}`),
      ];
      await Promise.all(random.shuffle(writes).map((write) => write.execute(server.db)));
      await expectNoRollupDrift(server.db);
    }
    await expectSummariesAsWalked();
  });
});
