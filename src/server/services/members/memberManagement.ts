import { AccessLevel } from '../../../core/domain/accessLevel.ts';
import {
  calendarDayOf,
  checkExpiresAt,
  MAX_INVITES_PER_REQUEST,
  MEMBER_ERRORS,
} from '../../../core/domain/memberRules.ts';
import type { Executor } from '../../db/executor.ts';
import { deleteAccessRequest } from '../../db/repositories/accessRequestRepository.ts';
import { unassignUserFromIssues } from '../../db/repositories/memberIssueRepository.ts';
import {
  countDirectOwners,
  deleteMember,
  findDirectMember,
  findHighestGroupMembership,
  insertMember,
  updateMember as updateMemberRow,
} from '../../db/repositories/memberRepository.ts';
import { findUsersByIds, findUsersByUsernames } from '../../db/repositories/userRepository.ts';
import type { UserRow } from '../../db/schema.ts';
import type { AccessContext } from '../access.ts';
import { recordSeatsUsed } from '../billing/gitlabSubscriptionService.ts';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  ServiceError,
  UnauthorizedError,
  ValidationError,
} from '../errors.ts';
import { findMemberOf, type MembersOf, type MemberView } from '../memberService.ts';
import { resolveAccessRequestTodos } from './accessRequestTodos.ts';
import { accessLevelName, requireMemberManager, rootNamespaceIdOf, sourceKeyOf } from './memberSources.ts';

/** Who adds a member, and when: the membership's creator, and the time its request's to-dos close. */
export interface MemberAddedBy {
  readonly userId: number;
  readonly at: Date;
}

export interface MemberGrant {
  readonly accessLevel: number;
  readonly expiresAt: string | null;
}

/** Refuses an expiry that is not a real day after today, in GitLab's validation shape. */
export function checkExpiry(expiresAt: string | null, now: Date): void {
  const verdict = checkExpiresAt(expiresAt, calendarDayOf(now));
  if (!verdict.ok) throw new ValidationError({ expires_at: [verdict.error] });
}

/** A member cannot grant a role above their own (administrators excepted). */
function checkGrantable(manager: { level: number; isAdmin: boolean }, accessLevel: number): void {
  if (!manager.isAdmin && accessLevel > manager.level) {
    throw new ValidationError({ access_level: [MEMBER_ERRORS.higherThanOwn] });
  }
}

/** The groups above the source, whose memberships the source's members inherit. */
function ancestorIdsOf(of: MembersOf): number[] {
  return of.kind === 'group'
    ? of.group.traversal_ids.filter((id) => id !== of.group.id)
    : [...of.project.namespace.traversal_ids];
}

/**
 * Why a user cannot be given this level directly here, or null: a direct membership may not be
 * lower than one inherited from a group above (GitLab's 'Access level should be greater than or
 * equal to … inherited membership').
 */
async function inheritedLevelError(
  db: Executor,
  of: MembersOf,
  userId: number,
  accessLevel: number,
): Promise<string | null> {
  const inherited = await findHighestGroupMembership(db, userId, ancestorIdsOf(of));
  if (!inherited || inherited.access_level <= accessLevel) return null;
  return `should be greater than or equal to ${accessLevelName(inherited.access_level)} inherited membership from group ${inherited.group_name}`;
}

export type AddOutcome =
  | { readonly kind: 'added'; readonly member: MemberView }
  | { readonly kind: 'refused'; readonly error: string; readonly conflict: boolean };

/**
 * Adds one user as a direct member (GitLab's members/creator_service). The caller has checked the
 * manager; refusals that concern only this user come back as an outcome, so that a list of users
 * reports each one's.
 */
export async function addMember(
  db: Executor,
  of: MembersOf,
  user: UserRow,
  grant: MemberGrant,
  added: MemberAddedBy,
): Promise<AddOutcome> {
  const source = sourceKeyOf(of);
  if (await findDirectMember(db, source, user.id)) {
    return { kind: 'refused', error: MEMBER_ERRORS.alreadyMember, conflict: true };
  }
  const inherited = await inheritedLevelError(db, of, user.id, grant.accessLevel);
  if (inherited) return { kind: 'refused', error: `Access level ${inherited}`, conflict: false };
  await db.transaction().execute(async (trx) => {
    await insertMember(trx, {
      rootNamespaceId: rootNamespaceIdOf(of),
      userId: user.id,
      sourceType: source.sourceType,
      sourceId: source.sourceId,
      accessLevel: grant.accessLevel,
      expiresAt: grant.expiresAt,
      createdById: added.userId,
    });
    // Whoever asked to join has now joined.
    await deleteAccessRequest(trx, source, user.id);
    await resolveAccessRequestTodos(trx, of, user.id, added.at);
    await recordSeatsUsed(trx, source, added.at);
  });
  return { kind: 'added', member: await findMemberOf(db, of, 'direct', user.id) };
}

/** The checks every grant makes before any user is looked at: who grants, which level, until when. */
export async function checkGrant(
  access: AccessContext,
  of: MembersOf,
  grant: MemberGrant,
): Promise<{ userId: number; level: number; isAdmin: boolean }> {
  const manager = await requireMemberManager(access, of);
  checkExpiry(grant.expiresAt, access.now());
  checkGrantable(manager, grant.accessLevel);
  return manager;
}

