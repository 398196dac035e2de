import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import { after } from '../clock.ts';
import type { ServerConfig } from '../config.ts';

/**
 * Most processes started when WEB_CONCURRENCY is unset: each keeps up to ten PostgreSQL connections,
 * and PostgreSQL's default allows a hundred.
 */
const DEFAULT_MAX_PROCESSES = 8;

/** The environment variable that tells a worker process its index (0 runs the background jobs). */
const WORKER_INDEX = 'PLANTRACK_WORKER_INDEX';

/** A replaced worker waits this long before starting, so that a crash loop does not spin the CPU. */
const RESTART_DELAY_MS = 1000;

/** How long a stopping worker may take to close its connections before it is killed. */
const STOP_GRACE_MS = 10_000;

export interface ProcessPlan {
  readonly count: number;
  /** Why an asked-for WEB_CONCURRENCY does not apply, to print at start. */
  readonly note?: string;
}

/**
 * How many processes serve requests. One Node.js process answers from one core; on PostgreSQL the
 * server runs one per core but one (node:cluster shares the port), leaving a core to PostgreSQL and
 * the machine: on two cores a second process answered no more pages than one (bench/api/run.ts),
 * both being busy already. PGlite is one process's embedded database, and a Geo secondary's
 * replication keeps its registry in one process: both serve alone.
 */
export function processPlanFor(config: ServerConfig, cores = availableParallelism()): ProcessPlan {
  const asked = config.webConcurrency;
  const alone = !config.databaseUrl
    ? 'PGlite serves from one process'
    : config.geo.primaryUrl !== undefined
      ? 'a Geo secondary serves from one process'
      : undefined;
  if (alone !== undefined) {
    return asked !== undefined && asked > 1
      ? { count: 1, note: `WEB_CONCURRENCY=${asked} does not apply: ${alone}.` }
      : { count: 1 };
  }
  return { count: asked ?? Math.max(1, Math.min(cores - 1, DEFAULT_MAX_PROCESSES)) };
}

/** This process's index when it is one of several serving processes; undefined in the primary or alone. */
export function workerIndex(): number | undefined {
  if (!cluster.isWorker) return undefined;
  const index = Number(process.env[WORKER_INDEX]);
  return Number.isSafeInteger(index) ? index : undefined;
}

export interface WorkerOptions {
  readonly count: number;
  /** What each worker's environment adds to the primary's (the secret key it made, say). */
  readonly env: Readonly<Record<string, string>>;
  /** Messages the workers send the primary (the rate counter's hits). */
  readonly onMessage: (worker: Worker, message: unknown) => void;
  readonly log: (message: string) => void;
  /** Called once every worker has stopped because one could not start. */
  readonly onFailure: (error: Error) => void;
}

export interface RunningWorkers {
  /** The port, once every worker listens for the first time. */
  readonly listening: Promise<number>;
  /** Asks every worker to stop (SIGTERM) and waits for them; kills those that take too long. */
  stop(): Promise<void>;
}

/**
 * Starts `count` workers running this same script and keeps them running: a worker that exits after
 * it listened is replaced under the same index; one that exits before it ever listened stops them
 * all, since its replacement would fail the same way (a port in use, a configuration error).
 */
export function startWorkers({ count, env, onMessage, log, onFailure }: WorkerOptions): RunningWorkers {
  const workers = new Map<Worker, { index: number; listened: boolean }>();
  let stopping = false;
  let reportListening: (port: number) => void = () => {};
  const listening = new Promise<number>((resolve) => {
    reportListening = resolve;
  });
  let waitingFor = count;

  const fork = (index: number) => {
    const worker = cluster.fork({ ...env, [WORKER_INDEX]: String(index) });
    workers.set(worker, { index, listened: false });
    worker.on('message', (message: unknown) => onMessage(worker, message));
    worker.on('listening', (address) => {
      const state = workers.get(worker);
      if (!state || state.listened) return;
      state.listened = true;
      waitingFor--;
      if (waitingFor === 0) reportListening(address.port);
    });
    worker.on('exit', (code, signal) => {
      const state = workers.get(worker);
      workers.delete(worker);
      if (stopping || !state) return;
      const how = signal ? `signal ${signal}` : `code ${code}`;
      if (!state.listened) {
        const error = new Error(`Server process ${index} exited (${how}) before it listened`);
        void stop().then(() => onFailure(error));
        return;
      }
      log(`Server process ${index} exited (${how}); starting another.`);
      waitingFor++;
      after(RESTART_DELAY_MS, () => {
        if (!stopping) fork(index);
      });
    });
  };

  const stop = async (): Promise<void> => {
    stopping = true;
    const exits = [...workers.keys()].map(
      (worker) =>
        new Promise<void>((done) => {
          if (worker.isDead()) return done();
          const cancelKill = after(STOP_GRACE_MS, () => worker.process.kill('SIGKILL'));
          worker.once('exit', () => {
            cancelKill();
            done();
          });
          worker.process.kill('SIGTERM');
        }),
    );
    await Promise.all(exits);
  };

  for (let index = 0; index < count; index++) fork(index);
  return { listening, stop };
}
