import type { Executor } from '../executor.ts';
import type { MemberSourceKey } from './memberRepository.ts';

/** A request to join, with the requester as the list shows them. */
export interface AccessRequestRow {
  readonly id: number;
  readonly user_id: number;
  readonly username: string;
  readonly name: string;
  readonly state: string;
  readonly requested_at: Date;
}

export function listAccessRequests(db: Executor, source: MemberSourceKey): Promise<AccessRequestRow[]> {
  return (
    db
      .selectFrom('member_access_requests as r')
      .innerJoin('users', 'users.id', 'r.user_id')
      .select(['r.id', 'r.user_id', 'users.username', 'users.name', 'users.state', 'r.requested_at'])
      .where('r.source_type', '=', source.sourceType)
      .where('r.source_id', '=', source.sourceId)
      // A page of requests is bounded: a source has few, and the list is not paginated in GitLab either.
      .orderBy('r.requested_at')
      .limit(1000)
      .execute()
  );
}

export function findAccessRequest(
  db: Executor,
  source: MemberSourceKey,
  userId: number,
): Promise<AccessRequestRow | undefined> {
  return db
    .selectFrom('member_access_requests as r')
    .innerJoin('users', 'users.id', 'r.user_id')
    .select(['r.id', 'r.user_id', 'users.username', 'users.name', 'users.state', 'r.requested_at'])
    .where('r.source_type', '=', source.sourceType)
    .where('r.source_id', '=', source.sourceId)
    .where('r.user_id', '=', userId)
    .executeTakeFirst();
}

export async function insertAccessRequest(
  db: Executor,
  request: MemberSourceKey & { rootNamespaceId: number; userId: number; now: Date },
): Promise<void> {
  await db
    .insertInto('member_access_requests')
    .values({
      root_namespace_id: request.rootNamespaceId,
      source_type: request.sourceType,
      source_id: request.sourceId,
      user_id: request.userId,
      requested_at: request.now,
    })
    .execute();
}

export async function deleteAccessRequest(
  db: Executor,
  source: MemberSourceKey,
  userId: number,
): Promise<void> {
  await db
    .deleteFrom('member_access_requests')
    .where('source_type', '=', source.sourceType)
    .where('source_id', '=', source.sourceId)
    .where('user_id', '=', userId)
    .execute();
}
