import type { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { compiledOnce } from './compiledOnce.ts';
import { offlineDatabase } from './offlineDatabase.ts';

/** Kysely without a database: every statement answers no rows, and each one sent is kept. */
function recordingDatabase() {
  const sent: CompiledQuery[] = [];
  const db = offlineDatabase(undefined, {
    log: (event) => {
      if (event.level === 'query') sent.push(event.query);
    },
  });
  return { db, sent };
}

describe('compiledOnce', () => {
  it('sends the same statement on every call, with that call’s values', async () => {
    const { db, sent } = recordingDatabase();
    const findSession = compiledOnce((executor, idHash: string, now: Date) =>
      executor
        .selectFrom('sessions')
        .select('user_id')
        .where('id_hash', '=', idHash)
        .where('expires_at', '>', now),
    );
    const first = new Date('2026-11-29T08:00:00Z');
    const second = new Date('2026-11-29T09:00:00Z');
    expect(await findSession(db, 'a', first)).toBeUndefined();
    await findSession(db, 'b', second);
    expect(sent.map((query) => query.sql)).toEqual([sent[0]?.sql, sent[0]?.sql]);
    expect(sent.map((query) => query.parameters)).toEqual([
      ['a', first],
      ['b', second],
    ]);
  });

  it('refuses a statement that computes with a value instead of sending it', async () => {
    const { db } = recordingDatabase();
    const nextEpic = compiledOnce((executor, id: number) =>
      executor
        .selectFrom('epics')
        .select('id')
        .where('id', '=', id + 1),
    );
    await expect(nextEpic(db, 1)).rejects.toThrow('did not take every value as it came');
  });
});
