/** The demo's five roles, one person each, as groups that people try things in hold them. */
import type { Kysely, RawBuilder } from 'kysely';
import type { Database } from '../schema.ts';
import { DEMO_ROLE_MEMBERSHIPS } from './organisationSpecs.ts';

/** The demo users of these names, by name; a missing one is a broken seed. */
export async function demoUserIds(
  db: Kysely<Database>,
  usernames: readonly string[],
): Promise<(username: string) => number> {
  const users = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('username', 'in', usernames)
    .execute();
  return (username) => {
    const user = users.find((row) => row.username === username);
    if (!user) throw new Error(`No demo user ${username}`);
    return user.id;
  };
}

/** Makes the demo's role holders members of the group; answers how many. */
export async function insertDemoRoleMembers(
  db: Kysely<Database>,
  group: { readonly id: number; readonly root_namespace_id: number },
  createdAt: string | RawBuilder<Date>,
): Promise<number> {
  const userId = await demoUserIds(
    db,
    DEMO_ROLE_MEMBERSHIPS.map(([username]) => username),
  );
  await db
    .insertInto('members')
    .values(
      DEMO_ROLE_MEMBERSHIPS.map(([username, level]) => ({
        root_namespace_id: group.root_namespace_id,
        user_id: userId(username),
        source_type: 'Namespace' as const,
        source_id: group.id,
        access_level: level,
        created_at: createdAt,
      })),
    )
    .execute();
  return DEMO_ROLE_MEMBERSHIPS.length;
}
