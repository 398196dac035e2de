import type { Executor } from '../executor.ts';

export interface MembershipRow {
  source_type: 'Namespace' | 'Project';
  source_id: number;
  access_level: number;
}

/** All of a user's memberships: a handful of rows, loaded once per request. */
export function findMembershipsOfUser(db: Executor, userId: number): Promise<MembershipRow[]> {
  return db
    .selectFrom('members')
    .select(['source_type', 'source_id', 'access_level'])
    .where('user_id', '=', userId)
    .execute();
}

export async function insertMember(
  db: Executor,
  member: {
    rootNamespaceId: number;
    userId: number;
    sourceType: 'Namespace' | 'Project';
    sourceId: number;
    accessLevel: number;
  },
): Promise<void> {
  await db
    .insertInto('members')
    .values({
      root_namespace_id: member.rootNamespaceId,
      user_id: member.userId,
      source_type: member.sourceType,
      source_id: member.sourceId,
      access_level: member.accessLevel,
    })
    .execute();
}
