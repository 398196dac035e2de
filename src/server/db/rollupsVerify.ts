/**
 * `npm run rollups:verify`: recomputes every epic's rollups (migration 0007) from the rows and
 * compares them with the stored ones, on PostgreSQL at DATABASE_URL or PGlite in DATA_DIR (default
 * ./data; not while a server holds it). Prints the drift and exits 1 when there is any, 0 when none.
 * Reads only: a drifted database is repaired by `npm run seed` or by a rebuild, not here.
 */
import { sql } from 'kysely';
import { openDatabase } from './database.ts';
import { DataDirInUseError } from './lockFile.ts';
import { findEpicRollupDrift } from './repositories/epicRollupRepository.ts';

const SHOWN = 50;

async function main(): Promise<number> {
  const handle = await openDatabase({
    databaseUrl: process.env.DATABASE_URL,
    dataDir: process.env.DATA_DIR ?? './data',
  });
  try {
    const { rows } = await sql<{ found: boolean }>`
      SELECT to_regclass('epic_rollups') IS NOT NULL AS found`.execute(handle.db);
    if (!rows[0]?.found) {
      console.error(
        'No epic_rollups table: the database is not migrated (start the server or run npm run seed).',
      );
      return 2;
    }
    const started = performance.now();
    const { compared, driftCount, drift } = await findEpicRollupDrift(handle.db, SHOWN);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (driftCount === 0) {
      console.log(`Epic rollups: ${compared} rows match a recomputation from scratch (${seconds} s).`);
      return 0;
    }
    console.error(
      `Epic rollups: ${driftCount} of ${compared} rows drifted from a recomputation (${seconds} s).`,
    );
    console.error(`epic_id  tier  column: stored → expected${driftCount > SHOWN ? ` (first ${SHOWN})` : ''}`);
    for (const row of drift) {
      const columns = Object.entries(row.columns)
        .map(([column, [stored, expected]]) => `${column}: ${stored} → ${expected}`)
        .join(', ');
      console.error(`${String(row.epicId).padStart(7)}  ${String(row.tier).padStart(4)}  ${columns}`);
    }
    return 1;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof DataDirInUseError ? error.message : error);
    process.exit(1);
  },
);
