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

/**
 * Each user's highest access level on any of these namespaces (a group and its ancestors: membership
 * is inherited downward); users without one are absent.
 */
export async function findHighestAccessLevels(
  db: Executor,
  userIds: readonly number[],
  namespaceIds: readonly number[],
): Promise<Map<number, number>> {
  if (userIds.length === 0 || namespaceIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('members')
    .select(['user_id', (eb) => eb.fn.max<number>('access_level').as('level')])
    .where('source_type', '=', 'Namespace')
    .where('source_id', 'in', [...namespaceIds])
    .where('user_id', 'in', [...userIds])
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((row) => [row.user_id, Number(row.level)]));
}
