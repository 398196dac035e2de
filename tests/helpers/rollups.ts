import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import { findEpicRollupDrift } from '../../src/server/db/repositories/epicRollupRepository.ts';
import type { Database } from '../../src/server/db/schema.ts';
import type { TestServer } from './testServer.ts';

/**
 * `npm run rollups:verify` in process: the epic rollups the triggers kept equal a recomputation from
 * the rows. Mutation suites run it once they are done writing.
 */
export async function expectNoRollupDrift(db: Kysely<Database>): Promise<void> {
  const { driftCount, drift } = await findEpicRollupDrift(db, 10);
  expect(drift, `${driftCount} rollup rows drifted (first 10 shown)`).toEqual([]);
}

/** A mutation suite's afterAll: the rollup check, then the server closes whatever it found. */
export async function closeCheckingRollups(server: TestServer | undefined): Promise<void> {
  if (!server) return;
  try {
    await expectNoRollupDrift(server.db);
  } finally {
    await server.close();
  }
}
