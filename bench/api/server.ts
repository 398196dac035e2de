/**
 * The app on a prepared benchmark database, in a process of its own so that the load generator
 * (bench/api/run.ts) does not share its event loop. Started by run.ts as
 * `node --import tsx bench/api/server.ts` with BENCH_DATABASE_URL or BENCH_DATA_DIR set, and
 * BENCH_RESPONSE_CACHE=on to answer repeated queries from the GraphQL response cache.
 *
 * As `npm start` does, it serves from one process per core but one on PostgreSQL (WEB_CONCURRENCY
 * chooses) and from one on PGlite. Prints `READY {"port":…,"processes":…}` once every process
 * listens; on SIGTERM closes everything (PGlite checkpoints and releases its lock) and prints
 * `STATS {"requests":…,"statements":…}` before exiting: the statements
 * sent since it listened and the requests answered. Not per request: following each request's
 * async flow (AsyncLocalStorage) would hook every promise, and the load test would time the hooks.
 */

import type { Worker } from 'node:cluster';
import { rmSync } from 'node:fs';
import { systemNow } from '../../src/server/clock.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { buildApp } from '../../src/server/http/app.ts';
import { countHitsForWorkers, PrimaryRateCounter } from '../../src/server/processes/primaryRateCounter.ts';
import { startWorkers, workerIndex } from '../../src/server/processes/serverProcesses.ts';
import { createClientManifestDir } from '../../tests/helpers/fakeClientBundle.ts';
import { benchConfig, servedProcesses } from './shared.ts';

interface Totals {
  requests: number;
  statements: number;
}

/** What a worker reports to the primary as it stops. */
const TOTALS_MESSAGE = 'bench:totals';

async function main(): Promise<void> {
  const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
  const dataDir = process.env.BENCH_DATA_DIR ?? 'memory://';
  if (!databaseUrl && dataDir === 'memory://') throw new Error('Set BENCH_DATABASE_URL or BENCH_DATA_DIR');
  const responseCache = process.env.BENCH_RESPONSE_CACHE === 'on';
  const index = workerIndex();
  if (index !== undefined) {
    const clientDir = process.env.BENCH_CLIENT_DIR ?? '';
    await serve({ databaseUrl, dataDir, clientDir, responseCache, worker: { index } });
    return;
  }
  const clientDir = createClientManifestDir();
  // As many processes as npm start runs (WEB_CONCURRENCY to choose); one on PGlite.
  const processes = servedProcesses(databaseUrl);
  if (processes === 1) {
    await serve({ databaseUrl, dataDir, clientDir, responseCache, worker: undefined });
    return;
  }
  const totals: Totals = { requests: 0, statements: 0 };
  const countHits = countHitsForWorkers(processes);
  const workers = startWorkers({
    count: processes,
    env: { BENCH_CLIENT_DIR: clientDir },
    onMessage: (worker: Worker, message: unknown) => {
      const sent = message as { type?: string } & Partial<Totals>;
      if (sent?.type === TOTALS_MESSAGE) {
        totals.requests += sent.requests ?? 0;
        totals.statements += sent.statements ?? 0;
      } else countHits(worker, message);
    },
    log: (message) => console.error(message),
    onFailure: (error) => {
      console.error(error.message);
      process.exit(1);
    },
  });
  const port = await workers.listening;
  console.log(`READY ${JSON.stringify({ port, pid: process.pid, processes })}`);
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await workers.stop();
    rmSync(clientDir, { recursive: true, force: true });
    console.log(`STATS ${JSON.stringify(totals)}`);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown());
  process.on('SIGINT', () => void shutdown());
}

/** Serves alone (printing READY and STATS), or as one worker of several (reporting to the primary). */
async function serve(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  clientDir: string;
  responseCache: boolean;
  worker: { index: number } | undefined;
}): Promise<void> {
  const { databaseUrl, dataDir, clientDir, responseCache, worker } = options;
  const totals: Totals = { requests: 0, statements: 0 };
  const handle = await openDatabase({
    databaseUrl,
    dataDir,
    onStatement: () => {
      totals.statements++;
    },
  });
  const app = await buildApp({
    config: benchConfig(clientDir, { responseCache }),
    db: handle.db,
    now: systemNow,
    ...(worker ? { rateCounter: new PrimaryRateCounter(), backgroundJobs: worker.index === 0 } : {}),
  });
  app.addHook('onResponse', async () => {
    totals.requests++;
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  totals.statements = 0;
  if (!worker) console.log(`READY ${JSON.stringify({ port, pid: process.pid, processes: 1 })}`);

  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    const sent = { ...totals };
    await app.close();
    await handle.close();
    if (worker) {
      process.send?.({ type: TOTALS_MESSAGE, ...sent }, undefined, undefined, () => process.exit(0));
      return;
    }
    rmSync(clientDir, { recursive: true, force: true });
    console.log(`STATS ${JSON.stringify(sent)}`);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown());
  process.on('SIGINT', () => void shutdown());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
