import type { Selectable } from 'kysely';
import type { Executor } from '../executor.ts';
import type { OffsetLimit } from '../pagination.ts';
import type { MemberInvitationsTable } from '../schema.ts';
import type { MemberSourceKey } from './memberRepository.ts';

export type MemberInvitationRow = Selectable<MemberInvitationsTable>;

/** An invitation and who sent it, as the invitations list shows it. */
export interface MemberInvitationListRow extends MemberInvitationRow {
  readonly created_by_name: string | null;
}

export async function insertInvitation(
  db: Executor,
  invitation: MemberSourceKey & {
    rootNamespaceId: number;
    email: string;
    tokenDigest: string;
    accessLevel: number;
    expiresAt: string | null;
    createdById: number;
  },
): Promise<MemberInvitationRow> {
  return db
    .insertInto('member_invitations')
    .values({
      root_namespace_id: invitation.rootNamespaceId,
      source_type: invitation.sourceType,
      source_id: invitation.sourceId,
      invite_email: invitation.email,
      invite_token_digest: invitation.tokenDigest,
      access_level: invitation.accessLevel,
      expires_at: invitation.expiresAt,
      created_by_id: invitation.createdById,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The source's invitations, newest first; `email` matches one address exactly (any case). */
export async function listInvitations(
  db: Executor,
  source: MemberSourceKey,
  filter: { email?: string | undefined },
  page: OffsetLimit,
): Promise<{ rows: MemberInvitationListRow[]; total: number }> {
  let query = db
    .selectFrom('member_invitations')
    .where('member_invitations.source_type', '=', source.sourceType)
    .where('member_invitations.source_id', '=', source.sourceId);
  if (filter.email)
    query = query.where((eb) => eb(eb.fn('lower', ['invite_email']), '=', filter.email?.toLowerCase()));
  const [rows, count] = await Promise.all([
    query
      .leftJoin('users', 'users.id', 'member_invitations.created_by_id')
      .selectAll('member_invitations')
      .select('users.name as created_by_name')
      .orderBy('member_invitations.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.count) };
}

export function findInvitationByEmail(
  db: Executor,
  source: MemberSourceKey,
  email: string,
): Promise<MemberInvitationRow | undefined> {
  return db
    .selectFrom('member_invitations')
    .selectAll()
    .where('source_type', '=', source.sourceType)
    .where('source_id', '=', source.sourceId)
    .where((eb) => eb(eb.fn('lower', ['invite_email']), '=', email.toLowerCase()))
    .executeTakeFirst();
}

export function findInvitationByTokenDigest(
  db: Executor,
  tokenDigest: string,
): Promise<MemberInvitationRow | undefined> {
  return db
    .selectFrom('member_invitations')
    .selectAll()
    .where('invite_token_digest', '=', tokenDigest)
    .executeTakeFirst();
}

export async function updateInvitation(
  db: Executor,
  id: number,
  changes: { accessLevel?: number; expiresAt?: string | null; tokenDigest?: string },
  now: Date,
): Promise<MemberInvitationRow> {
  return db
    .updateTable('member_invitations')
    .set({
      ...(changes.accessLevel !== undefined ? { access_level: changes.accessLevel } : {}),
      ...(changes.expiresAt !== undefined ? { expires_at: changes.expiresAt } : {}),
      ...(changes.tokenDigest !== undefined ? { invite_token_digest: changes.tokenDigest } : {}),
      updated_at: now,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteInvitation(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('member_invitations').where('id', '=', id).execute();
}
