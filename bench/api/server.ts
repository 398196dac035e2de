/**
 * The app on a prepared benchmark database, in a process of its own so that the load generator
 * (bench/api/run.ts) does not share its event loop. Started by run.ts as
 * `node --import tsx bench/api/server.ts` with BENCH_DATABASE_URL or BENCH_DATA_DIR set, and
 * BENCH_RESPONSE_CACHE=on to answer repeated queries from the GraphQL response cache.
 *
 * Prints `READY {"port":…}` once listening; on SIGTERM closes everything (PGlite checkpoints and
 * releases its lock) and prints `STATS {"requests":…,"statements":…,"perRequest":{…}}` before exiting:
 * statements per request are counted through an AsyncLocalStorage store that every request runs in,
 * so they stay apart when requests overlap.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { rmSync } from 'node:fs';
import { systemNow } from '../../src/server/clock.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { buildApp } from '../../src/server/http/app.ts';
import { createClientManifestDir } from '../../tests/helpers/fakeClientBundle.ts';
import { benchConfig } from './shared.ts';

async function main(): Promise<void> {
  const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
  const dataDir = process.env.BENCH_DATA_DIR ?? 'memory://';
  if (!databaseUrl && dataDir === 'memory://') throw new Error('Set BENCH_DATABASE_URL or BENCH_DATA_DIR');

  let statements = 0;
  let requests = 0;
  let unattributed = 0;
  /** How many requests sent how many statements. */
  const perRequest: Record<number, number> = {};
  const requestStatements = new AsyncLocalStorage<{ count: number }>();
  const handle = await openDatabase({
    databaseUrl,
    dataDir,
    onStatement: () => {
      statements++;
      const store = requestStatements.getStore();
      if (store) store.count++;
      else unattributed++;
    },
  });
  const clientDir = createClientManifestDir();
  const responseCache = process.env.BENCH_RESPONSE_CACHE === 'on';
  const app = await buildApp({
    config: benchConfig(clientDir, { responseCache }),
    db: handle.db,
    now: systemNow,
  });
  app.addHook('onRequest', (_request, _reply, done) => {
    requestStatements.run({ count: 0 }, done);
  });
  app.addHook('onResponse', async () => {
    requests++;
    const store = requestStatements.getStore();
    if (store) perRequest[store.count] = (perRequest[store.count] ?? 0) + 1;
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  console.log(`READY ${JSON.stringify({ port, pid: process.pid })}`);

  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await app.close();
    await handle.close();
    rmSync(clientDir, { recursive: true, force: true });
    console.log(`STATS ${JSON.stringify({ requests, statements, unattributed, perRequest })}`);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown());
  process.on('SIGINT', () => void shutdown());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
