import { ACTIVE, BANNED } from '../../core/domain/userStates.ts';
import type { Executor } from '../db/executor.ts';
import { changeUserState, findUserById } from '../db/repositories/userRepository.ts';
import type { UserRow } from '../db/schema.ts';
import { type AccessContext, requireAdministrator } from './access.ts';
import { ForbiddenError, NotFoundError } from './errors.ts';

/**
 * GitLab's user moderation by administrators: a banned account cannot sign in (its sessions and
 * tokens stop working at once: they are only honoured for active users) and its issues are hidden
 * from everyone but administrators; unbanning gives both back.
 */

export async function banUser(db: Executor, access: AccessContext, userId: number): Promise<UserRow> {
  const moderator = requireAdministrator(access);
  if (!(await findUserById(db, userId))) throw new NotFoundError('User');
  if (userId === moderator.id) throw new ForbiddenError('You cannot ban yourself.');
  const banned = await changeUserState(db, userId, ACTIVE, BANNED);
  if (!banned) throw new ForbiddenError('You cannot ban blocked, deactivated, or already banned users.');
  return banned;
}

export async function unbanUser(db: Executor, access: AccessContext, userId: number): Promise<UserRow> {
  requireAdministrator(access);
  if (!(await findUserById(db, userId))) throw new NotFoundError('User');
  const active = await changeUserState(db, userId, BANNED, ACTIVE);
  if (!active) throw new ForbiddenError('You cannot unban active, blocked, or deactivated users.');
  return active;
}
