import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/database.ts';
import { BACKENDS, createScratchDatabase } from '../helpers/backends.ts';

/** A database of the backend with nothing in it, and how to open it again (another server, or settings). */
interface Scratch {
  open(options?: { preparedStatements?: boolean }): Promise<DatabaseHandle>;
  drop(): Promise<void>;
}

async function scratchOf(backend: 'pglite' | 'postgres'): Promise<Scratch> {
  if (backend === 'pglite') {
    // One PGlite session is the whole server: "another" handle would be another database.
    return {
      open: (options = {}) => openDatabase({ dataDir: 'memory://', ...options }),
      drop: async () => {},
    };
  }
  const scratch = await createScratchDatabase();
  return {
    open: (options = {}) => openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://', ...options }),
    drop: () => scratch.drop(),
  };
}

/**
 * The app sends a statement it repeats as a named (prepared) statement, so that the database stops
 * parsing and planning it on every request; answers must not change because of that.
 */
describe.each(BACKENDS)('repeated statements on %s', (backend) => {
  let handle: DatabaseHandle;
  let scratch: Scratch;

  beforeAll(async () => {
    scratch = await scratchOf(backend);
    handle = await scratch.open();
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
    const plain = backend === 'pglite' ? await scratchOf(backend) : scratch;
    const db = await plain.open({ preparedStatements: false });
    try {
      if (plain !== scratch)
        await sql`CREATE TABLE probe (id integer PRIMARY KEY, title text)`.execute(db.db);
      await db.db.transaction().execute(async (trx) => {
        for (const id of [1, 2, 3, 1]) await titleOf(trx, id);
        const prepared = await sql`SELECT name FROM pg_prepared_statements`.execute(trx);
        expect(prepared.rows).toEqual([]);
      });
    } finally {
      await db.close();
    }
  });

  it('reports a failing run of a prepared statement, and runs it again afterwards', async () => {
    const divide = (by: number) =>
      sql<{ n: number }>`SELECT (10 / ${by}::integer)::integer AS n`.execute(handle.db);
    for (let run = 0; run < 4; run++) expect((await divide(5)).rows).toEqual([{ n: 2 }]);
    await expect(divide(0)).rejects.toThrow('division by zero');
    expect((await divide(2)).rows).toEqual([{ n: 5 }]);
  });

  it('answers with the new columns after a migration changed the table under a prepared statement', async () => {
    const all = () => sql<Record<string, unknown>>`SELECT * FROM probe WHERE id = ${1}`.execute(handle.db);
    for (let run = 0; run < 4; run++) expect((await all()).rows).toEqual([{ id: 1, title: 'one' }]);
    // On PostgreSQL another server's migration, on a connection of its own; PGlite has one session.
    const other = backend === 'postgres' ? await scratch.open() : handle;
    try {
      await sql`ALTER TABLE probe ADD COLUMN weight integer NOT NULL DEFAULT 3`.execute(other.db);
    } finally {
      if (other !== handle) await other.close();
    }
    for (let run = 0; run < 3; run++)
      expect((await all()).rows).toEqual([{ id: 1, title: 'one', weight: 3 }]);
  });

  it('writes with a repeated update and answers what it changed', async () => {
    const rename = (id: number, title: string) =>
      sql<{ id: number }>`UPDATE probe SET title = ${title} WHERE id = ${id} RETURNING id`.execute(handle.db);
    const changed = [];
    for (const id of [2, 2, 2, 2, 9]) changed.push((await rename(id, `two ${changed.length}`)).rows);
    expect(changed).toEqual([[{ id: 2 }], [{ id: 2 }], [{ id: 2 }], [{ id: 2 }], []]);
    const row = await sql<{ title: string }>`SELECT title FROM probe WHERE id = 2`.execute(handle.db);
    expect(row.rows).toEqual([{ title: 'two 3' }]);
  });
});
