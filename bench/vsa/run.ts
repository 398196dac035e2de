/**
 * The value stream analytics benchmark (issue 21; not part of npm test).
 *
 *   node --import tsx bench/vsa/run.ts [--issues 1000000] [--merge-requests 200000] [--projects 200]
 *     [--reuse] [--keep-backfill] [--runs 40] [--warmup 5] [--direct-runs 5] [--budget 10]
 *     [--upkeep-runs 3] [--backend aggregated|direct|both] [--explain] [--write-baseline]
 *
 * Goal: a stage's median and its records' p95 ≤ 100 ms at 1M issues with the aggregated backend on
 * PostgreSQL; the direct queries' times beside them.
 *
 * 1. Data (bench/vsa/seed.ts): a fresh PostgreSQL database `pt_bench_vsa` (BENCH_VSA_DATABASE names
 *    another), migrated, with one Ultimate group of `--projects` projects and `--issues` issues and
 *    `--merge-requests` merge requests over three years, bulk-inserted with generate_series.
 *    `--reuse` keeps a database seeded at the same size (else it is dropped and seeded again).
 * 2. The group's default value stream and a custom one with a label stage (`In dev`:
 *    `workflow::in dev` added → removed), then the aggregated backend filled from scratch with
 *    `aggregateRoot` and timed ("backfill"; `--keep-backfill` with `--reuse` keeps the filled rows),
 *    then VACUUM ANALYZE of its tables (what autovacuum does after such a load).
 * 3. Over HTTP (the app in-process, `buildApp` with the clock at BENCH_NOW), for the stages Issue
 *    (issues), Review (merge requests) and In dev (label events), over the default 30 days and over
 *    180 days: `median`, `records` (page 1, default sort) and `records?sort=duration`. Each series
 *    sends one checked request, then, with the aggregated backend, `--warmup` untimed and `--runs`
 *    timed ones; then with the direct one (`PUT use_aggregated_backend {enabled:false}`, requests of
 *    seconds) `--direct-runs` timed ones. A series stops once it has taken `--budget` seconds, keeping
 *    20 runs (aggregated) or 3 (direct). Both backends must answer alike (the checked requests).
 *    `--backend` measures one backend only.
 * 4. Upkeep, with the app closed (its periodic job would drain the queue first): 1,000 open issues
 *    closed with one UPDATE (triggers on), then `aggregateQueued` drains the queue; then reopened and
 *    drained again; `--upkeep-runs` times.
 *
 * Prints the table (median and p95 ms per endpoint, stage, range and backend, then the backfill and
 * the upkeep), the items per stage and range (the `count` route), the time to seed and to backfill
 * (per stage definition) and the load average; writes bench/results/vsa.json and compares with
 * bench/baselines/vsa.md (bench/baseline.ts). With `--explain`, and for any aggregated series over
 * the goal, it prints one request's statements with their times and EXPLAIN (ANALYZE, BUFFERS) of
 * its slowest statement that reads the stage's rows.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type Kysely, type KyselyPlugin, sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/database.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { findUserByUsername } from '../../src/server/db/repositories/userRepository.ts';
import { setAggregatedBackend } from '../../src/server/db/repositories/vsaAggregationRepository.ts';
import type { Database } from '../../src/server/db/schema.ts';
import { buildApp } from '../../src/server/http/app.ts';
import { createPersonalAccessToken } from '../../src/server/services/auth/authService.ts';
import { aggregateQueued, aggregateRoot } from '../../src/server/services/valueStreams/vsaAggregator.ts';
import { createClientManifestDir } from '../../tests/helpers/fakeClientBundle.ts';
import { benchConfig } from '../api/shared.ts';
import { BASELINE_OPTIONS, type BenchTable, compareWithBaseline, markdownTable } from '../baseline.ts';
import { distribution } from '../stats.ts';
import { BENCH_NOW, findSeededGroup, GROUP_PATH, REPORTER, type SeededGroup, seedGroup } from './seed.ts';

const REPO_ROOT = resolve(import.meta.dirname, '../..');
const RESULTS_DIR = resolve(REPO_ROOT, 'bench/results');
const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = process.env.BENCH_VSA_DATABASE ?? 'pt_bench_vsa';
if (!/^[a-z_][a-z0-9_]{0,62}$/.test(DATABASE) || DATABASE === 'test' || DATABASE === 'postgres')
  throw new Error(`Not a bench database name: ${DATABASE}`);
const DATABASE_URL = `postgres://postgres@127.0.0.1:5432/${DATABASE}`;
/** The issue's goal for the aggregated backend's median and records, ms at p95. */
const GOAL_MS = 100;
/** The server's default budget per statement (DB_STATEMENT_TIMEOUT_MS): the bench runs without it. */
const SERVER_STATEMENT_BUDGET_MS = 2000;
const UPKEEP_ISSUES = 1000;
const VSA = `/groups/${GROUP_PATH}/-/analytics/value_stream_analytics`;

