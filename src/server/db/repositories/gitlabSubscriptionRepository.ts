import { type Insertable, type Selectable, type SqlBool, sql } from 'kysely';
import { AccessLevel } from '../../../core/domain/accessLevel.ts';
import type { PlanRecord } from '../../../core/domain/trials.ts';
import type { Executor } from '../executor.ts';
import type { GitlabSubscriptionsTable } from '../schema.ts';

export type SubscriptionRow = Selectable<GitlabSubscriptionsTable>;
export type SubscriptionFields = Omit<
  Insertable<GitlabSubscriptionsTable>,
  'id' | 'namespace_id' | 'created_at' | 'updated_at'
>;

export function findSubscription(db: Executor, namespaceId: number): Promise<SubscriptionRow | undefined> {
  return db
    .selectFrom('gitlab_subscriptions')
    .selectAll()
    .where('namespace_id', '=', namespaceId)
    .executeTakeFirst();
}

/** What decides the plan of each of these top-level groups (those with a subscription). */
export function findPlanRecords(
  db: Executor,
  namespaceIds: readonly number[],
): Promise<(PlanRecord & { readonly namespace_id: number })[]> {
  if (namespaceIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('gitlab_subscriptions')
    .select(['namespace_id', 'plan_code', 'trial', 'trial_ends_on'])
    .where('namespace_id', 'in', namespaceIds)
    .execute();
}

export function insertSubscription(
  db: Executor,
  namespaceId: number,
  fields: SubscriptionFields,
  now: Date,
): Promise<SubscriptionRow> {
  return db
    .insertInto('gitlab_subscriptions')
    .values({ ...fields, namespace_id: namespaceId, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateSubscription(
  db: Executor,
  namespaceId: number,
  fields: Partial<SubscriptionFields>,
  now: Date,
): Promise<SubscriptionRow | undefined> {
  return db
    .updateTable('gitlab_subscriptions')
    .set({ ...fields, updated_at: now })
    .where('namespace_id', '=', namespaceId)
    .returningAll()
    .executeTakeFirst();
}

/**
 * The users a top-level group bills: everyone holding a membership (their own or one a share gives)
 * on the group, its subgroups or their projects, each once; without Guests when `withoutGuests`.
 */
export async function countBillableMembers(
  db: Executor,
  rootId: number,
  withoutGuests: boolean,
): Promise<number> {
  const inTree = sql<SqlBool>`(
    (members.source_type = 'Namespace' AND members.source_id IN (
      SELECT id FROM namespaces WHERE traversal_ids[1] = ${rootId}))
    OR (members.source_type = 'Project' AND members.source_id IN (
      SELECT projects.id FROM projects JOIN namespaces ON namespaces.id = projects.namespace_id
      WHERE namespaces.traversal_ids[1] = ${rootId})))`;
  const row = await db
    .selectFrom('member_authorizations as members')
    .innerJoin('users', 'users.id', 'members.user_id')
    .select(sql<number>`count(DISTINCT members.user_id)`.as('count'))
    .where(inTree)
    .where('users.state', '=', 'active')
    .where('members.access_level', '>', withoutGuests ? AccessLevel.Guest : 0)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The top-level group a membership's source (a group or a project) belongs to. */
export async function topLevelGroupIdOf(
  db: Executor,
  source: { readonly sourceType: 'Namespace' | 'Project'; readonly sourceId: number },
): Promise<number | undefined> {
  const row =
    source.sourceType === 'Namespace'
      ? await db
          .selectFrom('namespaces')
          .select(sql<number>`traversal_ids[1]`.as('root_id'))
          .where('id', '=', source.sourceId)
          .executeTakeFirst()
      : await db
          .selectFrom('projects')
          .innerJoin('namespaces', 'namespaces.id', 'projects.namespace_id')
          .select(sql<number>`namespaces.traversal_ids[1]`.as('root_id'))
          .where('projects.id', '=', source.sourceId)
          .executeTakeFirst();
  return row?.root_id ?? undefined;
}

/** Raises the most seats ever used to `seatsInUse` when that is more (it never comes down). */
export async function raiseMaxSeatsUsed(
  db: Executor,
  namespaceId: number,
  seatsInUse: number,
  now: Date,
): Promise<void> {
  await db
    .updateTable('gitlab_subscriptions')
    .set({ max_seats_used: seatsInUse, updated_at: now })
    .where('namespace_id', '=', namespaceId)
    .where('max_seats_used', '<', seatsInUse)
    .execute();
}
