/**
 * The app on a prepared benchmark database, in a process of its own so that the load generator
 * (bench/api/run.ts) does not share its event loop. Started by run.ts as
 * `node --import tsx bench/api/server.ts` with BENCH_DATABASE_URL or BENCH_DATA_DIR set, and
 * BENCH_RESPONSE_CACHE=on to answer repeated queries from the GraphQL response cache.
 *
 * Prints `READY {"port":…}` once listening; on SIGTERM closes everything (PGlite checkpoints and
 * releases its lock) and prints `STATS {"requests":…,"statements":…}` before exiting: the statements
 * sent since it listened and the requests answered. Not per request: following each request's
 * async flow (AsyncLocalStorage) would hook every promise, and the load test would time the hooks.
 */
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
  const handle = await openDatabase({
    databaseUrl,
    dataDir,
    onStatement: () => {
      statements++;
    },
  });
  const clientDir = createClientManifestDir();
  const responseCache = process.env.BENCH_RESPONSE_CACHE === 'on';
  const app = await buildApp({
    config: benchConfig(clientDir, { responseCache }),
    db: handle.db,
    now: systemNow,
  });
  app.addHook('onResponse', async () => {
    requests++;
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  statements = 0;
  console.log(`READY ${JSON.stringify({ port, pid: process.pid })}`);

  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    const sent = { requests, statements };
    await app.close();
    await handle.close();
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
