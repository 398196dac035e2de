import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { hash } from '@node-rs/argon2';
import type { Kysely } from 'kysely';
import { calendarDateOf } from '../core/time/formatting.ts';
import { systemNow } from './clock.ts';
import { readConfig, type ServerConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { openTrackingDatabase } from './db/geoTracking/trackingDatabase.ts';
import { migrateToLatest } from './db/migrate.ts';
import { countUsers } from './db/repositories/userRepository.ts';
import type { Database } from './db/schema.ts';
import { DEFAULT_DEMO_SIZE, seedDemoData, settleAfterSeed } from './db/seed/demoOrganisation.ts';
import { buildApp } from './http/app.ts';
import { countHitsForWorkers, PrimaryRateCounter } from './processes/primaryRateCounter.ts';
import { processPlanFor, startWorkers, workerIndex } from './processes/serverProcesses.ts';

/**
 * Starts the server: open and migrate the database, seed the demo on first start, listen, stop
 * cleanly. When it serves from several processes (PostgreSQL on more than two cores, or
 * WEB_CONCURRENCY), this process, the primary, prepares the database and starts the others, which
 * serve (src/server/processes/serverProcesses.ts).
 */
async function main(): Promise<void> {
  const index = workerIndex();
  // A worker's environment carries the primary's secret key; the primary prepared the database.
  if (index !== undefined) return serve(readConfig(), { index });
  const read = readConfig();
  const secondary = read.geo.primaryUrl !== undefined;
  if (secondary && !read.secretKeyBase) {
    exitWith(
      new Error('A Geo secondary (GEO_PRIMARY_URL) needs SECRET_KEY_BASE, the same as its primary’s.'),
    );
  }
  const config: ServerConfig = {
    ...read,
    // A secondary holds the primary's data, never the demo's.
    demoSeed: read.demoSeed && !secondary,
    secretKeyBase: read.secretKeyBase ?? (await secretKeyBaseInDataDir(read.dataDir).catch(exitWith)),
  };
  // Migrations and the first seeding run without the requests' time budget; on PostgreSQL on a
  // connection of their own, on PGlite before any request can queue for its session.
  // A secondary's PostgreSQL is a read-only standby of the primary's, migrated there.
  if (config.databaseUrl && !secondary) {
    const setup = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).catch(
      exitWith,
    );
    try {
      await prepareDatabase(setup.db, config);
    } catch (error) {
      await setup.close();
      exitWith(error);
    }
    await setup.close();
  }
  const plan = processPlanFor(config);
  if (plan.note) console.warn(plan.note);
  if (plan.count === 1) return serve(config, undefined);
  await superviseWorkers(config, plan.count);
}

/** The primary of several serving processes: starts them, replaces one that dies, stops them all. */
async function superviseWorkers(config: ServerConfig, count: number): Promise<void> {
  const workers = startWorkers({
    count,
    env: { SECRET_KEY_BASE: config.secretKeyBase ?? '' },
    // Without Redis the rate limits count here, for every worker at once.
    onMessage: countHitsForWorkers(count),
    log: (message) => console.warn(message),
    onFailure: (error) => exitWith(error),
  });
  let closing = false;
  const stop = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: stopping`);
    await workers.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
  const port = await workers.listening;
  console.log(
    `Plantrack is running at http://${config.host}:${port} (database: postgres, ${count} processes)`,
  );
}

/** Serves requests from this process: alone, or as worker `index` of several. */
async function serve(config: ServerConfig, worker: { readonly index: number } | undefined): Promise<void> {
  const secondary = config.geo.primaryUrl !== undefined;
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    statementTimeoutMs: config.dbStatementTimeoutMs,
    preparedStatements: config.databasePreparedStatements,
  }).catch(exitWith);
  const tracking = secondary
    ? await openTrackingDatabase({
        trackingDatabaseUrl: config.geo.trackingDatabaseUrl,
        dataDir: config.dataDir,
      }).catch(exitWith)
    : undefined;
  let closing = false;
  const stop = async (signal: string) => {
    if (closing) return;
    closing = true;
    if (!worker) console.log(`${signal}: stopping`);
    await app?.close();
    await tracking?.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    if (!config.databaseUrl) await prepareDatabase(database.db, config);
    app = await buildApp({
      config,
      db: database.db,
      now: systemNow,
      geoTracking: tracking?.db,
      // Several workers count in their primary unless they share Redis.
      ...(worker && !config.redisUrl ? { rateCounter: new PrimaryRateCounter() } : {}),
      // One process runs the background jobs: two would do each pass twice.
      backgroundJobs: worker === undefined || worker.index === 0,
    });
    await app.listen({ port: config.port, host: config.host });
    if (worker) return; // the primary says where the server runs
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    console.log(`Plantrack is running at http://${config.host}:${port} (database: ${database.kind})`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    await app?.close();
    await database.close();
    process.exit(1);
  }
}

/**
 * The installation's own SECRET_KEY_BASE when none is given: made once, at random, and kept in
 * DATA_DIR (readable by this user only). Servers sharing a PostgreSQL database must share it: set
 * SECRET_KEY_BASE for them.
 */
async function secretKeyBaseInDataDir(dataDir: string): Promise<string> {
  // An in-memory database keeps nothing: neither does its key (and `memory://` is no folder to write in).
  if (dataDir.startsWith('memory://')) return randomBytes(64).toString('hex');
  const path = join(dataDir, 'secret_key_base');
  try {
    return (await fs.readFile(path, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await fs.mkdir(dataDir, { recursive: true });
  const key = randomBytes(64).toString('hex');
  try {
    await fs.writeFile(path, `${key}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    // Another process made it first: theirs is the key.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return (await fs.readFile(path, 'utf8')).trim();
    throw error;
  }
}

function exitWith(error: unknown): never {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

/** Migrates, and seeds the demo organisation into an empty database when DEMO_SEED asks for it. */
async function prepareDatabase(db: Kysely<Database>, config: ServerConfig): Promise<void> {
  await migrateToLatest(db);
  if (!config.demoSeed || (await countUsers(db)) !== 0) return;
  const started = performance.now();
  console.log('Empty database: seeding the demo organisation "acme"...');
  const summary = await seedDemoData(db, {
    ...DEFAULT_DEMO_SIZE,
    largeTree: true,
    today: calendarDateOf(systemNow()),
    passwordHash: await hash(config.demoPassword),
  });
  await settleAfterSeed(db, systemNow());
  console.log(`Seeded in ${((performance.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(summary)}`);
}

// A configuration error (a bad PORT, say) reads as its one-line message, not a stack trace.
await main().catch(exitWith);
