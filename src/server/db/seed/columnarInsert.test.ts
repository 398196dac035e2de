import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../database.ts';
import { migrateToLatest } from '../migrate.ts';
import { ColumnarInsert } from './columnarInsert.ts';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openDatabase({ dataDir: 'memory://' });
  await migrateToLatest(handle.db);
}, 60_000);

afterAll(async () => {
  await handle?.close();
});

describe('ColumnarInsert', () => {
  it('round-trips text that array literals must escape, nulls, booleans and timestamps', async () => {
    const awkward = [
      'say "hi"',
      'back\\slash',
      '{braces}, commas',
      'NULL',
      '',
      '  spaced  ',
      'line\nbreak',
      'émoji 🚀',
    ];
    const users = new ColumnarInsert(
      handle.db,
      'users',
      {
        id: 'int4',
        username: 'text',
        email: 'text',
        name: 'text',
        password_hash: 'text',
        is_admin: 'bool',
        created_at: 'timestamptz',
      },
      3,
    );
    for (const [index, text] of awkward.entries()) {
      users.add({
        id: index + 1,
        username: `user${index}`,
        email: `user${index}@example.com`,
        name: text,
        password_hash: 'hash',
        is_admin: index % 2 === 0,
        created_at: new Date(Date.UTC(2026, 0, index + 1, 12, 30)).toISOString(),
      });
      if (users.isFull) await users.flush();
    }
    await users.flush();
    expect(users.rowCount).toBe(awkward.length);
    const rows = await handle.db
      .selectFrom('users')
      .select(['id', 'name', 'is_admin', 'created_at'])
      .orderBy('id')
      .execute();
    expect(rows.map((row) => row.name)).toEqual(awkward);
    expect(rows.map((row) => row.is_admin)).toEqual(awkward.map((_, index) => index % 2 === 0));
    expect(rows[2]?.created_at.toISOString()).toBe('2026-01-03T12:30:00.000Z');
  });
});
