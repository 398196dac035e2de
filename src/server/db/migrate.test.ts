import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';

let handle: DatabaseHandle;
let statements = 0;

beforeAll(async () => {
  handle = await openDatabase({ dataDir: 'memory://', onStatement: () => statements++ });
}, 60_000);

afterAll(async () => {
  await handle?.close();
});

describe('migrateToLatest', () => {
  it('migrates an empty database, then finds a migrated one up to date in two reads', async () => {
    await migrateToLatest(handle.db);
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
      handle.db,
    );
    expect(rows.map((row) => row.name)[0]).toBe('0001_domain');

    statements = 0;
    await migrateToLatest(handle.db);
    expect(statements).toBe(2);
  }, 60_000);

  it('still refuses a database migrated by code that knows a migration this code does not', async () => {
    await sql`insert into kysely_migration (name, timestamp) values ('9999_from_the_future', '2099-01-01')`.execute(
      handle.db,
    );
    await expect(migrateToLatest(handle.db)).rejects.toThrow('9999_from_the_future');
  });
});
