import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/database.ts';
import { BACKENDS, createScratchDatabase } from '../helpers/backends.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Transactions are isolated from each other on both backends. PGlite is a single session, so this
 * only holds because the app gives that session to one transaction at a time.
 */
describe.each(BACKENDS)('transaction isolation (%s)', (backend) => {
  let handle: DatabaseHandle;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;

  const probeRows = async () =>
    (await sql<{ id: string }>`SELECT id FROM tx_probe ORDER BY id`.execute(handle.db)).rows.map(
      (row) => row.id,
    );
  const insertProbe = (db: DatabaseHandle['db'], id: string) =>
    sql`INSERT INTO tx_probe (id) VALUES (${id})`.execute(db);

  beforeAll(async () => {
    scratch = backend === 'postgres' ? await createScratchDatabase() : undefined;
    handle = await openDatabase({ databaseUrl: scratch?.url, dataDir: 'memory://' });
    await sql`CREATE TABLE tx_probe (id text PRIMARY KEY)`.execute(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
    await scratch?.drop();
  });
  beforeEach(async () => {
    await sql`DELETE FROM tx_probe`.execute(handle.db);
  });

  it('keeps a committed transaction when a concurrent one fails and rolls back', async () => {
    const failing = handle.db.transaction().execute(async (trx) => {
      await insertProbe(trx, 'failed');
      await pause(50);
      throw new Error('late failure');
    });
    const committing = handle.db.transaction().execute(async (trx) => {
      await insertProbe(trx, 'kept');
      await pause(100);
    });
    const [failed, committed] = await Promise.allSettled([failing, committing]);
    expect(failed.status).toBe('rejected');
    expect(committed.status).toBe('fulfilled');
    expect(await probeRows()).toEqual(['kept']);
  });

  it('keeps statements outside a transaction out of it: they neither see nor share its fate', async () => {
    const failing = handle.db.transaction().execute(async (trx) => {
      await insertProbe(trx, 'uncommitted');
      await pause(80);
      throw new Error('late failure');
    });
    // Attach the expectation before waiting: on PGlite the outside statements queue behind the
    // transaction, so it has already failed by the time they answer.
    const failedAsExpected = expect(failing).rejects.toThrow('late failure');
    await pause(20);
    const [seen] = await Promise.all([probeRows(), insertProbe(handle.db, 'outside')]);
    await failedAsExpected;
    expect(seen).not.toContain('uncommitted');
    expect(await probeRows()).toEqual(['outside']);
  });

  it('lets a transaction callback still use the root connection without waiting for itself', async () => {
    const result = await handle.db.transaction().execute(async (trx) => {
      await insertProbe(trx, 'inside');
      return (await sql<{ one: number }>`SELECT 1 AS one`.execute(handle.db)).rows[0]?.one;
    });
    expect(result).toBe(1);
    expect(await probeRows()).toEqual(['inside']);
  });

  it('serves the next transaction after one whose statement failed', async () => {
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await insertProbe(trx, 'dup');
        await insertProbe(trx, 'dup');
      }),
    ).rejects.toThrow();
    await handle.db.transaction().execute((trx) => insertProbe(trx, 'after'));
    expect(await probeRows()).toEqual(['after']);
  });
});
