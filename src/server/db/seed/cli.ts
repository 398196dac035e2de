import { parseArgs } from 'node:util';
import { hash } from '@node-rs/argon2';
import { formatCount } from '../../../core/domain/plural.ts';
import { parseDay } from '../../../core/time/epochDay.ts';
import { calendarDateOf } from '../../../core/time/formatting.ts';
import { systemNow } from '../../clock.ts';
import { openDatabase } from '../database.ts';
import { DataDirInUseError } from '../lockFile.ts';
import { migrateToLatest } from '../migrate.ts';
import {
  clearDomainData,
  DEFAULT_DEMO_SEED,
  DEFAULT_DEMO_SIZE,
  DEMO_USERS,
  type SeedSummary,
  seedDemoData,
  settleAfterSeed,
} from './demoOrganisation.ts';
import { LARGE_TREE } from './largeTree.ts';

/**
 * `npm run seed -- --epics N --issues M [--seed S] [--today YYYY-MM-DD] [--roadmap-flat] [--no-large-tree]`: replaces
 * everything in the database (PGlite in DATA_DIR, or PostgreSQL at DATABASE_URL) with the demo
 * organisation.
 */
const USAGE = `Usage: npm run seed -- [--epics N] [--issues M] [--seed S] [--today YYYY-MM-DD] [--roadmap-flat] [--no-large-tree]

Replaces ALL data in the database with the demo organisation 'acme'.
  --epics N     number of epics (default ${DEFAULT_DEMO_SIZE.epics})
  --issues M    number of issues (default ${DEFAULT_DEMO_SIZE.issues})
  --seed S      seed of the generator, same seed and day give the same data (default ${DEFAULT_DEMO_SEED})
  --today DAY   day the dates are centred on (default: today, UTC)
  --roadmap-flat
                epics for roadmap benchmarks: all top-level (no parent), with fixed dates that
                overlap the three-year timeframe around --today (18 months either side), so the
                group roadmap shows all N; lengths vary, some have no due or no start date,
                issues and weights as usual (default: nested up to six levels, spread over time)
  --no-large-tree
                leave out the group '${LARGE_TREE.groupPath}' and its epic '${LARGE_TREE.title}', which has
                5,000 direct children (100 child epics and 4,900 issues) and 20,000 descendants

Environment: DATABASE_URL (PostgreSQL; PGlite otherwise), DATA_DIR (PGlite folder, default ./data),
DEMO_PASSWORD (password of every demo user, default 'demo-password').`;

interface CliOptions {
  epics: number;
  issues: number;
  seed: number;
  today: string;
  roadmapFlat: boolean;
  largeTree: boolean;
}

function parseOptions(argv: string[]): CliOptions | 'help' | string {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        epics: { type: 'string' },
        issues: { type: 'string' },
        seed: { type: 'string' },
        today: { type: 'string' },
        'roadmap-flat': { type: 'boolean' },
        'no-large-tree': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  if (values.help) return 'help';
  const count = (name: string, fallback: number): number | string => {
    const text = values[name];
    if (text === undefined) return fallback;
    if (typeof text !== 'string' || !/^\d+$/.test(text) || !Number.isSafeInteger(Number(text))) {
      return `--${name} must be a whole number ≥ 0, got '${String(text)}'`;
    }
    return Number(text);
  };
  const epics = count('epics', DEFAULT_DEMO_SIZE.epics);
  const issues = count('issues', DEFAULT_DEMO_SIZE.issues);
  const seed = count('seed', DEFAULT_DEMO_SEED);
  for (const value of [epics, issues, seed]) if (typeof value === 'string') return value;
  const today = typeof values.today === 'string' ? values.today : calendarDateOf(systemNow());
  try {
    parseDay(today);
  } catch (error) {
    return `--today: ${error instanceof Error ? error.message : String(error)}`;
  }
  return {
    epics: epics as number,
    issues: issues as number,
    seed: seed as number,
    today,
    roadmapFlat: values['roadmap-flat'] === true,
    largeTree: values['no-large-tree'] !== true,
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function printSummary(summary: SeedSummary, steps: ReadonlyMap<string, number>): void {
  const { timings, ...counts } = summary;
  const width = Math.max(...Object.keys(counts).map((name) => name.length));
  console.log('\nRows written:');
  for (const [name, value] of Object.entries(counts)) {
    console.log(`  ${name.padEnd(width)}  ${formatCount(value).padStart(12)}`);
  }
  console.log('\nTimings:');
  const all = new Map(
    [...steps].flatMap(([step, ms]) => (step === 'seed' ? Object.entries(timings) : [[step, ms]])),
  );
  const stepWidth = Math.max(...[...all.keys(), 'total'].map((step) => step.length));
  for (const [step, ms] of all) console.log(`  ${step.padEnd(stepWidth)}  ${seconds(ms).padStart(9)}`);
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  if (options === 'help') {
    console.log(USAGE);
    return 0;
  }
  if (typeof options === 'string') {
    console.error(`${options}\n\n${USAGE}`);
    return 2;
  }
  const started = performance.now();
  const steps = new Map<string, number>();
  const step = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
    const stepStarted = performance.now();
    const result = await run();
    steps.set(name, performance.now() - stepStarted);
    return result;
  };

  const passwordHash = await step('hash password', () => hash(process.env.DEMO_PASSWORD ?? 'demo-password'));
  const dataDir = process.env.DATA_DIR ?? './data';
  const handle = await step('open and migrate', async () => {
    const opened = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });
    await migrateToLatest(opened.db);
    return opened;
  });
  const where = handle.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${dataDir}`;
  const shape = options.roadmapFlat ? ', flat for the roadmap' : '';
  console.log(
    `Seeding ${options.epics} epics and ${options.issues} issues (seed ${options.seed}, today ${options.today}${shape}) into ${where}`,
  );
  try {
    // Clearing and seeding commit together: a failed seed leaves the previous data in place.
    const summary = await handle.db.transaction().execute(async (trx) => {
      await step('clear', () => clearDomainData(trx));
      const seeded = await step('seed', () =>
        seedDemoData(trx, {
          ...options,
          passwordHash,
          onProgress: (message) => console.log(`  ${message}`),
        }),
      );
      return seeded;
    });
    await step('value streams, vacuum analyze', () => settleAfterSeed(handle.db, systemNow()));
    await step('close', () => handle.close());
    steps.set('total', performance.now() - started);
    printSummary(summary, steps);
    console.log(`\nDemo users (password from DEMO_PASSWORD): ${DEMO_USERS.join(', ')}`);
    return 0;
  } catch (error) {
    await handle.close().catch(() => {});
    throw error;
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof DataDirInUseError ? error.message : error);
    process.exit(1);
  },
);
