/**
 * The roadmap API benchmark (not part of npm test).
 *
 *   node --import tsx bench/api/run.ts [--backend pglite|postgres|both] [--epics 100000 --issues 1000000]
 *                                      [--reuse] [--runs 200] [--warmup 20] [--duration 10] [--connections 10]
 *                                      [--budget 120] [--write-baseline]
 *
 * For each backend (PostgreSQL first): prepares a database of the given size with the project's own
 * seed (`src/server/db/seed/cli.ts`, fixed day), starts the app in-process on it and measures GitLab's
 * roadmap queries over HTTP against the same statements replayed as bare SQL, then load-tests the
 * roadmap's first page with autocannon against the app running in a child process (bench/api/server.ts).
 * Prints one table per backend and writes bench/results/api.json; compares each backend's table with
 * bench/baselines/api-<backend>.md (bench/baseline.ts). PostgreSQL's database is plantrack_bench, or
 * BENCH_POSTGRES_DATABASE for a checkout whose migrations differ.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { CompiledQuery, sql } from 'kysely';
// Types `app.graphql`: Mercurius augments FastifyInstance, and the server's declarations do not say so.
import type {} from 'mercurius';
import pg from 'pg';
import { GRAPHQL_PATH } from '../../src/core/domain/webPaths.ts';
import { systemNow } from '../../src/server/clock.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { findUserByUsername } from '../../src/server/db/repositories/userRepository.ts';
import { LARGE_TREE } from '../../src/server/db/seed/largeTree.ts';
import { buildApp } from '../../src/server/http/app.ts';
import { createPersonalAccessToken } from '../../src/server/services/auth/authService.ts';
import { createClientManifestDir } from '../../tests/helpers/fakeClientBundle.ts';
import { BASELINE_OPTIONS, compareWithBaseline } from '../baseline.ts';
import { SERVER_NODE_FLAGS } from '../serverNodeFlags.ts';
import {
  type Backend,
  BENCH_TODAY,
  type BenchTarget,
  benchConfig,
  CHILD_EPICS_QUERY,
  childEpicsVariables,
  graphqlBody,
  POSTGRES_ADMIN_URL,
  POSTGRES_BENCH_DATABASE,
  REPO_ROOT,
  RESULTS_DIR,
  ROADMAP_QUERY,
  ROADMAP_VARIABLES,
  servedProcesses,
  targetFor,
} from './shared.ts';

// ---------------------------------------------------------------------------------------------
// Options

interface Options {
  readonly backends: Backend[];
  readonly epics: number;
  readonly issues: number;
  readonly reuse: boolean;
  readonly runs: number;
  readonly warmup: number;
  /** Seconds of the autocannon run (after a short warm-up run). */
  readonly duration: number;
  readonly connections: number;
  /** Seconds one series of measured runs may take before it stops early (at least 20 runs). */
  readonly budget: number;
}

const USAGE = `Usage: node --import tsx bench/api/run.ts [--backend pglite|postgres|both] [--epics N] [--issues M]
       [--reuse] [--runs 200] [--warmup 20] [--duration 10] [--connections 10] [--budget 120] [--write-baseline]

--budget S: a series of measured runs stops early once it has taken S seconds (keeping at least 20 runs);
the tables say how many runs each measurement got.
--write-baseline: also write each backend's table to bench/baselines/api-<backend>.md (bench/README.md).`;

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      ...BASELINE_OPTIONS,
      backend: { type: 'string', default: 'both' },
      epics: { type: 'string', default: '100000' },
      issues: { type: 'string', default: '1000000' },
      reuse: { type: 'boolean', default: false },
      runs: { type: 'string', default: '200' },
      warmup: { type: 'string', default: '20' },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '10' },
      budget: { type: 'string', default: '120' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const whole = (name: string, text: string, min: number): number => {
    const value = Number(text);
    if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < min) {
      throw new Error(`--${name} must be a whole number ≥ ${min}, got '${text}'\n${USAGE}`);
    }
    return value;
  };
  const backend = values.backend;
  if (backend !== 'pglite' && backend !== 'postgres' && backend !== 'both') {
    throw new Error(`--backend must be pglite, postgres or both, got '${backend}'\n${USAGE}`);
  }
  return {
    backends: backend === 'both' ? ['postgres', 'pglite'] : [backend],
    epics: whole('epics', values.epics, 1),
    issues: whole('issues', values.issues, 0),
    reuse: values.reuse,
    runs: whole('runs', values.runs, 1),
    warmup: whole('warmup', values.warmup, 0),
    duration: whole('duration', values.duration, 1),
    connections: whole('connections', values.connections, 1),
    budget: whole('budget', values.budget, 1),
  };
}

// ---------------------------------------------------------------------------------------------
// Statistics

interface Stats {
  readonly runs: number;
  readonly p50: number;
  readonly p95: number;
  readonly p97_5: number;
  readonly mean: number;
  readonly min: number;
  readonly max: number;
}

/** Nearest-rank percentile of sorted samples. */
function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] as number;
}

const round = (value: number) => Math.round(value * 100) / 100;