/**
 * Whether the manager may change or remove this membership: not one above their own level, and
 * never a group's last owner (a group must keep one).
 */
async function checkManageable(
  db: Executor,
  of: MembersOf,
  manager: { level: number; isAdmin: boolean },
  member: { access_level: number },
  leavesOwnerRole: boolean,
): Promise<void> {
  if (!manager.isAdmin && member.access_level > manager.level) throw new ForbiddenError();
  if (
    of.kind === 'group' &&
    leavesOwnerRole &&
    member.access_level === AccessLevel.Owner &&
    (await countDirectOwners(db, sourceKeyOf(of))) <= 1
  ) {
    throw new ForbiddenError(MEMBER_ERRORS.lastOwner);
  }
}

/** Changes a direct member's level or expiry (PUT …/members/:user_id). */
export async function updateMember(
  db: Executor,
  access: AccessContext,
  of: MembersOf,
  userId: number,
  changes: { accessLevel: number; expiresAt?: string | null | undefined },
): Promise<MemberView> {
  const manager = await requireMemberManager(access, of);
  const member = await findDirectMember(db, sourceKeyOf(of), userId);
  if (!member) throw new NotFoundError('Member');
  if (changes.expiresAt !== undefined) checkExpiry(changes.expiresAt, access.now());
  await checkManageable(db, of, manager, member, changes.accessLevel < AccessLevel.Owner);
  checkGrantable(manager, changes.accessLevel);
  const inherited = await inheritedLevelError(db, of, userId, changes.accessLevel);
  if (inherited) throw new ValidationError({ access_level: [inherited] });
  await updateMemberRow(db, member.id, changes);
  await recordSeatsUsed(db, sourceKeyOf(of), access.now());
  return findMemberOf(db, of, 'direct', userId);
}

/**
 * Removes a direct member (DELETE …/members/:user_id), or the actor themself (leaving). With
 * `unassignIssuables`, they are also taken off the issues of the group's projects or the project
 * ('Also unassign this user from related issues and merge requests').
 */
export async function removeMember(
  db: Executor,
  access: AccessContext,
  of: MembersOf,
  userId: number,
  options: { unassignIssuables: boolean },
): Promise<void> {
  const actor = access.actor.user;
  if (!actor) throw new UnauthorizedError();
  const leaving = actor.id === userId;
  const manager = leaving
    ? { level: Number.MAX_SAFE_INTEGER, isAdmin: actor.is_admin }
    : await requireMemberManager(access, of);
  const member = await findDirectMember(db, sourceKeyOf(of), userId);
  if (!member) throw new NotFoundError('Member');
  await checkManageable(db, of, manager, member, true);
  await db.transaction().execute(async (trx) => {
    await deleteMember(trx, member.id);
    if (!options.unassignIssuables) return;
    const scope =
      of.kind === 'group'
        ? ({ kind: 'group', groupId: of.group.id } as const)
        : ({ kind: 'project', projectId: of.project.project.id } as const);
    await unassignUserFromIssues(trx, scope, userId);
  });
}

/** Users named by id or username, as POST …/members takes them. */
export interface UserReferences {
  readonly userIds: readonly number[];
  readonly usernames: readonly string[];
}

export type AddMembersOutcome =
  | { readonly kind: 'single'; readonly member: MemberView }
  | { readonly kind: 'several'; readonly errors: Readonly<Record<string, string>> };

/**
 * POST …/members: one user gets their membership back, or GitLab's 404, 409 or 400; several get
 * each one's refusal, keyed by username (or by the id or name that matched no one).
 */
export async function addMembers(
  db: Executor,
  access: AccessContext,
  of: MembersOf,
  references: UserReferences,
  grant: MemberGrant,
): Promise<AddMembersOutcome> {
  const count = references.userIds.length + references.usernames.length;
  if (count > MAX_INVITES_PER_REQUEST) throw new ServiceError('invalid', MEMBER_ERRORS.tooManyInvites);
  const users = [
    ...(await findUsersByIds(db, references.userIds)),
    ...(await findUsersByUsernames(db, references.usernames)),
  ];
  if (count === 1) {
    const [user] = users;
    const manager = await checkGrant(access, of, grant);
    if (!user) throw new NotFoundError('User');
    const outcome = await addMember(db, of, user, grant, { userId: manager.userId, at: access.now() });
    if (outcome.kind === 'added') return { kind: 'single', member: outcome.member };
    if (outcome.conflict) throw new ConflictError(outcome.error);
    throw new ValidationError({ access_level: [outcome.error.replace(/^Access level /, '')] });
  }
  const manager = await checkGrant(access, of, grant);
  const errors: Record<string, string> = {};
  const found = new Set(users.flatMap((user) => [String(user.id), user.username.toLowerCase()]));
  for (const key of [...references.userIds.map(String), ...references.usernames]) {
    if (!found.has(key.toLowerCase())) errors[key] = 'User not found';
  }
  for (const user of users) {
    const outcome = await addMember(db, of, user, grant, { userId: manager.userId, at: access.now() });
    if (outcome.kind === 'refused') errors[user.username] = outcome.error;
  }
  return { kind: 'several', errors };
}
