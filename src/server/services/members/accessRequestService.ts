import { AccessLevel } from '../../../core/domain/accessLevel.ts';
import { type Executor, inTransaction } from '../../db/executor.ts';
import {
  type AccessRequestRow,
  deleteAccessRequest,
  findAccessRequest,
  insertAccessRequest,
  listAccessRequests,
} from '../../db/repositories/accessRequestRepository.ts';
import { findUserById } from '../../db/repositories/userRepository.ts';
import type { AccessContext } from '../access.ts';
import { ConflictError, NotFoundError, UnauthorizedError, ValidationError } from '../errors.ts';
import type { MembersOf, MemberView } from '../memberService.ts';
import { addAccessRequestTodos, resolveAccessRequestTodos } from './accessRequestTodos.ts';
import { addMember, checkGrant } from './memberManagement.ts';
import { actorLevelOn, requireMemberManager, rootNamespaceIdOf, sourceKeyOf } from './memberSources.ts';

/** A request to join, with the requester. */
export type AccessRequestView = AccessRequestRow;

/** Asks to join the group or project (POST …/access_requests) for the signed-in user. */
export async function requestAccess(
  db: Executor,
  access: AccessContext,
  of: MembersOf,
): Promise<AccessRequestRow> {
  const user = access.actor.user;
  if (!user) throw new UnauthorizedError();
  if ((await actorLevelOn(access, of)) > 0) throw new ValidationError({ user: ['already exists in source'] });
  const source = sourceKeyOf(of);
  const existing = await findAccessRequest(db, source, user.id);
  if (existing) return existing;
  await inTransaction(db, async (trx) => {
    await insertAccessRequest(trx, {
      ...source,
      rootNamespaceId: rootNamespaceIdOf(of),
      userId: user.id,
      now: access.now(),
    });
    await addAccessRequestTodos(trx, of, user.id, access.now());
  });
  const created = await findAccessRequest(db, source, user.id);
  if (!created) throw new ConflictError('Access request could not be saved');
  return created;
}

export async function listAccessRequestsOf(
  db: Executor,
  access: AccessContext,
  of: MembersOf,
): Promise<AccessRequestRow[]> {
  await requireMemberManager(access, of);
  return listAccessRequests(db, sourceKeyOf(of));
}

/** Approves a request (PUT …/access_requests/:user_id/approve), at Developer unless told otherwise. */
export async function approveAccessRequest(
  db: Executor,
  access: AccessContext,
  of: MembersOf,
  userId: number,
  accessLevel: number = AccessLevel.Developer,
): Promise<MemberView> {
  const manager = await checkGrant(access, of, { accessLevel, expiresAt: null });
  const request = await findAccessRequest(db, sourceKeyOf(of), userId);
  const user = request ? await findUserById(db, userId) : undefined;
  if (!request || !user) throw new NotFoundError('Access Request');
  const outcome = await addMember(
    db,
    of,
    user,
    { accessLevel, expiresAt: null },
    { userId: manager.userId, at: access.now() },
  );
  if (outcome.kind === 'added') return outcome.member;
  throw new ValidationError({ access_level: [outcome.error] });
}

/** Denies a request, or withdraws one's own (DELETE …/access_requests/:user_id). */
export async function denyAccessRequest(
  db: Executor,
  access: AccessContext,
  of: MembersOf,
  userId: number,
): Promise<void> {
  const actor = access.actor.user;
  if (!actor) throw new UnauthorizedError();
  if (actor.id !== userId) await requireMemberManager(access, of);
  const source = sourceKeyOf(of);
  if (!(await findAccessRequest(db, source, userId))) throw new NotFoundError('Access Request');
  await inTransaction(db, async (trx) => {
    await deleteAccessRequest(trx, source, userId);
    await resolveAccessRequestTodos(trx, of, userId, access.now());
  });
}
