import { type SqlBool, sql } from 'kysely';
import type { Executor } from '../executor.ts';
import { type OffsetLimit, type PageWithTotal, pageWithTotal } from '../pagination.ts';

export interface MembershipRow {
  source_type: 'Namespace' | 'Project';
  source_id: number;
  access_level: number;
}

/**
 * Every access a user holds: their unexpired memberships and what shares with their groups give
 * them (the member_authorizations view). A handful of rows, loaded once per request.
 */
export function findMembershipsOfUser(db: Executor, userId: number): Promise<MembershipRow[]> {
  return db
    .selectFrom('member_authorizations')
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
    expiresAt?: string | null;
    createdById?: number | null;
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
      expires_at: member.expiresAt ?? null,
      created_by_id: member.createdById ?? null,
    })
    .execute();
}

/** A group or project memberships are held on. */
export interface MemberSourceKey {
  readonly sourceType: 'Namespace' | 'Project';
  readonly sourceId: number;
}

/** A user's own membership on the source (expired or not), or undefined. */
export function findDirectMember(db: Executor, source: MemberSourceKey, userId: number) {
  return db
    .selectFrom('members')
    .selectAll()
    .where('source_type', '=', source.sourceType)
    .where('source_id', '=', source.sourceId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function updateMember(
  db: Executor,
  memberId: number,
  changes: { accessLevel?: number | undefined; expiresAt?: string | null | undefined },
): Promise<void> {
  await db
    .updateTable('members')
    .set({
      ...(changes.accessLevel !== undefined ? { access_level: changes.accessLevel } : {}),
      ...(changes.expiresAt !== undefined ? { expires_at: changes.expiresAt } : {}),
    })
    .where('id', '=', memberId)
    .execute();
}

export async function deleteMember(db: Executor, memberId: number): Promise<void> {
  await db.deleteFrom('members').where('id', '=', memberId).execute();
}

/** How many unexpired owners the source has directly (the last one may not go). */
export async function countDirectOwners(db: Executor, source: MemberSourceKey): Promise<number> {
  const row = await db
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('source_type', '=', source.sourceType)
    .where('source_id', '=', source.sourceId)
    .where('access_level', '=', 50)
    .where(sql<boolean>`(expires_at IS NULL OR expires_at > current_date)`)
    .executeTakeFirstOrThrow();
  return Number(row.count);
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

/**
 * The user's highest direct membership among these groups (a group's ancestors), with the group
 * that holds it; undefined when they hold none.
 */
export function findHighestGroupMembership(
  db: Executor,
  userId: number,
  namespaceIds: readonly number[],
): Promise<{ access_level: number; group_name: string } | undefined> {
  if (namespaceIds.length === 0) return Promise.resolve(undefined);
  return db
    .selectFrom('members')
    .innerJoin('namespaces', 'namespaces.id', 'members.source_id')
    .select(['members.access_level', 'namespaces.name as group_name'])
    .where('members.source_type', '=', 'Namespace')
    .where('members.source_id', 'in', [...namespaceIds])
    .where('members.user_id', '=', userId)
    .orderBy('members.access_level', 'desc')
    .orderBy('namespaces.id')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Where memberships count for a group's or a project's member list: the group's own namespace and
 * its ancestors (membership is inherited downward), and the project for a project's list. A list of
 * direct members names only the source itself.
 */
export interface MemberSources {
  readonly namespaceIds: readonly number[];
  readonly projectId?: number | undefined;
}

export interface MemberListFilter {
  /** Name or username containing it, any case (GitLab's `query`). */
  readonly search?: string | undefined;
  readonly userIds?: readonly number[] | undefined;
  readonly skipUserIds?: readonly number[] | undefined;
  /** `name`: by name then username (the members page); `id`: by membership id (the REST API). */
  readonly order: 'name' | 'id';
}

/** A member as a list shows it: the user, and the membership that gives them their highest level. */
export interface MemberListRow {
  readonly member_id: number;
  readonly user_id: number;
  readonly username: string;
  readonly name: string;
  readonly state: string;
  readonly access_level: number;
  readonly source_type: 'Namespace' | 'Project';
  readonly source_id: number;
  /** When this membership began ('Member since'). */
  readonly created_at: Date;
  /** The day access ends, null for never. */
  readonly expires_at: string | null;
}

/**
 * One page of members of the sources with the total: one row per user, the membership with their
 * highest access level (GitLab's `distinct_on_user_with_max_access_level`; on a tie, the oldest).
 */
export function listMembers(
  db: Executor,
  sources: MemberSources,
  filter: MemberListFilter,
  page: OffsetLimit,
): Promise<PageWithTotal<MemberListRow>> {
  const { namespaceIds, projectId } = sources;
  const best = db
    .selectFrom('members')
    .distinctOn('members.user_id')
    .select([
      'members.id',
      'members.user_id',
      'members.source_type',
      'members.source_id',
      'members.access_level',
      'members.created_at',
      'members.expires_at',
    ])
    .where(sql<boolean>`(members.expires_at IS NULL OR members.expires_at > current_date)`)
    .where((eb) =>
      eb.or([
        ...(namespaceIds.length > 0
          ? [eb.and([eb('source_type', '=', 'Namespace'), eb('source_id', 'in', [...namespaceIds])])]
          : []),
        ...(projectId !== undefined
          ? [eb.and([eb('source_type', '=', 'Project'), eb('source_id', '=', projectId)])]
          : []),
        // No source at all: nothing matches rather than everything.
        sql<boolean>`false`,
      ]),
    )
    .orderBy('members.user_id')
    .orderBy('members.access_level', 'desc')
    .orderBy('members.created_at')
    .orderBy('members.id');
  let query = db.selectFrom(best.as('m')).innerJoin('users', 'users.id', 'm.user_id');
  if (filter.search !== undefined && filter.search !== '') {
    const pattern = `%${filter.search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    query = query.where((eb) =>
      eb.or([eb('users.username', 'ilike', pattern), eb('users.name', 'ilike', pattern)]),
    );
  }
  if (filter.userIds) {
    query =
      filter.userIds.length > 0
        ? query.where('users.id', 'in', [...filter.userIds])
        : query.where(sql<boolean>`false`);
  }
  if (filter.skipUserIds?.length) query = query.where('users.id', 'not in', [...filter.skipUserIds]);
  return pageWithTotal(
    query,
    (filtered) => {
      const selected = filtered.select([
        'm.id as member_id',
        'm.user_id',
        'users.username',
        'users.name',
        'users.state',
        'm.access_level',
        'm.source_type',
        'm.source_id',
        'm.created_at',
        'm.expires_at',
      ]);
      return filter.order === 'name'
        ? selected.orderBy(sql`lower(users.name)`).orderBy('users.username')
        : selected.orderBy('m.id');
    },
    page,
  );
}

/** How many approvers an access request notifies: GitLab's ten most recently active. */
const ACCESS_REQUEST_APPROVERS = 10;

/**
 * Who answers a request to join the source: those holding at least `minimumLevel` on it or on a
 * group above it (a group's owners, a project's maintainers), the most recently active first.
 */
export async function findAccessRequestApprovers(
  db: Executor,
  source: { readonly projectId: number | null; readonly traversalIds: readonly number[] },
  minimumLevel: number,
): Promise<number[]> {
  const groups = sql.join(source.traversalIds.map((id) => sql`${id}::int4`));
  const rows = await db
    .selectFrom('member_authorizations as members')
    .innerJoin('users', 'users.id', 'members.user_id')
    .select('members.user_id')
    .select(
      sql<Date | null>`(SELECT max(s.last_activity_at) FROM sessions s WHERE s.user_id = members.user_id)`.as(
        'active_at',
      ),
    )
    .where('users.state', '=', 'active')
    .where('members.access_level', '>=', minimumLevel)
    .where((eb) =>
      eb.or([
        sql<SqlBool>`members.source_type = 'Namespace' AND members.source_id = ANY(ARRAY[${groups}])`,
        ...(source.projectId === null
          ? []
          : [
              eb.and([
                eb('members.source_type', '=', 'Project'),
                eb('members.source_id', '=', source.projectId),
              ]),
            ]),
      ]),
    )
    .groupBy('members.user_id')
    .orderBy(sql`2 DESC NULLS LAST`)
    .orderBy('members.user_id')
    .limit(ACCESS_REQUEST_APPROVERS)
    .execute();
  return rows.map((row) => row.user_id);
}
