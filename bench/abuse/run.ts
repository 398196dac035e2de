/**
 * The abuse benchmark (issue 13, "Bounded work"; not part of npm test).
 *
 *   node --import tsx bench/abuse/run.ts [--seconds 3] [--abusers 2] [--epics 1500 --issues 15000]
 *     [--only <part of an abuse's name>] [--write-baseline]
 *
 * Starts the app in-process on a fresh in-memory PGlite with the demo data, then, for each abusive
 * request of the issue, keeps `--abusers` loops sending it from a worker thread (abuser.ts) for
 * `--seconds` while one normal client lists epics (REST, signed in) one request after another. Prints the normal request's
 * p50/p95/max per abuse, with the baseline first, writes bench/results/abuse.json and compares with
 * bench/baselines/abuse.md (bench/baseline.ts). The API rate
 * limits are lifted for the run, so what is measured is the caps and the time budget, not the 429s.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { GRAPHQL_PATH } from '../../src/core/domain/webPaths.ts';
import { startTestServer } from '../../tests/helpers/testServer.ts';
import { BASELINE_OPTIONS, type BenchTable, compareWithBaseline } from '../baseline.ts';
import { distribution } from '../stats.ts';
import type { AbuserMessage, AbuserOptions, AbusiveRequest } from './abuser.ts';

const { values } = parseArgs({
  options: {
    ...BASELINE_OPTIONS,
    seconds: { type: 'string', default: '3' },
    abusers: { type: 'string', default: '2' },
    only: { type: 'string' },
    epics: { type: 'string', default: '1500' },
    issues: { type: 'string', default: '15000' },
  },
});
const SECONDS = Number(values.seconds);
const ABUSERS = Number(values.abusers);
/** The issue's goal: a normal request's p95 under abuse. */
const P95_GOAL_MS = 100;
/** Bounds on each loop, whatever the machine: requests per abuser, and normal samples. */
const MAX_ABUSIVE_REQUESTS = 2000;
const MAX_NORMAL_SAMPLES = 2000;

const names = (count: number, prefix: string) => Array.from({ length: count }, (_, i) => `${prefix} ${i}`);

async function main(): Promise<void> {
  console.log(`Seeding ${values.epics} epics and ${values.issues} issues on PGlite...`);
  const server = await startTestServer({
    backend: 'pglite',
    epics: Number(values.epics),
    issues: Number(values.issues),
    env: {
      API_RATE_LIMIT_AUTHENTICATED: '100000000',
      API_RATE_LIMIT_UNAUTHENTICATED: '100000000',
      // The production default, not the tests' generous one.
      DB_STATEMENT_TIMEOUT_MS: '2000',
    },
  });
  const base = server.baseUrl;
  const ownerToken = await server.tokenFor('owner');
  const reporterToken = await server.tokenFor('reporter');
  // Each abuse is a request as data: the abusers send it from a worker thread, as a client on
  // another machine would, so that their own work (2.7 MB of JSON for 300,000 iids) does not run on
  // the server's event loop and pass for its cost.
  const graphql = (name: string, body: unknown, token?: string): AbusiveRequest => ({
    name,
    url: `${base}${GRAPHQL_PATH}`,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'private-token': token } : {}) },
    body: JSON.stringify(body),
  });
  const epicsBy = (name: string, args: string, variables: Record<string, unknown>, types: string) =>
    graphql(name, {
      query: `query(${types}) { group(fullPath: "acme") { epics(${args}) { nodes { iid title } } } }`,
      variables,
    });
  const cheap = { query: '{ group(fullPath: "acme") { epics(first: 20) { nodes { iid title } } } }' };
  const megabyte = 'y'.repeat(1024 * 1024);

  const abuses: AbusiveRequest[] = [
    epicsBy('epics(search:) 100 KB', 'search: $s', { s: 'x'.repeat(100_000) }, '$s: String'),
    graphql('batch of 500 queries', Array(500).fill(cheap)),
    // Not an abuse: the largest batch accepted, shown for scale. Two loops of it are twenty queries
    // always in flight, the work of twenty clients; what bounds it is the API rate limit (each query
    // of a batch counts), which this run lifts.
    { ...graphql('batch of 10 queries (accepted)', Array(10).fill(cheap)), accepted: true },
    epicsBy('epics(labelName:) 1,000', 'labelName: $l', { l: names(1000, 'L') }, '$l: [String]'),
    epicsBy('epics(labelName:) 100', 'labelName: $l', { l: names(100, 'L') }, '$l: [String]'),
    epicsBy('epics(not: {labelName}) 100', 'not: { labelName: $l }', { l: names(100, 'L') }, '$l: [String]'),
    graphql('issues(labelName:) 1,000', {
      query: 'query($l: [String]) { group(fullPath: "acme") { issues(labelName: $l) { nodes { iid } } } }',
      variables: { l: names(1000, 'L') },
    }),
    epicsBy(
      'epics(iids:) 300,000',
      'iids: $i',
      { i: Array.from({ length: 300_000 }, (_, i) => String(i + 1)) },
      '$i: [ID!]',
    ),
    graphql('labels(searchTerm:) 1 MB', {
      query: 'query($s: String) { group(fullPath: "acme") { labels(searchTerm: $s) { nodes { title } } } }',
      variables: { s: megabyte },
    }),
    graphql('milestones(searchTitle:) 1 MB', {
      query:
        'query($s: String) { group(fullPath: "acme") { milestones(searchTitle: $s) { nodes { title } } } }',
      variables: { s: megabyte },
    }),
    {
      name: 'Reporter: 10,000 new labels',
      url: `${base}/api/v4/groups/workshop/epics`,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'private-token': reporterToken },
      body: JSON.stringify({ title: 'Fan out', labels: names(10_000, 'Fan').join(',') }),
    },
    {
      name: 'labels.json?per_page=1000000',
      url: `${base}/groups/acme/-/labels.json?per_page=1000000`,
      method: 'GET',
      headers: {},
    },
  ];

  const normal = () =>
    fetch(`${base}/api/v4/groups/acme/epics?per_page=20`, { headers: { 'private-token': ownerToken } });
  // Warm up the normal path (plans, JIT) before any measurement.
  for (let i = 0; i < 20; i++) await (await normal()).arrayBuffer();

  const rows: Record<string, unknown>[] = [];
  const chosen = values.only ? abuses.filter((abuse) => abuse.name.includes(values.only ?? '')) : abuses;
  for (const abuse of [null, ...chosen]) {
    const row = await measureUnder(abuse, normal);
    rows.push(row);
    console.log(formatRow(row));
  }
  await server.close();

  console.log('');
  compareWithBaseline('abuse', printTable(rows));
  const resultsDir = resolve(import.meta.dirname, '../results');
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(
    resolve(resultsDir, 'abuse.json'),
    `${JSON.stringify({ seconds: SECONDS, abusers: ABUSERS, rows }, null, 2)}\n`,
  );
  const failed = rows.filter((row) => !row.accepted && (row.p95 as number) >= P95_GOAL_MS);
  console.log(
    failed.length === 0
      ? `Under every abusive request, the normal p95 is under ${P95_GOAL_MS} ms.`
      : `Over ${P95_GOAL_MS} ms: ${failed.map((row) => row.abuse).join(', ')}`,
  );
}

