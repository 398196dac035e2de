import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/database.ts';
import {
  BACKENDS,
  createScratchDatabase,
  POSTGRES_ADMIN_URL,
  type ScratchDatabase,
} from '../helpers/backends.ts';

/** Ends every connection to `database` but the admin's own, as a restart or an operator would. */
async function terminateBackendsOf(database: string): Promise<number> {
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ ended: boolean }>(
      `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
        WHERE datname = $1 AND pid <> pg_backend_pid()`,
      [database],
    );
    return rows.filter((row) => row.ended).length;
  } finally {
    await admin.end();
  }
}

/**
 * PostgreSQL ends idle connections when it restarts, when an operator terminates them, or when a
 * pooler in between times them out. The server must carry on with new connections, not die.
 */
describe.skipIf(!BACKENDS.includes('postgres'))('a PostgreSQL connection ended while idle', () => {
  let scratch: ScratchDatabase;
  let handle: DatabaseHandle;
  const lost: Error[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    handle = await openDatabase({
      databaseUrl: scratch.url,
      dataDir: 'memory://',
      statementTimeoutMs: 5_000,
      onConnectionLost: (error) => lost.push(error),
    });
  });
  afterAll(async () => {
    await handle?.close();
    await scratch?.drop();
  });

  it('is reported and replaced, and the next statements are answered', async () => {
    // Three statements at once leave three idle connections in the pool.
    const sleepers = [1, 2, 3].map(() =>
      sql<{ one: number }>`SELECT 1 AS one, pg_sleep(0.2)`.execute(handle.db),
    );
    await Promise.all(sleepers);

    expect(await terminateBackendsOf(scratch.name)).toBe(3);
    await expect.poll(() => lost.length, { timeout: 5_000 }).toBe(3);
    expect(lost.map((error) => (error as { code?: string }).code)).toEqual(['57P01', '57P01', '57P01']);

    const answers = await Promise.all(
      [1, 2, 3, 4].map((n) => sql<{ n: number }>`SELECT ${n}::int AS n`.execute(handle.db)),
    );
    expect(answers.map((answer) => answer.rows[0]?.n)).toEqual([1, 2, 3, 4]);
  });

  it('fails the transaction that held it, and the next statements are answered', async () => {
    const transaction = handle.db.transaction().execute(async (trx) => {
      await sql`SELECT 1`.execute(trx);
      expect(await terminateBackendsOf(scratch.name)).toBeGreaterThanOrEqual(1);
      // The ended connection's error arrives while the transaction still holds it.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await sql`SELECT 2`.execute(trx);
    });
    await expect(transaction).rejects.toThrow();

    const answer = await sql<{ n: number }>`SELECT 5::int AS n`.execute(handle.db);
    expect(answer.rows[0]?.n).toBe(5);
  });
});
