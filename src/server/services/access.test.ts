import { type DatabaseConnection, DummyDriver } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { offlineDatabase } from '../db/offlineDatabase.ts';
import { AccessContext } from './access.ts';
import { ANONYMOUS } from './actor.ts';

/** A database whose every statement fails, as a dropped connection or a spent time budget does. */
class FailingDriver extends DummyDriver {
  override async acquireConnection(): Promise<DatabaseConnection> {
    throw new Error('connection lost');
  }
}

const failingDatabase = offlineDatabase(new FailingDriver());

describe('AccessContext plans', () => {
  const unhandled: unknown[] = [];
  const record = (reason: unknown) => unhandled.push(reason);
  afterEach(() => {
    process.off('unhandledRejection', record);
    unhandled.length = 0;
  });

  it('reports a failed read of several plans to its caller only, never as an unhandled rejection', async () => {
    process.on('unhandledRejection', record);
    const access = new AccessContext(failingDatabase, ANONYMOUS, () => new Date('2026-11-28T12:00:00Z'));

    await expect(access.loadPlans([{ traversal_ids: [1] }, { traversal_ids: [2, 5] }])).rejects.toThrow(
      'connection lost',
    );
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(unhandled).toEqual([]);
    // Asked again, the cached plan still fails for whoever awaits it.
    await expect(access.planOf({ traversal_ids: [2] })).rejects.toThrow('connection lost');
  });
});
