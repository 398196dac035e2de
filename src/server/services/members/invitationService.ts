import {
  calendarDayOf,
  isEmailAddress,
  MAX_INVITES_PER_REQUEST,
  MEMBER_ERRORS,
} from '../../../core/domain/memberRules.ts';
import { groupPath, invitationPath, projectPath } from '../../../core/domain/webPaths.ts';
import { escapeHtml } from '../../../core/lib/escapeHtml.ts';
import type { Executor } from '../../db/executor.ts';
import {
  deleteInvitation,
  findInvitationByEmail,
  findInvitationByTokenDigest,
  insertInvitation,
  listInvitations,
  type MemberInvitationListRow,
  type MemberInvitationRow,
  updateInvitation as updateInvitationRow,
} from '../../db/repositories/memberInvitationRepository.ts';
import { findDirectMember, insertMember, updateMember } from '../../db/repositories/memberRepository.ts';
import { findNamespaceById } from '../../db/repositories/namespaceRepository.ts';
import { findProjectById } from '../../db/repositories/projectRepository.ts';
import { findUserByLogin, findUsersByIds } from '../../db/repositories/userRepository.ts';
import type { UserRow } from '../../db/schema.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { AccessContext } from '../access.ts';
import { digestSecret, randomSecret } from '../auth/secrets.ts';
import { recordSeatsUsed } from '../billing/gitlabSubscriptionService.ts';
import { NotFoundError, ServiceError } from '../errors.ts';
import type { MembersOf } from '../memberService.ts';
import { addMember, checkGrant, type MemberAddedBy, type MemberGrant } from './memberManagement.ts';
import { requireMemberManager, rootNamespaceIdOf, sourceKeyOf, sourceNameOf } from './memberSources.ts';

/** What sending an invitation needs beyond the database: the mailer and the instance's address. */
export interface InvitationMail {
  readonly mailer: Mailer;
  readonly externalUrl: string;
}

/** Per invitee (email or username), why they were not invited; empty when all were. */
export type InviteErrors = Record<string, string>;

export interface InviteRequest extends MemberGrant {
  readonly emails: readonly string[];
  readonly userIds: readonly number[];
}

/**
 * GitLab's invitations (POST …/invitations): each address becomes an email invitation, unless a
 * user already has it, who is then added at once, as are the users named by id. Each invitee's
 * refusal is reported by their address or username; the others go through.
 */
export async function invite(
  db: Executor,
  access: AccessContext,
  mail: InvitationMail,
  of: MembersOf,
  request: InviteRequest,
): Promise<InviteErrors> {
  const manager = await checkGrant(access, of, request);
  const count = request.emails.length + request.userIds.length;
  if (count === 0) throw new ServiceError('invalid', MEMBER_ERRORS.noInvitees);
  if (count > MAX_INVITES_PER_REQUEST) throw new ServiceError('invalid', MEMBER_ERRORS.tooManyInvites);
  const errors: InviteErrors = {};
  const users = new Map((await findUsersByIds(db, request.userIds)).map((user) => [user.id, user]));
  for (const userId of request.userIds) {
    const user = users.get(userId);
    if (!user) {
      errors[String(userId)] = 'User not found';
      continue;
    }
    const error = await addExisting(db, of, user, request, { userId: manager.userId, at: access.now() });
    if (error) errors[user.username] = error;
  }
  for (const email of request.emails) {
    const error = await inviteEmail(db, access, mail, of, email, request, manager.userId);
    if (error) errors[email] = error;
  }
  return errors;
}

async function addExisting(
  db: Executor,
  of: MembersOf,
  user: UserRow,
  grant: MemberGrant,
  added: MemberAddedBy,
): Promise<string | null> {
  const outcome = await addMember(db, of, user, grant, added);
  if (outcome.kind === 'added') return null;
  return outcome.conflict ? MEMBER_ERRORS.alreadyInSource : outcome.error;
}

