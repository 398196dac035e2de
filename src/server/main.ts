import { hash } from '@node-rs/argon2';
import { calendarDateOf } from '../core/time/formatting.ts';
import { readConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { countUsers } from './db/repositories/userRepository.ts';
import { DEFAULT_DEMO_SIZE, refreshStatisticsAfterSeed, seedDemoData } from './db/seed/demoOrganisation.ts';
import { buildApp } from './http/app.ts';

/** Starts the server: open and migrate the database, seed the demo on first start, listen, stop cleanly. */
async function main(): Promise<void> {
  const config = readConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).catch(
    (error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
  let closing = false;
  const stop = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: stopping`);
    await app?.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    await migrateToLatest(database.db);
    if (config.demoSeed && (await countUsers(database.db)) === 0) {
      const started = Date.now();
      console.log('Empty database: seeding the demo organisation "acme"...');
      const summary = await seedDemoData(database.db, {
        ...DEFAULT_DEMO_SIZE,
        largeTree: true,
        today: calendarDateOf(new Date()),
        passwordHash: await hash(config.demoPassword),
      });
      await refreshStatisticsAfterSeed(database.db);
      console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(summary)}`);
    }
    app = await buildApp({ config, db: database.db });
    await app.listen({ port: config.port, host: config.host });
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

await main();