type AbuserDone = Extract<AbuserMessage, { type: 'done' }>;

interface RunningAbuser {
  /** Settles when the loops have begun sending. */
  readonly started: Promise<void>;
  readonly done: Promise<AbuserDone>;
  isRunning(): boolean;
}

/** Starts a worker thread on abuser.ts: TypeScript is loaded there as here, through tsx. */
function startAbuser(options: AbuserOptions): RunningAbuser {
  const url = new URL('./abuser.ts', import.meta.url).href;
  const source = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(url)}); });`;
  const worker = new Worker(source, { eval: true, workerData: options });
  let running = false;
  let onStarted: () => void = () => {};
  let onDone: (message: AbuserDone) => void = () => {};
  const started = new Promise<void>((resolveStarted) => {
    onStarted = resolveStarted;
  });
  const done = new Promise<AbuserDone>((resolveDone, reject) => {
    onDone = resolveDone;
    worker.on('error', reject);
  });
  worker.on('message', (message: AbuserMessage) => {
    running = message.type === 'started';
    if (message.type === 'started') onStarted();
    else onDone(message);
  });
  return { started: Promise.race([started, done.then(() => undefined)]), done, isRunning: () => running };
}

/**
 * Times the normal request while the abuse runs in loops in a worker thread; both stop after
 * SECONDS or their caps. The baseline (no abuse) times the normal request alone for SECONDS.
 */
async function measureUnder(
  abuse: AbusiveRequest | null,
  normal: () => Promise<Response>,
): Promise<Record<string, unknown>> {
  const abuser = abuse
    ? startAbuser({ request: abuse, loops: ABUSERS, seconds: SECONDS, maxRequests: MAX_ABUSIVE_REQUESTS })
    : null;
  if (abuser) {
    await abuser.started;
    // Let the abusers' first requests arrive, so every sample is taken under load.
    await new Promise((resolveDelay) => setTimeout(resolveDelay, 100));
  }
  const deadline = performance.now() + SECONDS * 1000;
  const normalTimes: number[] = [];
  while (
    normalTimes.length < MAX_NORMAL_SAMPLES &&
    performance.now() < deadline &&
    (abuser?.isRunning() ?? true)
  ) {
    const started = performance.now();
    const response = await normal();
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`normal request answered ${response.status}`);
    normalTimes.push(performance.now() - started);
  }
  const { statuses, times } = abuser ? await abuser.done : { statuses: [], times: [] };
  const normalStats = distribution(normalTimes);
  const abusiveStats = distribution(times);
  return {
    abuse: abuse?.name ?? '(none: baseline)',
    accepted: abuse?.accepted ?? false,
    answers: statuses.map(([status, count]) => `${status}×${count}`).join(' ') || '–',
    abusiveP50: abusiveStats ? round(abusiveStats.p50) : null,
    p50: round(normalStats?.p50 ?? Number.NaN),
    p95: round(normalStats?.p95 ?? Number.NaN),
    max: round(normalStats?.max ?? Number.NaN),
    samples: normalStats?.samples ?? 0,
  };
}

const round = (value: number) => Math.round(value * 10) / 10;

function formatRow(row: Record<string, unknown>): string {
  return `  ${String(row.abuse).padEnd(32)} normal p95 ${String(row.p95).padStart(7)} ms`;
}

function printTable(rows: Record<string, unknown>[]): BenchTable {
  const columns = ['abuse', 'answers', 'abusiveP50', 'p50', 'p95', 'max', 'samples'] as const;
  const headers = [
    'abusive request (in loops)',
    'its answers',
    'its p50 ms',
    'normal p50',
    'normal p95',
    'normal max',
    'n',
  ];
  const cells = rows.map((row) => columns.map((column) => String(row[column] ?? '–')));
  const widths = headers.map((header, i) => Math.max(header.length, ...cells.map((line) => line[i]!.length)));
  const line = (values: string[]) => `| ${values.map((value, i) => value.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(line(headers));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of cells) console.log(line(row));
  return { header: headers, rows: cells };
}

await main();