async function inviteEmail(
  db: Executor,
  access: AccessContext,
  mail: InvitationMail,
  of: MembersOf,
  rawEmail: string,
  grant: MemberGrant,
  invitedBy: number,
): Promise<string | null> {
  const email = rawEmail.trim();
  if (!isEmailAddress(email)) return MEMBER_ERRORS.invalidEmail;
  const user = await findUserByLogin(db, email);
  if (user && user.email.toLowerCase() === email.toLowerCase()) {
    return addExisting(db, of, user, grant, { userId: invitedBy, at: access.now() });
  }
  const source = sourceKeyOf(of);
  if (await findInvitationByEmail(db, source, email)) return MEMBER_ERRORS.alreadyInvited;
  const token = randomSecret();
  await insertInvitation(db, {
    ...source,
    rootNamespaceId: rootNamespaceIdOf(of),
    email,
    tokenDigest: digestSecret(token),
    accessLevel: grant.accessLevel,
    expiresAt: grant.expiresAt,
    createdById: invitedBy,
  });
  return sendInvitation(mail, of, email, token, access.actor.user?.name ?? 'Someone');
}

/** Sends the invitation's email; a transport that fails is reported, the invitation stays to resend. */
async function sendInvitation(
  mail: InvitationMail,
  of: MembersOf,
  email: string,
  token: string,
  inviterName: string,
): Promise<string | null> {
  const kind = of.kind === 'group' ? 'group' : 'project';
  const name = sourceNameOf(of);
  const link = `${mail.externalUrl}${invitationPath(token)}`;
  const subject = `${inviterName} invited you to join the ${name} ${kind}`;
  const text = [
    `${inviterName} invited you to join the ${name} ${kind} on Plantrack.`,
    '',
    `Accept or decline the invitation: ${link}`,
    '',
    'If you do not have an account yet, you can create one there.',
  ].join('\n');
  const html = `<p>${escapeHtml(inviterName)} invited you to join the <strong>${escapeHtml(name)}</strong> ${kind} on Plantrack.</p><p><a href="${escapeHtml(link)}">Accept or decline the invitation</a></p><p>If you do not have an account yet, you can create one there.</p>`;
  try {
    await mail.mailer.send({ to: email, subject, text, html });
    return null;
  } catch {
    return 'The invitation email could not be sent; resend it later';
  }
}

/** The source's pending invitations (managers only), `query` matching one address exactly. */
export async function listInvitationsOf(
  db: Executor,
  access: AccessContext,
  of: MembersOf,
  filter: { email?: string | undefined },
  page: { offset: number; limit: number },
): Promise<{ rows: MemberInvitationListRow[]; total: number }> {
  await requireMemberManager(access, of);
  return listInvitations(db, sourceKeyOf(of), filter, page);
}

async function findInvitationOrThrow(
  db: Executor,
  of: MembersOf,
  email: string,
): Promise<MemberInvitationRow> {
  const invitation = await findInvitationByEmail(db, sourceKeyOf(of), email);
  if (!invitation) throw new NotFoundError('Invitation');
  return invitation;
}

/** Changes a pending invitation's level or expiry (PUT …/invitations/:email). */
export async function updateInvitationOf(
  db: Executor,
  access: AccessContext,
  of: MembersOf,
  email: string,
  changes: { accessLevel?: number | undefined; expiresAt?: string | null | undefined },
): Promise<MemberInvitationRow> {
  await requireMemberManager(access, of);
  const invitation = await findInvitationOrThrow(db, of, email);
  const accessLevel = changes.accessLevel ?? invitation.access_level;
  await checkGrant(access, of, { accessLevel, expiresAt: changes.expiresAt ?? null });
  return updateInvitationRow(
    db,
    invitation.id,
    {
      accessLevel,
      ...(changes.expiresAt !== undefined ? { expiresAt: changes.expiresAt } : {}),
    },
    access.now(),
  );
}

/** Revokes a pending invitation (DELETE …/invitations/:email): its link stops working. */
export async function revokeInvitation(
  db: Executor,
  access: AccessContext,
  of: MembersOf,
  email: string,
): Promise<void> {
  await requireMemberManager(access, of);
  const invitation = await findInvitationOrThrow(db, of, email);
  await deleteInvitation(db, invitation.id);
}

