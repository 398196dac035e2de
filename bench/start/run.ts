/**
 * How long `npm start` takes to answer (issue 15, "Start"; not part of npm test).
 *
 *   node --import tsx bench/start/run.ts [--runs 5] [--slow-runs 3] [--only <part of a case's name>]
 *     [--write-baseline]
 *
 * Runs the commands a user runs, in this tree, and times each from spawn until GET /users/sign_in
 * answers 200 (or, for the build check alone, until it exits). `--runs` times the cases of a
 * few seconds, `--slow-runs` those that build or seed. Cases:
 *
 * - `npm start` on a built tree with existing data (goal ≤ 5 s); then what `npm start` was on the
 *   same tree, `npm run build && node --import tsx src/server/main.ts`; then the parts: the build
 *   check alone (scripts/start.ts finding both builds fresh), the compiled server alone, and the
 *   server from source under tsx.
 * - `npm start` on a built tree with a fresh DATA_DIR: the demo seed.
 * - `npm start` with the client stale (its stamp removed): the build check runs `npm run build`.
 * - `npm start` on a fresh clone: no builds (dist/client, dist/server and their stamps removed) and a
 *   fresh DATA_DIR (goal ≤ 30 s).
 *
 * The runs go round by round, every case once a round, so that the load of other work falls on all
 * of them alike. It builds in this tree's dist/ and leaves it built. Data folders live in bench/results/start/.
 * Writes bench/results/start.json; compares with bench/baselines/start.md (bench/baseline.ts). The
 * machine's load moves these numbers more than anything: each row notes the load average it ran at.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BASELINE_OPTIONS, type BenchTable, compareWithBaseline, markdownTable } from '../baseline.ts';
import { SERVER_NODE_FLAGS } from '../serverNodeFlags.ts';
import { distribution } from '../stats.ts';

const { values } = parseArgs({
  options: {
    ...BASELINE_OPTIONS,
    runs: { type: 'string', default: '5' },
    'slow-runs': { type: 'string', default: '3' },
    only: { type: 'string' },
  },
});
const RUNS = Number(values.runs);
const SLOW_RUNS = Number(values['slow-runs']);

const REPO_ROOT = resolve(import.meta.dirname, '../..');
const WORK_DIR = resolve(REPO_ROOT, 'bench/results/start');
const KEPT_DATA = resolve(WORK_DIR, 'kept');
/** A run that has not answered by then has failed. */
const TIMEOUT_MS = 180_000;

/** One way of starting; `prepare` runs before each run, outside the timing. */
interface Case {
  readonly name: string;
  readonly command: readonly string[];
  readonly runs: number;
  readonly goalSeconds?: number;
  /** Fresh data each run instead of the kept folder. */
  readonly freshData?: boolean;
  /** Times until the command exits, not until it answers. */
  readonly untilExit?: boolean;
  readonly prepare?: () => void;
}

const NPM_START = ['npm', 'start', '--silent'];
const removeStamp = (name: string) =>
  rmSync(resolve(REPO_ROOT, 'dist/stamps', `${name}.json`), { force: true });
const removeBuilds = () => {
  for (const path of ['dist/client', 'dist/server', 'dist/stamps'])
    rmSync(resolve(REPO_ROOT, path), { recursive: true, force: true });
};

const CASES: readonly Case[] = [
  { name: 'npm start: built tree, existing data', command: NPM_START, runs: RUNS, goalSeconds: 5 },
  {
    name: 'before: vite build + tsx server, existing data',
    command: ['sh', '-c', 'npm run build --silent && node --import tsx src/server/main.ts'],
    runs: RUNS,
  },
  {
    name: 'part: build check, both builds fresh',
    command: ['node', '--import', 'tsx', 'scripts/start.ts'],
    runs: RUNS,
    untilExit: true,
  },
  {
    name: 'part: compiled server, existing data',
    command: ['node', '--enable-source-maps', ...SERVER_NODE_FLAGS, 'dist/server/main.mjs'],
    runs: RUNS,
  },
  {
    name: 'part: server from source (tsx), existing data',
    command: ['node', '--import', 'tsx', 'src/server/main.ts'],
    runs: RUNS,
  },
  { name: 'npm start: built tree, fresh data (seed)', command: NPM_START, runs: SLOW_RUNS, freshData: true },
  {
    name: 'npm start: client stale, built tree',
    command: NPM_START,
    runs: SLOW_RUNS,
    prepare: () => removeStamp('client'),
  },
  {
    name: 'npm start: fresh clone (no builds, no data)',
    command: NPM_START,
    runs: SLOW_RUNS,
    goalSeconds: 30,
    freshData: true,
    prepare: removeBuilds,
  },
];

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? done(address.port) : fail(new Error('no port')),
      );
    });
  });
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url);
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