// ---------------------------------------------------------------------------------------------
// Options

const USAGE = `Usage: node --import tsx bench/vsa/run.ts [--issues 1000000] [--merge-requests 200000]
       [--projects 200] [--reuse] [--keep-backfill] [--runs 40] [--warmup 5] [--direct-runs 5]
       [--budget 10] [--upkeep-runs 3] [--backend aggregated|direct|both] [--explain] [--write-baseline]`;

const { values } = parseArgs({
  options: {
    ...BASELINE_OPTIONS,
    issues: { type: 'string', default: '1000000' },
    'merge-requests': { type: 'string', default: '200000' },
    projects: { type: 'string', default: '200' },
    reuse: { type: 'boolean', default: false },
    'keep-backfill': { type: 'boolean', default: false },
    runs: { type: 'string', default: '40' },
    warmup: { type: 'string', default: '5' },
    'direct-runs': { type: 'string', default: '5' },
    budget: { type: 'string', default: '10' },
    'upkeep-runs': { type: 'string', default: '3' },
    backend: { type: 'string', default: 'both' },
    explain: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
  strict: true,
  allowPositionals: false,
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
function backendsOf(text: string): readonly ('aggregated' | 'direct')[] {
  if (text === 'both') return ['aggregated', 'direct'];
  if (text === 'aggregated' || text === 'direct') return [text];
  throw new Error(`--backend must be aggregated, direct or both, got '${text}'\n${USAGE}`);
}
const whole = (name: string, text: string, min: number): number => {
  if (!/^\d+$/.test(text) || Number(text) < min)
    throw new Error(`--${name} must be a whole number ≥ ${min}, got '${text}'\n${USAGE}`);
  return Number(text);
};
const OPTIONS = {
  issues: whole('issues', values.issues, 1),
  mergeRequests: whole('merge-requests', values['merge-requests'], 1),
  projects: whole('projects', values.projects, 1),
  reuse: values.reuse,
  keepBackfill: values['keep-backfill'],
  runs: whole('runs', values.runs, 5),
  warmup: whole('warmup', values.warmup, 0),
  directRuns: whole('direct-runs', values['direct-runs'], 1),
  budget: whole('budget', values.budget, 1),
  upkeepRuns: whole('upkeep-runs', values['upkeep-runs'], 1),
  explain: values.explain,
  backends: backendsOf(values.backend),
} as const;

// ---------------------------------------------------------------------------------------------
// Helpers

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
const count = (value: number) => value.toLocaleString('en-US');

async function withAdmin<T>(run: (client: pg.Client) => Promise<T>, url = ADMIN_URL): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

interface CapturedStatement {
  readonly sql: string;
  readonly parameters: readonly unknown[];
  /** From compiling the query to its result: the round trip to PostgreSQL, ms. */
  ms: number;
}

/**
 * Records the SQL (with its parameters) every query compiles to while recording, and how long each
 * took to answer: what a request sends, to time and EXPLAIN its statements one by one.
 */
class StatementCapture implements KyselyPlugin {
  private recording: CapturedStatement[] | null = null;
  private readonly started = new Map<string, { statement: CapturedStatement; at: number }>();

  constructor(private readonly base: Kysely<Database>) {}

  transformQuery: KyselyPlugin['transformQuery'] = (args) => {
    if (this.recording) {
      const compiled = this.base.getExecutor().compileQuery(args.node, args.queryId);
      const statement = { sql: compiled.sql, parameters: compiled.parameters, ms: Number.NaN };
      this.recording.push(statement);
      this.started.set(args.queryId.queryId, { statement, at: performance.now() });
    }
    return args.node;
  };

  transformResult: KyselyPlugin['transformResult'] = async (args) => {
    const started = this.started.get(args.queryId.queryId);
    if (started) {
      started.statement.ms = performance.now() - started.at;
      this.started.delete(args.queryId.queryId);
    }
    return args.result;
  };

  async record(run: () => Promise<unknown>): Promise<CapturedStatement[]> {
    this.recording = [];
    this.started.clear();
    try {
      await run();
      return this.recording;
    } finally {
      this.recording = null;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// 1. The database

async function prepareDatabase(): Promise<{ group: SeededGroup; seededMs: number | null }> {
  const size = { projects: OPTIONS.projects, issues: OPTIONS.issues, mergeRequests: OPTIONS.mergeRequests };
  const exists = await withAdmin(
    async (client) =>
      ((await client.query('select 1 from pg_database where datname = $1', [DATABASE])).rowCount ?? 0) > 0,
  );
  if (OPTIONS.reuse && exists) {
    const handle = await openDatabase({ databaseUrl: DATABASE_URL, dataDir: 'memory://' });
    try {
      await migrateToLatest(handle.db);
    } finally {
      await handle.close();
    }
    const found = await withAdmin((client) => findSeededGroup(client, size), DATABASE_URL);
    if (found) {
      console.log(
        `Reusing database ${DATABASE}: ${count(found.issues)} issues, ${count(found.mergeRequests)} MRs`,
      );
      return { group: found, seededMs: null };
    }
    console.log(`Database ${DATABASE} holds another size: seeding it again`);
  }
  const started = performance.now();
  await withAdmin(async (client) => {
    await client.query(`drop database if exists ${DATABASE} with (force)`);
    await client.query(`create database ${DATABASE}`);
  });
  console.log(`Created database ${DATABASE}; migrating and seeding`);
  const handle = await openDatabase({ databaseUrl: DATABASE_URL, dataDir: 'memory://' });
  try {
    await migrateToLatest(handle.db);
  } finally {
    await handle.close();
  }
  const group = await withAdmin((client) => seedGroup(client, size), DATABASE_URL);
  const seededMs = performance.now() - started;
  console.log(`Seeded in ${seconds(seededMs)}`);
  return { group, seededMs };
}

// ---------------------------------------------------------------------------------------------
// 3. Measuring over HTTP

interface Stage {
  readonly name: string;
  readonly subject: 'issues' | 'MRs';
  readonly valueStreamId: number;
  readonly stageId: number;
}

interface Range {
  readonly name: string;
  readonly query: string;
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const RANGES: readonly Range[] = [
  { name: '30 days (default)', query: '' },
  {
    name: '180 days',
    query: `created_after=${dayOf(new Date(BENCH_NOW.getTime() - 179 * 86_400_000))}&created_before=${dayOf(BENCH_NOW)}`,
  },
];

const ENDPOINTS = [
  { name: 'median', path: 'median', extra: '' },
  { name: 'records', path: 'records', extra: '' },
  { name: 'records sort=duration', path: 'records', extra: 'sort=duration' },
] as const;

type BackendName = 'aggregated' | 'direct';

interface Series {
  readonly endpoint: string;
  readonly stage: string;
  readonly subject: string;
  readonly range: string;
  readonly backend: BackendName;
  readonly median: number;
  readonly p95: number;
  readonly max: number;
  readonly runs: number;
  /** What the check request answered (the median, or the records' ids), to compare the backends. */
  readonly answer: string;
  readonly url: string;
}

interface Client {
  get(path: string): Promise<unknown>;
  send(method: string, path: string, body: unknown): Promise<unknown>;
}

function httpClient(baseUrl: string, token: string): Client {
  const request = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(new URL(path, baseUrl), {
      method,
      headers: {
        'private-token': token,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (response.status >= 300)
      throw new Error(`${method} ${path}: HTTP ${response.status} ${text.slice(0, 500)}`);
    return text ? (JSON.parse(text) as unknown) : undefined;
  };
  return { get: (path) => request('GET', path), send: request };
}

function stageUrl(stage: Stage, path: string, range: Range, extra: string): string {
  const query = [range.query, extra].filter(Boolean).join('&');
  return `${VSA}/value_streams/${stage.valueStreamId}/stages/${stage.stageId}/${path}${query ? `?${query}` : ''}`;
}

const answerOf = (body: unknown): string =>
  Array.isArray(body)
    ? `${body.length} records: ${body.map((record: { id: number }) => record.id).join(',')}`
    : JSON.stringify(body);

async function timeSeries(
  client: Client,
  url: string,
  backend: BackendName,
): Promise<{ median: number; p95: number; max: number; runs: number; answer: string }> {
  // The check request is the direct backend's warm-up: its requests take seconds.
  const answer = answerOf(await client.get(url));
  const warmup = backend === 'aggregated' ? OPTIONS.warmup : 0;
  const runs = backend === 'aggregated' ? OPTIONS.runs : OPTIONS.directRuns;
  const minimum = Math.min(runs, backend === 'aggregated' ? 20 : 3);
  for (let i = 0; i < warmup; i++) await client.get(url);
  const samples: number[] = [];
  const started = performance.now();
  while (samples.length < runs) {
    const before = performance.now();
    await client.get(url);
    samples.push(performance.now() - before);
    if (samples.length >= minimum && performance.now() - started > OPTIONS.budget * 1000) break;
  }
  const { p50, p95, max } = distribution(samples)!;
  return { median: p50, p95, max, runs: samples.length, answer };
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * One request's statements with their times (slowest first), then EXPLAIN (ANALYZE, BUFFERS) of its
 * slowest statement that reads a stage's rows.
 */
async function explainRequest(capture: StatementCapture, client: Client, url: string): Promise<string> {
  const before = performance.now();
  const statements = await capture.record(() => client.get(url));
  const requestMs = performance.now() - before;
  const sqlMs = statements.reduce((sum, statement) => sum + statement.ms, 0);
  const lines = [
    `request ${ms(requestMs)} ms, ${statements.length} statements ${ms(sqlMs)} ms:`,
    ...[...statements]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 8)
      .map((statement) => `  ${ms(statement.ms).padStart(6)} ms  ${oneLine(statement.sql).slice(0, 150)}`),
  ];
  const stageStatement = statements
    .filter((statement) => /start_event_timestamp/.test(statement.sql) && /^\s*select/i.test(statement.sql))
    .sort((a, b) => b.ms - a.ms)[0];
  if (!stageStatement) return lines.join('\n');
  const plan = await withAdmin(async (pgClient) => {
    const { rows } = await pgClient.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) ${stageStatement.sql}`,
      stageStatement.parameters as unknown[],
    );
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  }, DATABASE_URL);
  return [
    ...lines,
    '',
    oneLine(stageStatement.sql),
    `-- parameters: ${JSON.stringify(stageStatement.parameters)}`,
    plan,
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------
// The run

interface StreamJson {
  id: number;
  name: string;
  stages: { id: number; name: string }[];
}

/** The time of each stage definition's backfill INSERT (its first parameter is the hash id). */
async function backfillByStage(
  db: Kysely<Database>,
  statements: readonly CapturedStatement[],
): Promise<{ stage: string; ms: number; rows: number }[]> {
  const { rows } = await sql<{ id: number; names: string; rows: number }>`SELECT h.id,
      string_agg(DISTINCT s.name, ' = ' ORDER BY s.name) AS names,
      ((SELECT count(*) FROM vsa_issue_stage_events e WHERE e.stage_event_hash_id = h.id)
        + (SELECT count(*) FROM vsa_merge_request_stage_events e WHERE e.stage_event_hash_id = h.id))::integer AS rows
    FROM vsa_stage_event_hashes h
    JOIN value_stream_stages s ON s.root_namespace_id = h.root_namespace_id
      AND s.start_event_identifier = h.start_event_identifier AND s.end_event_identifier = h.end_event_identifier
      AND COALESCE(s.start_event_label_id, 0) = h.start_event_label_id
      AND COALESCE(s.end_event_label_id, 0) = h.end_event_label_id
    GROUP BY h.id ORDER BY h.id`.execute(db);
  return rows.map((row) => ({
    stage: row.names,
    rows: row.rows,
    ms: statements
      .filter(
        (statement) => /^\s*insert into "vsa_/i.test(statement.sql) && statement.parameters[0] === row.id,
      )
      .reduce((sum, statement) => sum + statement.ms, 0),
  }));
}

const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

async function main(): Promise<void> {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const loadAtStart = loadAverage();
  const { group, seededMs } = await prepareDatabase();

  const handle = await openDatabase({ databaseUrl: DATABASE_URL, dataDir: 'memory://' });
  const capture = new StatementCapture(handle.db);
  const { rows: filled } = await sql<{ rows: number }>`SELECT
      ((SELECT count(*) FROM vsa_issue_stage_events) + (SELECT count(*) FROM vsa_merge_request_stage_events))::integer
      AS rows`.execute(handle.db);
  const refill = !(OPTIONS.keepBackfill && OPTIONS.reuse && (filled[0]?.rows ?? 0) > 0);
  if (refill) {
    // The app's periodic job fills the pending stage definitions of groups that use the aggregated
    // backend: the group is switched off until the timed backfill is done, so that nothing races it.
    await setAggregatedBackend(handle.db, group.rootId, false);
    await sql`TRUNCATE vsa_stage_event_hashes, vsa_dirty_issuables CASCADE`.execute(handle.db);
  }
  const clientDir = createClientManifestDir();
  const app = await buildApp({
    config: benchConfig(clientDir),
    db: handle.db.withPlugin(capture),
    now: () => new Date(BENCH_NOW),
  });
  let appOpen = true;
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const reporter = await findUserByUsername(handle.db, REPORTER);
    if (!reporter) throw new Error(`No user ${REPORTER}`);
    const token = await createPersonalAccessToken(handle.db, reporter, 'bench vsa', ['api'], null);
    const client = httpClient(`http://127.0.0.1:${port}`, token);

    // 2. The value streams, then the aggregated backend filled from scratch.
    let streams = (await client.get(`${VSA}/value_streams`)) as StreamJson[];
    if (!streams.some((stream) => stream.name === 'Bench')) {
      await client.send('POST', `${VSA}/value_streams`, {
        name: 'Bench',
        stages: [
          {
            name: 'In dev',
            custom: true,
            start_event_identifier: 'issue_label_added',
            start_event_label_id: group.inDevLabelId,
            end_event_identifier: 'issue_label_removed',
            end_event_label_id: group.inDevLabelId,
          },
        ],
      });
      streams = (await client.get(`${VSA}/value_streams`)) as StreamJson[];
    }
    const stageOf = (stream: string, name: string, subject: Stage['subject']): Stage => {
      const found = streams.find((item) => item.name === stream);
      const stage = found?.stages.find((item) => item.name === name);
      if (!found || !stage) throw new Error(`No stage ${name} in ${stream}`);
      return { name, subject, valueStreamId: found.id, stageId: stage.id };
    };
    const stages = [
      stageOf('Default', 'Issue', 'issues'),
      stageOf('Default', 'Review', 'MRs'),
      stageOf('Bench', 'In dev', 'issues'),
    ];

    let backfillMs: number | null = null;
    let backfillStages: { stage: string; ms: number; rows: number }[] = [];
    if (!refill) {
      console.log(`Keeping the filled aggregated backend (${count(filled[0]?.rows ?? 0)} rows)`);
    } else {
      console.log('Backfill: aggregateRoot over every stage definition of the group…');
      const started = performance.now();
      const statements = await capture.record(() =>
        aggregateRoot(handle.db.withPlugin(capture), group.rootId, BENCH_NOW),
      );
      backfillMs = performance.now() - started;
      backfillStages = await backfillByStage(handle.db, statements);
      for (const item of backfillStages)
        console.log(`  ${item.stage}: ${seconds(item.ms)} (${count(item.rows)} rows)`);
      // What autovacuum does after such a load (its statistics, and the visibility map).
      await sql`VACUUM ANALYZE vsa_issue_stage_events`.execute(handle.db);
      await sql`VACUUM ANALYZE vsa_merge_request_stage_events`.execute(handle.db);
    }
    const { rows: aggregated } = await sql<{ hashes: number; issue_rows: number; mr_rows: number }>`SELECT
        (SELECT count(*) FROM vsa_stage_event_hashes WHERE backfilled_at IS NOT NULL)::integer AS hashes,
        (SELECT count(*) FROM vsa_issue_stage_events)::integer AS issue_rows,
        (SELECT count(*) FROM vsa_merge_request_stage_events)::integer AS mr_rows`.execute(handle.db);
    const filledRows = aggregated[0]!;
    if (backfillMs !== null)
      console.log(
        `  backfill: ${seconds(backfillMs)} (${filledRows.hashes} stage definitions, ${count(filledRows.issue_rows)} issue rows, ${count(filledRows.mr_rows)} MR rows)`,
      );
    await client.send('PUT', `${VSA}/use_aggregated_backend`, { enabled: true });

    // Items per stage and range (the count route), for context.
    const counts: { stage: string; range: string; items: number }[] = [];
    for (const stage of stages)
      for (const range of RANGES) {
        const body = (await client.get(stageUrl(stage, 'count', range, ''))) as { count: number };
        counts.push({ stage: `${stage.name} (${stage.subject})`, range: range.name, items: body.count });
      }

    // 3. The series, aggregated then direct.
    const series: Series[] = [];
    const plans: { series: string; plan: string }[] = [];
    for (const backend of OPTIONS.backends) {
      if (backend === 'direct') await client.send('PUT', `${VSA}/use_aggregated_backend`, { enabled: false });
      console.log(`\n${backend} backend:`);
      for (const endpoint of ENDPOINTS)
        for (const stage of stages)
          for (const range of RANGES) {
            const url = stageUrl(stage, endpoint.path, range, endpoint.extra);
            const result = await timeSeries(client, url, backend);
            const name = `${endpoint.name} · ${stage.name} · ${range.name} · ${backend}`;
            console.log(
              `  ${name}: median ${ms(result.median)} ms, p95 ${ms(result.p95)} ms (${result.runs} runs)`,
            );
            series.push({
              endpoint: endpoint.name,
              stage: stage.name,
              subject: stage.subject,
              range: range.name,
              backend,
              ...result,
              url,
            });
            if (backend === 'aggregated' && (OPTIONS.explain || result.p95 > GOAL_MS))
              plans.push({ series: name, plan: await explainRequest(capture, client, url) });
          }
    }
    await client.send('PUT', `${VSA}/use_aggregated_backend`, { enabled: true });

    // Both backends must answer alike.
    const mismatches = series
      .filter((item) => item.backend === 'aggregated')
      .flatMap((item) => {
        const direct = series.find((other) => other.backend === 'direct' && other.url === item.url);
        return direct && direct.answer !== item.answer
          ? [
              `${item.endpoint} · ${item.stage} · ${item.range}: aggregated ${item.answer.slice(0, 120)} ≠ direct ${direct.answer.slice(0, 120)}`,
            ]
          : [];
      });

    // 4. Upkeep: 1,000 issues change, the queue is drained. The app is closed first: its periodic
    // job would drain the queue between the UPDATE and the timed drain.
    await app.close();
    appOpen = false;
    const { rows: upkeepRows } = await sql<{ id: number }>`SELECT id FROM issues
      WHERE root_namespace_id = ${group.rootId} AND state = 'opened' ORDER BY id LIMIT ${UPKEEP_ISSUES}`.execute(
      handle.db,
    );
    const upkeepIds = upkeepRows.map((row) => row.id);
    const updateSamples: number[] = [];
    const drainSamples: number[] = [];
    let drained = 0;
    await aggregateQueued(handle.db, Number.POSITIVE_INFINITY);
    for (let run = 0; run < OPTIONS.upkeepRuns; run++) {
      for (const close of [true, false]) {
        const before = performance.now();
        if (close)
          await sql`UPDATE issues SET state = 'closed', closed_at = ${BENCH_NOW}, updated_at = ${BENCH_NOW}
            WHERE id = ANY(${upkeepIds})`.execute(handle.db);
        else
          await sql`UPDATE issues SET state = 'opened', closed_at = NULL WHERE id = ANY(${upkeepIds})`.execute(
            handle.db,
          );
        const between = performance.now();
        drained = await aggregateQueued(handle.db, Number.POSITIVE_INFINITY);
        drainSamples.push(performance.now() - between);
        updateSamples.push(between - before);
      }
    }
    const updateStats = distribution(updateSamples)!;
    const drainStats = distribution(drainSamples)!;
    console.log(
      `\nUpkeep: UPDATE of ${count(upkeepIds.length)} issues (triggers on) median ${ms(updateStats.p50)} ms; aggregateQueued of the ${count(drained)} queued median ${ms(drainStats.p50)} ms, p95 ${ms(drainStats.p95)} ms (${drainStats.samples} runs: close and reopen)`,
    );

    // The table.
    const header = ['endpoint', 'stage', 'range', 'backend', 'median ms', 'p95 ms', 'runs'];
    const rows: string[][] = series.map((item) => [
      item.endpoint,
      `${item.stage} (${item.subject})`,
      item.range,
      item.backend,
      ms(item.median),
      ms(item.p95),
      String(item.runs),
    ]);
    if (backfillMs !== null)
      rows.push([
        'backfill (aggregateRoot)',
        `${filledRows.hashes} stage definitions`,
        'all',
        'aggregated',
        ms(backfillMs),
        '',
        '1',
      ]);
    const per1000 = (value: number) => (value * UPKEEP_ISSUES) / Math.max(1, upkeepIds.length);
    rows.push([
      `upkeep: UPDATE ${count(UPKEEP_ISSUES)} issues (triggers)`,
      'issues',
      '-',
      'aggregated',
      ms(per1000(updateStats.p50)),
      ms(per1000(updateStats.p95)),
      String(updateStats.samples),
    ]);
    rows.push([
      `upkeep: aggregateQueued per ${count(UPKEEP_ISSUES)} issues`,
      'issue stages',
      '-',
      'aggregated',
      ms(per1000(drainStats.p50)),
      ms(per1000(drainStats.p95)),
      String(drainStats.samples),
    ]);
    const table: BenchTable = { header, rows, keyColumns: 4 };
    const backfillSummary = backfillStages
      .map((item) => `${item.stage} ${seconds(item.ms)} (${count(item.rows)} rows)`)
      .join(', ');
    console.log(
      `\n## Value stream analytics, ${count(group.issues)} issues and ${count(group.mergeRequests)} MRs in ${group.projectIds.length} projects (PostgreSQL)\n`,
    );
    console.log(markdownTable(table));

    const countTable: BenchTable = {
      header: ['stage', 'range', 'items (count route)'],
      rows: counts.map((item) => [item.stage, item.range, count(item.items)]),
      keyColumns: 2,
    };
    console.log(`\nItems that ended each stage in the range:\n\n${markdownTable(countTable)}`);
    if (seededMs !== null)
      console.log(`\nSeeding (create, migrate, insert, vacuum analyze): ${seconds(seededMs)}`);
    else console.log('\nSeeding: reused the database (--reuse)');
    if (backfillMs !== null)
      console.log(
        `Backfill (aggregateRoot): ${seconds(backfillMs)} for ${filledRows.hashes} stage definitions, ${count(filledRows.issue_rows + filledRows.mr_rows)} rows: ${backfillSummary}`,
      );
    console.log(
      `Load average: ${loadAtStart} at the start, ${loadAverage()} at the end (${cpus().length} cores)`,
    );

    const aggregatedGoal = series.filter(
      (item) =>
        item.backend === 'aggregated' && (item.endpoint === 'median' || item.endpoint.startsWith('records')),
    );
    const over = aggregatedGoal.filter((item) => item.p95 > GOAL_MS);
    if (aggregatedGoal.length > 0)
      console.log(
        over.length === 0
          ? `\nGoal met: every aggregated median and records p95 ≤ ${GOAL_MS} ms (worst ${ms(Math.max(...aggregatedGoal.map((item) => item.p95)))} ms).`
          : `\nGoal missed: ${over.length} aggregated series over ${GOAL_MS} ms at p95: ${over.map((item) => `${item.endpoint} · ${item.stage} · ${item.range} (${ms(item.p95)} ms)`).join('; ')}`,
      );
    const overBudget = series.filter((item) => item.median > SERVER_STATEMENT_BUDGET_MS);
    if (overBudget.length > 0)
      console.log(
        `Over the server's ${SERVER_STATEMENT_BUDGET_MS} ms statement budget (the bench runs without it): ${overBudget.map((item) => `${item.endpoint} · ${item.stage} · ${item.range} · ${item.backend}`).join('; ')}`,
      );
    if (mismatches.length > 0) console.log(`\nBACKENDS DISAGREE:\n  ${mismatches.join('\n  ')}`);
    else if (OPTIONS.backends.length === 2) console.log('Both backends answered alike on every series.');
    for (const { series: name, plan } of plans) console.log(`\n### EXPLAIN ANALYZE: ${name}\n${plan}`);

    const file = resolve(RESULTS_DIR, 'vsa.json');
    writeFileSync(
      file,
      `${JSON.stringify(
        {
          options: OPTIONS,
          database: DATABASE,
          seededMs,
          backfillMs,
          backfillStages,
          loadAverage: { start: loadAtStart, end: loadAverage() },
          aggregatedRows: filledRows,
          counts,
          series,
          upkeep: { issues: upkeepIds.length, update: updateStats, drain: drainStats },
          mismatches,
          plans,
        },
        null,
        2,
      )}\n`,
    );
    console.log(`\nWrote ${file.replace(`${REPO_ROOT}/`, '')}`);
    compareWithBaseline('vsa', table, [
      `Data: ${count(group.issues)} issues, ${count(group.mergeRequests)} merge requests in ${group.projectIds.length} projects of one group, over the 3 years before ${BENCH_NOW.toISOString()} (the server's clock).`,
      `Items per stage and range (count): ${counts.map((item) => `${item.stage} ${item.range}: ${count(item.items)}`).join('; ')}.`,
      seededMs === null ? 'Seeding: reused.' : `Seeding: ${seconds(seededMs)}.`,
      ...(backfillMs === null ? [] : [`Backfill by stage definition: ${backfillSummary}.`]),
      `Load average ${loadAtStart} at the start, ${loadAverage()} at the end: other work shared the machine's ${cpus().length} cores.`,
    ]);
  } finally {
    if (appOpen) await app.close();
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