function summarise(samples: readonly number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    runs: sorted.length,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p97_5: round(percentile(sorted, 97.5)),
    mean: round(sorted.reduce((sum, value) => sum + value, 0) / Math.max(1, sorted.length)),
    min: round(sorted[0] ?? Number.NaN),
    max: round(sorted.at(-1) ?? Number.NaN),
  };
}

/**
 * Times `runs` calls after `warmup` untimed ones. With a budget (seconds), stops measuring once the
 * measured calls have taken that long, keeping at least 20 samples (slow backends stay under ~25 min).
 */
async function timeRuns(
  run: () => Promise<unknown>,
  warmup: number,
  runs: number,
  budgetSeconds = Number.POSITIVE_INFINITY,
): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await run();
  const samples: number[] = [];
  const started = performance.now();
  for (let i = 0; i < runs; i++) {
    const before = performance.now();
    await run();
    samples.push(performance.now() - before);
    if (samples.length >= 20 && performance.now() - started > budgetSeconds * 1000) break;
  }
  return samples;
}

// ---------------------------------------------------------------------------------------------
// Preparing the databases

async function ensurePostgresDatabase(): Promise<void> {
  // The benchmark database only: the test suites' `test` database is never touched.
  if ((POSTGRES_BENCH_DATABASE as string) === 'test') throw new Error('Refusing to use the test database');
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [
      POSTGRES_BENCH_DATABASE,
    ]);
    if (!rowCount) {
      await client.query(`create database ${POSTGRES_BENCH_DATABASE}`);
      console.log(`Created database ${POSTGRES_BENCH_DATABASE}`);
    }
  } finally {
    await client.end();
  }
}

/**
 * Epics the seed was asked for in the prepared database (the large tree's come on top of them), or
 * null when it holds no schema yet.
 */
async function countSeededEpics(target: BenchTarget): Promise<number | null> {
  if (target.backend === 'pglite' && !existsSync(resolve(target.dataDir, 'pgdata'))) return null;
  const handle = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  try {
    // Apart: a statement naming a table that does not exist fails as it is parsed.
    const { rows: tables } = await sql<{ found: boolean }>`
      select to_regclass('epics') is not null as found`.execute(handle.db);
    if (!tables[0]?.found) return null;
    const { rows } = await sql<{ count: number }>`
      select count(*)::integer as count from epics e join namespaces n on n.id = e.group_id
      where n.full_path <> ${LARGE_TREE.groupPath}`.execute(handle.db);
    return rows[0]?.count ?? null;
  } finally {
    await handle.close();
  }
}

/** Runs the project's seed CLI (`npm run seed`) on the target, with the benchmark's fixed day. */
function runSeed(target: BenchTarget, epics: number, issues: number): Promise<void> {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  if (target.databaseUrl) env.DATABASE_URL = target.databaseUrl;
  else env.DATA_DIR = target.dataDir;
  const args = ['--epics', String(epics), '--issues', String(issues), '--today', BENCH_TODAY];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/db/seed/cli.ts', ...args], {
    cwd: REPO_ROOT,
    env,
    stdio: 'inherit',
  });
  return new Promise((done, fail) => {
    child.on('error', fail);
    child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`Seed exited with code ${code}`))));
  });
}

async function prepare(target: BenchTarget, options: Options): Promise<{ seeded: boolean; seconds: number }> {
  const started = performance.now();
  if (target.backend === 'postgres') await ensurePostgresDatabase();
  else mkdirSync(target.dataDir, { recursive: true });
  if (options.reuse) {
    const found = await countSeededEpics(target);
    if (found === options.epics) {
      console.log(`Reusing ${where(target)}: ${found.toLocaleString('en-US')} epics already there`);
      return { seeded: false, seconds: 0 };
    }
    console.log(`${where(target)} holds ${found ?? 'no'} epics, not ${options.epics}: seeding`);
  }
  console.log(`Seeding ${where(target)} (the project's seed CLI, --today ${BENCH_TODAY})`);
  await runSeed(target, options.epics, options.issues);
  return { seeded: true, seconds: Math.round((performance.now() - started) / 100) / 10 };
}

const where = (target: BenchTarget) =>
  target.backend === 'postgres'
    ? `PostgreSQL database ${POSTGRES_BENCH_DATABASE}`
    : `PGlite in ${target.dataDir.replace(`${REPO_ROOT}/`, '')}`;

// ---------------------------------------------------------------------------------------------
// Capturing the SQL a request sends

interface CapturedStatement {
  readonly sql: string;
  readonly parameters: readonly unknown[];
}

/**
 * Keeps, while recording, every statement the app sends as it was sent (text and parameters, from
 * the database's statement hook), so that the statements can be replayed as bare SQL.
 */
class StatementCapture {
  private recording: CapturedStatement[] | null = null;

  readonly onStatement = (sql: string, parameters: readonly unknown[]): void => {
    this.recording?.push({ sql, parameters });
  };

  async record(run: () => Promise<unknown>): Promise<CapturedStatement[]> {
    this.recording = [];
    try {
      await run();
      return this.recording;
    } finally {
      this.recording = null;
    }
  }
}

