import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../database.ts';
import { migrateToLatest } from '../migrate.ts';
import type { Database } from '../schema.ts';
import { DEMO_USERS, type SeedSummary, seedDemoData } from './demoOrganisation.ts';
import { LARGE_MEMBERSHIP } from './largeMembership.ts';

let handle: DatabaseHandle;
let db: Kysely<Database>;
let summary: SeedSummary;

beforeAll(async () => {
  handle = await openDatabase({ dataDir: 'memory://' });
  db = handle.db;
  await migrateToLatest(db);
  summary = await seedDemoData(db, {
    epics: 10,
    issues: 20,
    seed: 3,
    today: '2026-05-01',
    passwordHash: 'test-hash',
    largeTree: true,
  });
}, 120_000);

afterAll(async () => {
  await handle?.close();
});

describe('the large membership seed', () => {
  it("makes 2,000 distinct people members of portfolio, beside the demo's roles", async () => {
    const members = await db
      .selectFrom('members')
      .innerJoin('namespaces', 'namespaces.id', 'members.source_id')
      .innerJoin('users', 'users.id', 'members.user_id')
      .select(['users.username', 'users.name', 'members.access_level'])
      .where('members.source_type', '=', 'Namespace')
      .where('namespaces.full_path', '=', LARGE_MEMBERSHIP.groupPath)
      .execute();
    const crowd = members.filter((member) => !DEMO_USERS.includes(member.username));
    expect(crowd).toHaveLength(LARGE_MEMBERSHIP.people);
    expect(new Set(crowd.map((member) => member.name)).size).toBe(LARGE_MEMBERSHIP.people);
    expect(new Set(crowd.map((member) => member.access_level))).toEqual(new Set([20, 30]));
    expect(summary.users).toBe(DEMO_USERS.length + LARGE_MEMBERSHIP.people);
  });

  it("names nobody so that a search for a demo person's name or username finds them too", async () => {
    const users = await db.selectFrom('users').select(['username', 'name']).execute();
    const crowd = users.filter((user) => !DEMO_USERS.includes(user.username));
    const demoNames = users
      .filter((user) => DEMO_USERS.includes(user.username))
      .flatMap((user) => [user.username, ...user.name.toLowerCase().split(' ')]);
    for (const person of crowd) {
      const words = `${person.username} ${person.name.toLowerCase()}`;
      expect(demoNames.filter((name) => words.includes(name))).toEqual([]);
    }
  });
});
