import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/database.ts';
import { BACKENDS, createScratchDatabase } from '../helpers/backends.ts';

/**
 * On PostgreSQL the app sends a statement it repeats as a named (prepared) statement, so that the
 * server stops parsing and planning it on every request; answers must not change because of that.
 */
describe.runIf(BACKENDS.includes('postgres'))('repeated statements on PostgreSQL', () => {
  let handle: DatabaseHandle;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    handle = await openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://' });
    await sql`CREATE TABLE probe (id integer PRIMARY KEY, title text)`.execute(handle.db);
    await sql`INSERT INTO probe VALUES (1, 'one'), (2, 'two'), (3, 'three')`.execute(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
    await scratch?.drop();
  });

  const titleOf = (db: DatabaseHandle['db'], id: number) =>
    sql<{ title: string }>`SELECT title FROM probe WHERE id = ${id}`.execute(db);

  it('answers a repeated statement as before, from a statement the session prepared', async () => {
    await handle.db.transaction().execute(async (trx) => {
      const titles = [];
      for (const id of [1, 2, 3, 1, 2]) titles.push((await titleOf(trx, id)).rows[0]?.title);
      expect(titles).toEqual(['one', 'two', 'three', 'one', 'two']);
      const prepared = await sql<{ name: string; statement: string }>`
        SELECT name, statement FROM pg_prepared_statements`.execute(trx);
      expect(prepared.rows).toEqual([
        { name: expect.stringMatching(/^pt_/), statement: 'SELECT title FROM probe WHERE id = $1' },
      ]);
    });
  });

  it('prepares nothing when prepared statements are turned off', async () => {
    const plain = await openDatabase({
      databaseUrl: scratch.url,
      dataDir: 'memory://',
      preparedStatements: false,
    });
    try {
      await plain.db.transaction().execute(async (trx) => {
        for (const id of [1, 2, 3, 1]) await titleOf(trx, id);
        const prepared = await sql`SELECT name FROM pg_prepared_statements`.execute(trx);
        expect(prepared.rows).toEqual([]);
      });
    } finally {
      await plain.close();
    }
  });

  it('reports a failing run of a prepared statement, and runs it again afterwards', async () => {
    const divide = (by: number) =>
      sql<{ n: number }>`SELECT (10 / ${by}::integer)::integer AS n`.execute(handle.db);
    for (let run = 0; run < 4; run++) expect((await divide(5)).rows).toEqual([{ n: 2 }]);
    await expect(divide(0)).rejects.toThrow('division by zero');
    expect((await divide(2)).rows).toEqual([{ n: 5 }]);
  });

  it('answers with the new columns after another server changed the table under a prepared statement', async () => {
    const all = () => sql<Record<string, unknown>>`SELECT * FROM probe WHERE id = ${1}`.execute(handle.db);
    for (let run = 0; run < 4; run++) expect((await all()).rows).toEqual([{ id: 1, title: 'one' }]);
    // Another server's migration, on a connection of its own.
    const other = await openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://' });
    try {
      await sql`ALTER TABLE probe ADD COLUMN weight integer NOT NULL DEFAULT 3`.execute(other.db);
    } finally {
      await other.close();
    }
    for (let run = 0; run < 3; run++)
      expect((await all()).rows).toEqual([{ id: 1, title: 'one', weight: 3 }]);
  });
});