/** A short name for a captured statement (the two the roadmap depends on are named by their shape). */
function labelOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  // By walking the subtrees, or from the rollups (a viewer that a rollup tier answers).
  if (/WITH RECURSIVE tree\(root_id/i.test(flat) || /\bFROM epic_rollups\b/i.test(flat)) {
    return 'epic summaries (findEpicSummaries)';
  }
  if (/WITH RECURSIVE chain\(epic_id/i.test(flat)) return 'ancestors (findAncestorsOfMany)';
  // The list reads each row whole (`epics.*`, or one JSON array per row: epicRowJson.ts).
  if (
    /^select (?:"epics"\.\* |json_build_array\("epics"\."id", ).*from "epics"/i.test(flat) &&
    /\blimit\b/i.test(flat)
  ) {
    return /"epics"\."parent_id" = /i.test(flat)
      ? 'child epics page (listEpicsByKeyset)'
      : 'epics page (listEpicsByKeyset)';
  }
  if (/count\(\*\)/i.test(flat) && /from "epics"/i.test(flat)) return 'epics count';
  const table = /\bfrom "?(\w+)"?/i.exec(flat)?.[1] ?? '?';
  const verb = flat.split(' ')[0]?.toLowerCase() ?? '?';
  return `${verb} ${table}`;
}

const isPageQuery = (statement: CapturedStatement) => labelOf(statement.sql).includes('epics page');
const isSummaryQuery = (statement: CapturedStatement) => labelOf(statement.sql).startsWith('epic summaries');

// ---------------------------------------------------------------------------------------------
// Where a request's time goes, server side

interface PhaseTimes {
  /** onRequest → preExecution: routing, body parsing, authentication, GraphQL parse and validation. */
  beforeExecution: number;
  /** preExecution → onResolution: resolvers, loaders and their SQL. */
  execution: number;
  /** onResolution → onResponse: serialising the result to JSON and writing it. */
  serialise: number;
  /** onRequest → onResponse. */
  server: number;
}

/** Records each request's phase times (complete once Fastify's onResponse has run). */
function instrument(app: FastifyInstance): PhaseTimes[] {
  const samples: PhaseTimes[] = [];
  let marks: { request: number; execution?: number; resolved?: number } | null = null;
  app.addHook('onRequest', async () => {
    marks = { request: performance.now() };
  });
  app.graphql.addHook('preExecution', async () => {
    if (marks) marks.execution = performance.now();
  });
  app.graphql.addHook('onResolution', async () => {
    if (marks) marks.resolved = performance.now();
  });
  app.addHook('onResponse', async () => {
    const response = performance.now();
    const current = marks as { request: number; execution?: number; resolved?: number } | null;
    if (!current?.execution || !current.resolved) return;
    samples.push({
      beforeExecution: current.execution - current.request,
      execution: current.resolved - current.execution,
      serialise: response - current.resolved,
      server: response - current.request,
    });
  });
  return samples;
}

// ---------------------------------------------------------------------------------------------
// In-process measurements

interface Measurement {
  readonly name: string;
  readonly stats: Stats;
  /** SQL statements per request (GraphQL) or per measured unit (bare SQL). */
  readonly statements: number | null;
  readonly note?: string;
}

interface StatementBreakdown {
  readonly label: string;
  readonly rows: number;
  readonly p50: number;
  readonly p95: number;
  readonly sql: string;
  /** As sent, so that the statement can be replayed or explained (EXPLAIN ANALYZE) by hand. */
  readonly parameters: readonly unknown[];
}

interface QueryResultSet {
  readonly graphql: Measurement;
  readonly bare: Measurement;
  /** From the per-statement breakdown (a quarter of the runs). */
  readonly barePage: Measurement;
  readonly bareSummary: Measurement;
  /** Sums of the breakdown's p50s and p95s: every statement of the request, one after another. */
  readonly allStatements: Measurement;
  readonly ratio: { p50: number; p95: number };
  readonly statementsPerRequest: { min: number; max: number };
  readonly breakdown: StatementBreakdown[];
  readonly phases: Record<keyof PhaseTimes, Stats>;
  readonly responseBytes: number;
  readonly rows: number;
  readonly jsonStringify: Stats;
}

interface InProcessResult {
  readonly token: string;
  readonly parent: { fullPath: string; iid: number; children: number };
  readonly roadmap: QueryResultSet;
  readonly childEpics: QueryResultSet;
  /** Requests sent again after a reset kept-alive socket (they never reached the app). */
  readonly retries: number;
}

interface GraphQLPayload {
  data?: {
    group?: {
      epics?: { edges: unknown[] };
      epic?: { children?: { edges: unknown[] } | null } | null;
    } | null;
  };
  errors?: unknown[];
}

async function measureInProcess(target: BenchTarget, options: Options): Promise<InProcessResult> {
  let statements = 0;
  const capture = new StatementCapture();
  const handle = await openDatabase({
    databaseUrl: target.databaseUrl,
    dataDir: target.dataDir,
    onStatement: (sql, parameters) => {
      statements++;
      capture.onStatement(sql, parameters);
    },
  });
  // As the server does at start: a database seeded by an older checkout gets the newer migrations.
  await migrateToLatest(handle.db);
  const clientDir = createClientManifestDir();
  const app = await buildApp({
    config: benchConfig(clientDir),
    db: handle.db,
    now: systemNow,
    // Statements are counted per request: a background job's pass would land in whichever request
    // it overlaps (the load test's server runs the jobs, as npm start does).
    backgroundJobs: false,
  });
  const phases = instrument(app);
  let retries = 0;
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const url = `http://127.0.0.1:${port}${GRAPHQL_PATH}`;

    const reporter = await findUserByUsername(handle.db, 'reporter');
    if (!reporter) throw new Error('No demo user reporter: is the database seeded?');
    const token = await createPersonalAccessToken(handle.db, reporter, 'bench api', ['api'], null);

    const { rows: parents } = await sql<{ iid: number; full_path: string; children: number }>`
      select p.iid, n.full_path, count(*)::integer as children
      from epics c join epics p on p.id = c.parent_id join namespaces n on n.id = p.group_id
      group by p.id, p.iid, n.full_path
      order by children desc, p.id
      limit 1`.execute(handle.db);
    const parentRow = parents[0];
    if (!parentRow) throw new Error('No epic has children');
    const parent = { fullPath: parentRow.full_path, iid: parentRow.iid, children: parentRow.children };

    const send = () =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'private-token': token },
        body: currentBody,
      });
    let currentBody = '';
    const post = async (body: string): Promise<string> => {
      currentBody = body;
      // A kept-alive socket can be closed by the server just as it is reused (PGlite blocks the event
      // loop for long stretches): such a request never reached the app and is sent once more.
      const response = await send().catch((error: unknown) => {
        if (!(error instanceof TypeError)) throw error;
        retries++;
        return send();
      });
      const text = await response.text();
      if (response.status !== 200) throw new Error(`HTTP ${response.status}: ${text.slice(0, 500)}`);
      return text;
    };

    const measureQuery = async (
      name: string,
      body: string,
      rowsOf: (payload: GraphQLPayload) => number,
    ): Promise<QueryResultSet> => {
      // One checked request first: no errors, rows present; its statements are captured for replay.
      let text = '';
      const before = statements;
      const captured = await capture.record(async () => {
        text = await post(body);
      });
      const counted = statements - before;
      const payload = JSON.parse(text) as GraphQLPayload;
      if (payload.errors?.length)
        throw new Error(`${name}: ${JSON.stringify(payload.errors).slice(0, 1000)}`);
      const rows = rowsOf(payload);
      if (rows === 0) throw new Error(`${name}: no rows in the response`);
      if (captured.length !== counted) {
        console.warn(`  ${name}: captured ${captured.length} statements but counted ${counted}`);
      }

      console.log(
        `  ${name}: ${options.runs} runs after ${options.warmup} warm-ups (budget ${options.budget} s)…`,
      );
      const counts: number[] = [];
      const graphqlSamples = await timeRuns(
        async () => {
          const start = statements;
          await post(body);
          counts.push(statements - start);
        },
        options.warmup,
        options.runs,
        options.budget,
      );
      const measured = counts.slice(options.warmup);
      const perRequest = { min: Math.min(...measured), max: Math.max(...measured) };
      // onResponse may run just after the client has read the body.
      await new Promise((done) => setTimeout(done, 50));
      const measuredPhases = phases.slice(-graphqlSamples.length);
      const phaseStats = Object.fromEntries(
        (['beforeExecution', 'execution', 'serialise', 'server'] as const).map((key) => [
          key,
          summarise(measuredPhases.map((sample) => sample[key])),
        ]),
      ) as Record<keyof PhaseTimes, Stats>;

      const replay = (statement: CapturedStatement) =>
        handle.db.executeQuery(CompiledQuery.raw(statement.sql, [...statement.parameters]));
      // The page, then the summaries of its rows (epicChildEpics also sums up the parent itself, before).
      const pageAt = captured.findIndex(isPageQuery);
      const page = captured[pageAt];
      const summary = captured.slice(pageAt + 1).find(isSummaryQuery);
      if (!page || !summary) throw new Error(`${name}: page or summary statement not found in the capture`);

      console.log(`  ${name}: bare SQL…`);
      const bareSamples = await timeRuns(
        async () => {
          await replay(page);
          await replay(summary);
        },
        options.warmup,
        options.runs,
        options.budget,
      );

      // Each statement alone (a quarter of the runs): which one the time goes to.
      console.log(`  ${name}: each statement alone…`);
      const breakdownRuns = Math.max(10, Math.round(options.runs / 4));
      const breakdown: StatementBreakdown[] = [];
      const statsOf = new Map<CapturedStatement, Stats>();
      for (const statement of captured) {
        const result = await replay(statement);
        const stats = summarise(
          await timeRuns(
            () => replay(statement),
            Math.min(5, options.warmup),
            breakdownRuns,
            options.budget / 4,
          ),
        );
        statsOf.set(statement, stats);
        breakdown.push({
          label: labelOf(statement.sql),
          rows: result.rows.length,
          p50: stats.p50,
          p95: stats.p95,
          sql: statement.sql.replace(/\s+/g, ' ').trim(),
          parameters: statement.parameters,
        });
      }
      const sumOf = (key: 'p50' | 'p95') => round(breakdown.reduce((sum, entry) => sum + entry[key], 0));

      const graphqlStats = summarise(graphqlSamples);
      const bareStats = summarise(bareSamples);
      const jsonSamples = await timeRuns(async () => JSON.stringify(payload), 20, 200);
      return {
        graphql: { name, stats: graphqlStats, statements: perRequest.max },
        bare: { name: 'bare SQL: page + summaries', stats: bareStats, statements: 2 },
        barePage: {
          name: `page only (${statsOf.get(page)?.runs} runs)`,
          stats: statsOf.get(page) as Stats,
          statements: 1,
        },
        bareSummary: {
          name: `summaries only (${statsOf.get(summary)?.runs} runs)`,
          stats: statsOf.get(summary) as Stats,
          statements: 1,
        },
        allStatements: {
          name: `sum of all ${captured.length} statements, each alone`,
          stats: { ...summarise([]), runs: breakdownRuns, p50: sumOf('p50'), p95: sumOf('p95') },
          statements: captured.length,
        },
        ratio: {
          p50: Math.round((graphqlStats.p50 / bareStats.p50) * 100) / 100,
          p95: Math.round((graphqlStats.p95 / bareStats.p95) * 100) / 100,
        },
        statementsPerRequest: perRequest,
        breakdown,
        phases: phaseStats,
        responseBytes: Buffer.byteLength(text),
        rows,
        jsonStringify: summarise(jsonSamples),
      };
    };

    const roadmap = await measureQuery(
      'a. roadmapGroupEpics (first page)',
      graphqlBody(ROADMAP_QUERY, ROADMAP_VARIABLES),
      (payload) => payload.data?.group?.epics?.edges.length ?? 0,
    );
    const childEpics = await measureQuery(
      `b. epicChildEpics (&${parent.iid} in ${parent.fullPath}, ${parent.children} children)`,
      graphqlBody(CHILD_EPICS_QUERY, childEpicsVariables(parent.fullPath, parent.iid)),
      (payload) => payload.data?.group?.epic?.children?.edges.length ?? 0,
    );
    return { token, parent, roadmap, childEpics, retries };
  } finally {
    await app.close();
    await handle.close();
    rmSync(clientDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Load test: autocannon against the app in a child process

interface AutocannonResult {
  readonly requests: { readonly average: number; readonly total: number };
  readonly latency: {
    readonly p50: number;
    readonly p90: number;
    readonly p97_5: number;
    readonly p99: number;
    readonly average: number;
    readonly max: number;
  };
  readonly duration: number;
  readonly errors: number;
  readonly timeouts: number;
  readonly non2xx: number;
}

interface AutocannonInstance {
  on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): void;
}

type Autocannon = (
  options: {
    url: string;
    method: 'POST';
    headers: Record<string, string>;
    body: string;
    connections: number;
    duration: number;
  },
  done: (error: Error | null, result: AutocannonResult) => void,
) => AutocannonInstance;

const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

async function cannon(
  url: string,
  headers: Record<string, string>,
  body: string,
  connections: number,
  duration: number,
): Promise<{ result: AutocannonResult; latencies: number[] }> {
  const latencies: number[] = [];
  const result = await new Promise<AutocannonResult>((done, fail) => {
    const instance = autocannon(
      { url, method: 'POST', headers, body, connections, duration },
      (error, outcome) => (error ? fail(error) : done(outcome)),
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status === 200) latencies.push(ms);
    });
  });
  return { result, latencies };
}

