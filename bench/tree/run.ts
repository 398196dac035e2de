/**
 * The epic tree at scale (not part of npm test).
 *
 *   node --import tsx bench/tree/run.ts [--reuse] [--runs 40] [--warmup 5] [--write-baseline]
 *
 * Seeds a PGlite database with the demo, whose `portfolio` group holds the large tree
 * (bench/results/pglite-tree-large; kept for `--reuse`), starts the app in-process and times over HTTP, as the owner: GitLab's `childItems`
 * query for the big epic's first page (100 child epics + 100 issues, with the root's descendant counts
 * over 20,000 descendants), the next issue page, and `epicTreeReorder` of random direct children
 * (next to a random sibling, and to a parent among the child epics and back). Then one reorder into a
 * gap with no room left, which rebalances all 5,000 siblings. Prints a table; writes
 * bench/results/tree.json; compares with bench/baselines/tree.md (bench/baseline.ts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { GRAPHQL_PATH } from '../../src/core/domain/webPaths.ts';
import { systemNow } from '../../src/server/clock.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { findUserByUsername } from '../../src/server/db/repositories/userRepository.ts';
import { LARGE_TREE } from '../../src/server/db/seed/largeTree.ts';
import { Random } from '../../src/server/db/seed/random.ts';
import { buildApp } from '../../src/server/http/app.ts';
import { createPersonalAccessToken } from '../../src/server/services/auth/authService.ts';
import { CHILD_ITEMS_QUERY, EPIC_REORDER_MUTATION } from '../../tests/helpers/epicTree.ts';
import { createClientManifestDir } from '../../tests/helpers/fakeClientBundle.ts';
import { BENCH_TODAY, benchConfig, REPO_ROOT, RESULTS_DIR } from '../api/shared.ts';
import { BASELINE_OPTIONS, compareWithBaseline } from '../baseline.ts';
import { distribution } from '../stats.ts';

const { values } = parseArgs({
  options: {
    ...BASELINE_OPTIONS,
    reuse: { type: 'boolean' },
    runs: { type: 'string' },
    warmup: { type: 'string' },
  },
});
const RUNS = Number(values.runs ?? 40);
const WARMUP = Number(values.warmup ?? 5);
const DATA_DIR = resolve(RESULTS_DIR, 'pglite-tree-large');

function prepare(): void {
  if (values.reuse && existsSync(DATA_DIR)) return;
  rmSync(DATA_DIR, { recursive: true, force: true });
  mkdirSync(RESULTS_DIR, { recursive: true });
  const seeded = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'src/server/db/seed/cli.ts', '--today', BENCH_TODAY],
    { cwd: REPO_ROOT, env: { ...process.env, DATA_DIR, DATABASE_URL: '' }, stdio: 'inherit' },
  );
  if (seeded.status !== 0) throw new Error('Seeding failed');
}

interface Timing {
  readonly name: string;
  readonly runs: number;
  readonly medianMs: number;
  readonly p95Ms: number;
  readonly statements: number;
}

async function main(): Promise<void> {
  prepare();
  let statements = 0;
  const handle = await openDatabase({ dataDir: DATA_DIR, onStatement: () => void statements++ });
  // As the server does at start: a database seeded by an older checkout gets the newer migrations.
  await migrateToLatest(handle.db);
  const clientDir = createClientManifestDir();
  const app = await buildApp({ config: benchConfig(clientDir), db: handle.db, now: systemNow });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const owner = await findUserByUsername(handle.db, 'owner');
  if (!owner) throw new Error('No owner');
  const token = await createPersonalAccessToken(handle.db, owner, 'tree bench', ['api'], null);
  const root = await handle.db
    .selectFrom('epics')
    .select(['id', 'iid'])
    .where('title', '=', LARGE_TREE.title)
    .executeTakeFirstOrThrow();
  const graphql = async (query: string, variables: Record<string, unknown>) => {
    const response = await fetch(`${baseUrl}${GRAPHQL_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'PRIVATE-TOKEN': token },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as { data?: Record<string, unknown>; errors?: unknown[] };
    if (body.errors) throw new Error(JSON.stringify(body.errors));
    return body.data;
  };
  const time = async (name: string, run: (index: number) => Promise<unknown>): Promise<Timing> => {
    for (let index = 0; index < WARMUP; index++) await run(index);
    const samples: number[] = [];
    const before = statements;
    for (let index = 0; index < RUNS; index++) {
      const started = performance.now();
      await run(WARMUP + index);
      samples.push(performance.now() - started);
    }
    const spread = distribution(samples);
    return {
      name,
      runs: RUNS,
      medianMs: spread?.p50 ?? 0,
      p95Ms: spread?.p95 ?? 0,
      statements: Math.round((statements - before) / RUNS),
    };
  };

  const variables = { fullPath: LARGE_TREE.groupPath, iid: String(root.iid), pageSize: 100 };
  const first = (await graphql(CHILD_ITEMS_QUERY, variables)) as {
    group: { epic: { issues: { pageInfo: { endCursor: string } } } };
  };
  const children = async () => {
    const { rows } = await sql<{ gid: string }>`
      SELECT 'gid://gitlab/Epic/' || id AS gid FROM epics WHERE parent_id = ${root.id}
      UNION ALL SELECT 'gid://gitlab/EpicIssue/' || id FROM epic_issues WHERE epic_id = ${root.id}`.execute(
      handle.db,
    );
    return rows.map((row) => row.gid);
  };
  const direct = await children();
  const childEpics = direct.filter((gid) => gid.includes('/Epic/'));
  const random = new Random(7);
  const baseEpicId = `gid://gitlab/Epic/${root.id}`;
  const reorder = (moved: Record<string, string>) =>
    graphql(EPIC_REORDER_MUTATION, { epicTreeReorderInput: { baseEpicId, moved } });

  const timings = [
    await time('childItems, first page (100 + 100)', () => graphql(CHILD_ITEMS_QUERY, variables)),
    await time('childItems, next issue page', () =>
      graphql(CHILD_ITEMS_QUERY, {
        ...variables,
        issueEndCursor: first.group.epic.issues.pageInfo.endCursor,
      }),
    ),
    await time('epicTreeReorder among 5,000 siblings', () => {
      const [moved, adjacent] = random.sample(direct, 2);
      return reorder({
        id: moved!,
        adjacentReferenceId: adjacent!,
        relativePosition: random.pick(['before', 'after']),
      });
    }),
    await time('epicTreeReorder to another parent and back', async (index) => {
      const issue = direct[1 + index]!;
      const parent = random.pick(childEpics);
      await reorder({ id: issue, newParentId: parent });
      return reorder({
        id: issue,
        newParentId: baseEpicId,
        adjacentReferenceId: random.pick(direct.filter((gid) => gid !== issue)),
        relativePosition: 'after',
      });
    }),
  ];
  // No room: two siblings one apart, then a move between them rebalances every child of the root.
  const [low, high] = direct.slice(-2);
  await sql`UPDATE epic_issues SET relative_position = 7 WHERE id = ${Number(low!.split('/').pop())}`.execute(
    handle.db,
  );
  await sql`UPDATE epic_issues SET relative_position = 8 WHERE id = ${Number(high!.split('/').pop())}`.execute(
    handle.db,
  );
  const before = statements;
  const started = performance.now();
  await reorder({ id: direct[0]!, adjacentReferenceId: low!, relativePosition: 'before' });
  timings.push({
    name: 'epicTreeReorder that rebalances 5,000 siblings',
    runs: 1,
    medianMs: performance.now() - started,
    p95Ms: performance.now() - started,
    statements: statements - before,
  });

  console.log(
    `\nEpic tree on PGlite (${DATA_DIR}): ${LARGE_TREE.groupPath}&${root.iid}, ${direct.length} direct children\n`,
  );
  const header = ['operation', 'median ms', 'p95 ms', 'stmts'];
  const cells = timings.map((timing) => [
    timing.name,
    timing.medianMs.toFixed(1),
    timing.p95Ms.toFixed(1),
    String(timing.statements),
  ]);
  const widths = [50, 10, 10, 6];
  for (const line of [header, ...cells]) {
    console.log(
      line.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join(' '),
    );
  }
  compareWithBaseline('tree', { header, rows: cells });
  writeFileSync(resolve(RESULTS_DIR, 'tree.json'), `${JSON.stringify({ timings }, null, 2)}\n`);
  await app.close();
  await handle.close();
  rmSync(clientDir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