const groupAlive = (pid: number) => {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Stops the command and everything it started (npm, sh, node), as Ctrl-C does, and waits until all of
 * them are gone: the next run may open the same data folder, which one process at a time may hold.
 */
async function stop(child: ChildProcess): Promise<void> {
  const pid = child.pid!;
  if (groupAlive(pid)) process.kill(-pid, 'SIGINT');
  const deadline = performance.now() + 15_000;
  while (groupAlive(pid)) {
    if (performance.now() > deadline) process.kill(-pid, 'SIGKILL');
    await sleep(50);
  }
}

/** One run: seconds from spawn until the sign-in page answers (or the command exits). */
async function timeRun(run: Case, dataDir: string): Promise<number> {
  const port = await freePort();
  let output = '';
  const started = performance.now();
  const [command, ...args] = run.command;
  const child = spawn(command!, args, {
    cwd: REPO_ROOT,
    // Its own process group, so that stop() reaches the server under npm and sh.
    detached: true,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    output += chunk;
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  try {
    if (run.untilExit) {
      const code = await exited;
      if (code !== 0) throw new Error(`exited with ${code}`);
      return (performance.now() - started) / 1000;
    }
    const url = `http://127.0.0.1:${port}/users/sign_in`;
    while (!(await answers(url))) {
      if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}`);
      if (performance.now() - started > TIMEOUT_MS) throw new Error(`no answer in ${TIMEOUT_MS / 1000} s`);
      await sleep(20);
    }
    return (performance.now() - started) / 1000;
  } catch (error) {
    throw new Error(`${run.name}: ${(error as Error).message}\n${output}`);
  } finally {
    await stop(child);
  }
}

interface Result {
  readonly name: string;
  readonly seconds: number[];
  /** The 1-minute load average before each run. */
  readonly load: number[];
}

async function main(): Promise<void> {
  const cases = CASES.filter((run) => !values.only || run.name.includes(values.only));
  mkdirSync(WORK_DIR, { recursive: true });
  // The kept data: seeded once by a first start, outside the timings (and the builds brought up to date).
  rmSync(KEPT_DATA, { recursive: true, force: true });
  console.log('Preparing: npm start on a fresh folder, to build what is stale and seed the kept data...');
  await timeRun({ name: 'preparation', command: NPM_START, runs: 1 }, KEPT_DATA);

  // Round by round, each case once a round, so that the load other work puts on the machine falls on
  // every case alike rather than on whichever ran while it peaked. Each case's prepare() sets up its
  // own starting point and every run leaves the tree built.
  const results = cases.map((run): Result => ({ name: run.name, seconds: [], load: [] }));
  const rounds = Math.max(...cases.map((run) => run.runs));
  for (let round = 0; round < rounds; round += 1) {
    for (const [index, run] of cases.entries()) {
      if (round >= run.runs) continue;
      run.prepare?.();
      const dataDir = run.freshData ? resolve(WORK_DIR, 'fresh') : KEPT_DATA;
      if (run.freshData) rmSync(dataDir, { recursive: true, force: true });
      const result = results[index]!;
      result.load.push(loadavg()[0]!);
      result.seconds.push(await timeRun(run, dataDir));
      if (run.freshData) rmSync(dataDir, { recursive: true, force: true });
      console.log(`${run.name}: ${result.seconds.at(-1)!.toFixed(2)} s`);
    }
  }

  const header = ['case', 'runs', 'median s', 'p95 s', 'goal s', 'load'];
  const rows = results.map((result) => {
    const { p50, p95 } = distribution(result.seconds)!;
    const goal = cases.find((run) => run.name === result.name)?.goalSeconds;
    const load = result.load;
    return [
      result.name,
      String(result.seconds.length),
      p50.toFixed(2),
      p95.toFixed(2),
      goal === undefined ? '' : `≤ ${goal}`,
      `${Math.min(...load).toFixed(1)}–${Math.max(...load).toFixed(1)}`,
    ];
  });
  const table: BenchTable = { header, rows };
  console.log(`\n${markdownTable(table)}`);
  compareWithBaseline('start', table, [
    'Seconds from spawn until GET /users/sign_in answers 200 (the build check: until it exits). ' +
      'load: the 1-minute load average before the runs, lowest–highest.',
  ]);
  writeFileSync(resolve(REPO_ROOT, 'bench/results/start.json'), `${JSON.stringify({ results }, null, 2)}\n`);
  rmSync(KEPT_DATA, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