interface LoadResult {
  /** Whether the server answered repeated queries from its GraphQL response cache. */
  readonly responseCache: boolean;
  /** Processes the server answered from (WEB_CONCURRENCY; as many as npm start runs, or one). */
  readonly processes: number;
  readonly connections: number;
  /** Seconds autocannon measured; the table names the seconds asked for, so that runs compare. */
  readonly duration: number;
  readonly requestedSeconds: number;
  readonly requestsPerSecond: number;
  readonly totalRequests: number;
  readonly errors: number;
  readonly non2xx: number;
  /** Computed from every response's latency over all the slices (autocannon's 'response' events). */
  readonly latency: Stats;
  /**
   * Server side, statements sent per completed request over the warm-up and the measured run (the
   * instance's periodic reads included; requests still in flight when autocannon stops are not).
   */
  readonly statementsPerRequest: number | null;
}

function statementsPerRequest({ requests, statements }: { requests?: number; statements?: number }) {
  if (!requests || statements === undefined) return null;
  return Math.round((statements / requests) * 100) / 100;
}

function startServer(
  target: BenchTarget,
  responseCache: boolean,
  processes: number,
): Promise<{ child: ChildProcess; port: number; stats: Promise<string> }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LOG_LEVEL: 'warn',
    BENCH_RESPONSE_CACHE: responseCache ? 'on' : 'off',
    WEB_CONCURRENCY: String(processes),
  };
  delete env.BENCH_DATABASE_URL;
  delete env.BENCH_DATA_DIR;
  if (target.databaseUrl) env.BENCH_DATABASE_URL = target.databaseUrl;
  else env.BENCH_DATA_DIR = target.dataDir;
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'bench/api/server.ts'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((done, fail) => {
    let resolveStats: (line: string) => void = () => {};
    const stats = new Promise<string>((resolveLine) => {
      resolveStats = resolveLine;
    });
    const lines = createInterface({ input: child.stdout as NonNullable<typeof child.stdout> });
    lines.on('line', (line) => {
      if (line.startsWith('READY ')) {
        const { port } = JSON.parse(line.slice('READY '.length)) as { port: number };
        done({ child, port, stats });
      } else if (line.startsWith('STATS ')) {
        resolveStats(line.slice('STATS '.length));
      } else {
        console.log(`  [server] ${line}`);
      }
    });
    child.on('error', fail);
    child.on('exit', (code) => {
      resolveStats('{}');
      fail(new Error(`The benchmark server exited with code ${code}`));
    });
  });
}