/** Sends a pending invitation again, with a new link (the old one stops working). */
export async function resendInvitation(
  db: Executor,
  access: AccessContext,
  mail: InvitationMail,
  of: MembersOf,
  email: string,
): Promise<void> {
  await requireMemberManager(access, of);
  const invitation = await findInvitationOrThrow(db, of, email);
  const token = randomSecret();
  await updateInvitationRow(db, invitation.id, { tokenDigest: digestSecret(token) }, access.now());
  const error = await sendInvitation(
    mail,
    of,
    invitation.invite_email,
    token,
    access.actor.user?.name ?? 'Someone',
  );
  if (error) throw new ServiceError('invalid', error);
}

/** An invitation as its page shows it, found by the token of its link. */
export interface InvitationView {
  readonly invitation: MemberInvitationRow;
  readonly sourceKind: 'group' | 'project';
  readonly sourceName: string;
  readonly sourcePath: string;
  readonly inviterName: string | null;
  readonly expired: boolean;
}

/** The invitation behind a link; 404 for a revoked, accepted or unknown token. */
export async function findInvitationByToken(db: Executor, token: string, now: Date): Promise<InvitationView> {
  const invitation =
    token.length <= 200 ? await findInvitationByTokenDigest(db, digestSecret(token)) : undefined;
  if (!invitation) throw new ServiceError('not_found', MEMBER_ERRORS.invitationInvalid);
  const inviter = invitation.created_by_id
    ? (await findUsersByIds(db, [invitation.created_by_id]))[0]
    : undefined;
  const expired = invitation.expires_at !== null && invitation.expires_at <= calendarDayOf(now);
  const base = { invitation, inviterName: inviter?.name ?? null, expired };
  if (invitation.source_type === 'Namespace') {
    const group = await findNamespaceById(db, invitation.source_id);
    if (!group) throw new ServiceError('not_found', MEMBER_ERRORS.invitationInvalid);
    return { ...base, sourceKind: 'group', sourceName: group.name, sourcePath: groupPath(group.full_path) };
  }
  const project = await findProjectById(db, invitation.source_id);
  if (!project) throw new ServiceError('not_found', MEMBER_ERRORS.invitationInvalid);
  return {
    ...base,
    sourceKind: 'project',
    sourceName: project.name,
    sourcePath: projectPath(project.full_path),
  };
}

/**
 * Accepts an invitation for the signed-in user: they become a member at the invitation's level (a
 * membership they already hold is raised, never lowered), and the invitation is used up.
 */
export async function acceptInvitation(
  db: Executor,
  token: string,
  user: UserRow,
  now: Date,
): Promise<InvitationView> {
  const view = await findInvitationByToken(db, token, now);
  if (view.expired) throw new ServiceError('invalid', MEMBER_ERRORS.invitationExpired);
  const { invitation } = view;
  const source = { sourceType: invitation.source_type, sourceId: invitation.source_id };
  await db.transaction().execute(async (trx) => {
    const existing = await findDirectMember(trx, source, user.id);
    if (!existing) {
      await insertMember(trx, {
        rootNamespaceId: invitation.root_namespace_id,
        userId: user.id,
        ...source,
        accessLevel: invitation.access_level,
        expiresAt: invitation.expires_at,
        createdById: invitation.created_by_id,
      });
    } else if (existing.access_level < invitation.access_level) {
      await updateMember(trx, existing.id, { accessLevel: invitation.access_level });
    }
    await deleteInvitation(trx, invitation.id);
    await recordSeatsUsed(trx, source, now);
  });
  return view;
}

/** Declines an invitation: it is gone, and whoever sent it sees it no more. */
export async function declineInvitation(db: Executor, token: string, now: Date): Promise<InvitationView> {
  const view = await findInvitationByToken(db, token, now);
  await deleteInvitation(db, view.invitation.id);
  return view;
}