/** Seconds of one slice of a load run: the servers compared take turns slice by slice. */
const SLICE_SECONDS = 2;

/**
 * Load-tests one server per process count, all on the same database and started together, taking
 * turns in slices of SLICE_SECONDS until each has had `options.duration` seconds: this machine's
 * speed drifts from minute to minute, and servers measured one after the other would compare the
 * drift as much as the servers.
 */
async function loadTests(
  target: BenchTarget,
  token: string,
  options: Options,
  responseCache: boolean,
  counts: readonly number[],
): Promise<LoadResult[]> {
  const servers: {
    processes: number;
    child: ChildProcess;
    port: number;
    stats: Promise<string>;
    exited: Promise<void>;
  }[] = [];
  try {
    for (const processes of counts) {
      const started = await startServer(target, responseCache, processes);
      const exited = new Promise<void>((done) => started.child.on('exit', () => done()));
      servers.push({ processes, ...started, exited });
    }
    const headers = { 'content-type': 'application/json', 'private-token': token };
    const body = graphqlBody(ROADMAP_QUERY, ROADMAP_VARIABLES);
    const urlOf = (port: number) => `http://127.0.0.1:${port}${GRAPHQL_PATH}`;
    for (const server of servers) {
      const check = await fetch(urlOf(server.port), { method: 'POST', headers, body });
      const checked = (await check.json()) as GraphQLPayload;
      if (check.status !== 200 || checked.errors?.length || !checked.data?.group?.epics?.edges.length) {
        throw new Error(
          `The benchmark server answered ${check.status}: ${JSON.stringify(checked).slice(0, 500)}`,
        );
      }
      console.log(
        `  load: warm-up (2 s, ${options.connections} connections, ${processesText(server.processes)})…`,
      );
      await cannon(urlOf(server.port), headers, body, options.connections, 2);
    }
    const slices = Math.max(1, Math.round(options.duration / SLICE_SECONDS));
    const turns = servers.map(() => ({
      seconds: 0,
      requests: 0,
      errors: 0,
      non2xx: 0,
      latencies: [] as number[],
    }));
    console.log(
      `  load: ${options.duration} s each, ${options.connections} connections, ${servers.map((server) => processesText(server.processes)).join(' and ')} taking turns every ${options.duration / slices} s…`,
    );
    for (let slice = 0; slice < slices; slice++) {
      for (const [index, server] of servers.entries()) {
        const turn = turns[index] as (typeof turns)[number];
        const { result, latencies } = await cannon(
          urlOf(server.port),
          headers,
          body,
          options.connections,
          options.duration / slices,
        );
        turn.seconds += result.duration;
        turn.requests += result.requests.total;
        turn.errors += result.errors;
        turn.non2xx += result.non2xx;
        for (const latency of latencies) turn.latencies.push(latency);
      }
    }
    const results: LoadResult[] = [];
    for (const [index, server] of servers.entries()) {
      server.child.kill('SIGTERM');
      const totals = JSON.parse(await server.stats) as { requests?: number; statements?: number };
      await server.exited;
      const turn = turns[index] as (typeof turns)[number];
      results.push({
        responseCache,
        processes: server.processes,
        connections: options.connections,
        duration: round(turn.seconds),
        requestedSeconds: options.duration,
        requestsPerSecond: Math.round((turn.requests / Math.max(turn.seconds, 0.001)) * 10) / 10,
        totalRequests: turn.requests,
        errors: turn.errors,
        non2xx: turn.non2xx,
        latency: summarise(turn.latencies),
        statementsPerRequest: statementsPerRequest(totals),
      });
    }
    return results;
  } finally {
    for (const server of servers) {
      if (server.child.exitCode === null) {
        server.child.kill('SIGTERM');
        await server.exited;
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Goals and reporting

interface Goal {
  readonly goal: string;
  readonly value: number;
  readonly target: number;
  readonly unit: string;
  readonly met: boolean;
  readonly margin: string;
}

/**
 * One process, the baseline, and as many as npm start serves from on this target; two when that is
 * one on PostgreSQL, to show what a second process would add.
 */
function processCounts(target: BenchTarget): number[] {
  return target.databaseUrl ? [1, Math.max(2, servedProcesses(target.databaseUrl))] : [1];
}

const processesText = (count: number) => (count === 1 ? '1 process' : `${count} processes`);

function goal(name: string, value: number, target: number, unit: string, atMost: boolean): Goal {
  const met = atMost ? value <= target : value >= target;
  const factor = atMost ? value / target : target / value;
  const percent = Math.round(Math.abs(1 - value / target) * 100);
  const margin = met
    ? `met, ${percent}% ${atMost ? 'under' : 'over'} the limit`
    : `missed by ${Math.round(Math.abs(value - target) * 100) / 100} ${unit} (${Math.round(factor * 100) / 100}× the ${atMost ? 'limit' : 'target'})`;
  return { goal: name, value, target, unit, met, margin };
}

function goalsFor(
  backend: Backend,
  inProcess: InProcessResult,
  loads: readonly LoadResult[],
  /** The processes npm start serves from: the goals are its. */
  served: number,
): Goal[] {
  const roadmap = inProcess.roadmap;
  // An uncached roadmap page at 100k epics and 1M issues: 20 ms on PostgreSQL, 50 ms on PGlite.
  const pageMs = backend === 'postgres' ? 20 : 50;
  const goals = [
    goal(`roadmap first page p95 ≤ ${pageMs} ms`, roadmap.graphql.stats.p95, pageMs, 'ms', true),
    goal('≤ 10 SQL statements per request', roadmap.statementsPerRequest.max, 10, 'statements', true),
    goal(
      'child epics ≤ 10 SQL statements',
      inProcess.childEpics.statementsPerRequest.max,
      10,
      'statements',
      true,
    ),
    goal('GraphQL ≤ 2× bare SQL (p50)', roadmap.ratio.p50, 2, '×', true),
    goal('GraphQL ≤ 2× bare SQL (p95)', roadmap.ratio.p95, 2, '×', true),
  ];
  for (const load of loads.filter((each) => each.processes === served)) {
    const mode = `response cache ${load.responseCache ? 'on' : 'off'}, ${processesText(load.processes)}`;
    const throughput = load.responseCache ? 3000 : 500;
    goals.push(
      goal(
        `≥ ${throughput.toLocaleString('en-US')} requests/s under load (${mode})`,
        load.requestsPerSecond,
        throughput,
        'req/s',
        false,
      ),
      goal(`p95 < 50 ms under load (${mode})`, load.latency.p95, 50, 'ms', true),
    );
  }
  return goals;
}

interface BackendResult {
  readonly backend: Backend;
  readonly epics: number;
  readonly issues: number;
  readonly today: string;
  readonly prepare: { seeded: boolean; seconds: number };
  readonly loadAverageBefore: number[];
  readonly inProcess: InProcessResult;
  readonly loads: readonly LoadResult[];
  readonly goals: Goal[];
}

const fmt = (value: number | null | undefined, digits = 1) =>
  value === null || value === undefined || Number.isNaN(value) ? '–' : value.toFixed(digits);

function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[0] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ');
  return [line(headers), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

function printBackend(result: BackendResult): void {
  const title = result.backend === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const { inProcess, loads } = result;
  console.log(
    `\n=== ${title}: ${result.epics.toLocaleString('en-US')} epics, ${result.issues.toLocaleString('en-US')} issues (today ${result.today}) ===`,
  );
  const rows: string[][] = [];
  const measurementRow = (measurement: Measurement, indent = '') => [
    `${indent}${measurement.name}`,
    String(measurement.stats.runs),
    fmt(measurement.stats.p50, 2),
    fmt(measurement.stats.p95, 2),
    measurement.statements === null ? '–' : String(measurement.statements),
    '',
    '',
    '',
  ];
  for (const set of [inProcess.roadmap, inProcess.childEpics]) {
    const { min, max } = set.statementsPerRequest;
    rows.push([
      `${set.graphql.name} — GraphQL over HTTP`,
      String(set.graphql.stats.runs),
      fmt(set.graphql.stats.p50, 2),
      fmt(set.graphql.stats.p95, 2),
      min === max ? String(max) : `${min}–${max}`,
      '',
      '',
      '',
    ]);
    rows.push(measurementRow(set.bare, '   '));
    rows.push(measurementRow(set.barePage, '     '));
    rows.push(measurementRow(set.bareSummary, '     '));
    rows.push(measurementRow(set.allStatements, '   '));
    const ratio = ['   ratio GraphQL / bare SQL (page + summaries)', ''];
    rows.push([...ratio, `${fmt(set.ratio.p50, 2)}×`, `${fmt(set.ratio.p95, 2)}×`, '', '', '', '']);
  }
  for (const load of loads) {
    rows.push([
      `load: roadmap first page, autocannon ${load.connections} conn × ${load.requestedSeconds} s, response cache ${load.responseCache ? 'on' : 'off'}, ${processesText(load.processes)}`,
      String(load.latency.runs),
      fmt(load.latency.p50, 2),
      fmt(load.latency.p95, 2),
      fmt(load.statementsPerRequest, 1),
      fmt(load.requestsPerSecond, 0),
      fmt(load.latency.p95, 1),
      fmt(load.latency.p97_5, 1),
    ]);
  }
  const header = [
    'measurement',
    'runs',
    'p50 ms',
    'p95 ms',
    'stmts/req',
    'load req/s',
    'load p95 ms',
    'load p97.5 ms',
  ];
  console.log(table(header, rows));
  compareWithBaseline(`api-${result.backend}`, { header, rows });
  for (const load of loads) {
    const mode = `response cache ${load.responseCache ? 'on' : 'off'}, ${processesText(load.processes)}`;
    console.log(
      `  load (${mode}): ${load.totalRequests} requests, ${load.errors} errors, ${load.non2xx} non-2xx; p95 and p97.5 computed from every response's latency; the server runs in a child process, and the servers compared took turns every ${SLICE_SECONDS} s.`,
    );
    console.log(
      `  load (${mode}): ${load.statementsPerRequest ?? '–'} statements per request on the server (all it sent / requests answered)`,
    );
  }

  for (const set of [inProcess.roadmap, inProcess.childEpics]) {
    console.log(
      `\n  ${set.graphql.name}: ${set.rows} rows, ${(set.responseBytes / 1024).toFixed(1)} KiB; statements one by one (p50 ms of ${'replay'}):`,
    );
    console.log(
      table(
        ['  statement', 'rows', 'p50 ms', 'p95 ms'],
        set.breakdown.map((entry) => [
          `  ${entry.label}`,
          String(entry.rows),
          fmt(entry.p50, 2),
          fmt(entry.p95, 2),
        ]),
      ),
    );
    const phase = set.phases;
    console.log(
      `  server side p50: before execution (HTTP, auth, parse, validate) ${fmt(phase.beforeExecution.p50, 2)} ms, ` +
        `execution (resolvers + SQL) ${fmt(phase.execution.p50, 2)} ms, serialise + send ${fmt(phase.serialise.p50, 2)} ms, ` +
        `server total ${fmt(phase.server.p50, 2)} ms; JSON.stringify of the response ${fmt(set.jsonStringify.p50, 2)} ms`,
    );
  }

  if (inProcess.retries > 0) {
    console.log(`\n  ${inProcess.retries} request(s) sent again after a reset kept-alive socket.`);
  }
  console.log('\n  Goals:');
  console.log(
    table(
      ['  goal', 'value', 'target', 'result'],
      result.goals.map((entry) => [
        `  ${entry.goal}`,
        `${fmt(entry.value, entry.unit === '×' ? 2 : 1)} ${entry.unit}`,
        `${entry.target} ${entry.unit}`,
        entry.margin,
      ]),
    ),
  );
}

// ---------------------------------------------------------------------------------------------

/** Merges the backends' results into bench/results/api.json (a run of one backend keeps the other's). */
function writeResults(options: Options, results: BackendResult[]): void {
  const file = resolve(RESULTS_DIR, 'api.json');
  let previous: { backends?: Record<string, unknown> } = {};
  try {
    previous = JSON.parse(readFileSync(file, 'utf8')) as typeof previous;
  } catch {
    // First run, or an unreadable file: start afresh.
  }
  const output = {
    generatedAt: new Date().toISOString(),
    machine: { cpus: cpus().length, cpu: cpus()[0]?.model ?? '?', node: process.version },
    options: { ...options },
    backends: {
      ...(previous.backends ?? {}),
      ...Object.fromEntries(
        results.map((result) => [result.backend, { generatedAt: new Date().toISOString(), ...result }]),
      ),
    },
  };
  writeFileSync(file, `${JSON.stringify(output, null, 2)}\n`);
  console.log(`\nWrote ${file.replace(`${REPO_ROOT}/`, '')}`);
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  mkdirSync(RESULTS_DIR, { recursive: true });
  const results: BackendResult[] = [];
  for (const backend of options.backends) {
    const target = targetFor(backend, options.epics, options.issues);
    console.log(`\n## ${backend}: preparing ${options.epics} epics and ${options.issues} issues`);
    const prepared = await prepare(target, options);
    const loadAverageBefore = loadavg().map((value) => Math.round(value * 100) / 100);
    console.log(`## ${backend}: in-process measurements (load average ${loadAverageBefore.join(' ')})`);
    const inProcess = await measureInProcess(target, options);
    console.log(`## ${backend}: load test`);
    // The page's real cost first, then what repeated readers of an unchanged roadmap get; each from
    // one process (the baseline) and from as many as npm start runs.
    const loads: LoadResult[] = [];
    for (const responseCache of [false, true]) {
      loads.push(
        ...(await loadTests(target, inProcess.token, options, responseCache, processCounts(target))),
      );
    }
    const result: BackendResult = {
      backend,
      epics: options.epics,
      issues: options.issues,
      today: BENCH_TODAY,
      prepare: prepared,
      loadAverageBefore,
      inProcess: { ...inProcess, token: '(redacted)' },
      loads,
      goals: goalsFor(backend, inProcess, loads, servedProcesses(target.databaseUrl)),
    };
    results.push(result);
    printBackend(result);
    writeResults(options, results);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
