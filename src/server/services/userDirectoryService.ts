import { ACTIVE } from '../../core/domain/userStates.ts';
import type { Executor } from '../db/executor.ts';
import type { OffsetLimit, PageWithTotal } from '../db/pagination.ts';
import { findUserById, findUserByUsername, listUsers } from '../db/repositories/userRepository.ts';
import type { UserRow } from '../db/schema.ts';
import { type AccessContext, isAdministrator } from './access.ts';
import { NotFoundError } from './errors.ts';

/**
 * GitLab's user directory (`GET /users`, `GET /users/:id`): anyone may look people up by username
 * or search; only active accounts show, except to administrators, who see every state and may
 * search by email.
 */
export function listVisibleUsers(
  db: Executor,
  access: AccessContext,
  filter: { readonly username?: string | undefined; readonly search?: string | undefined },
  page: OffsetLimit,
): Promise<PageWithTotal<UserRow>> {
  const admin = isAdministrator(access);
  return listUsers(db, { ...filter, searchEmails: admin, states: admin ? undefined : [ACTIVE] }, page);
}

export async function findVisibleUser(db: Executor, access: AccessContext, id: number): Promise<UserRow> {
  const user = await findUserById(db, id);
  if (!user || !visibleTo(access, user)) throw new NotFoundError('User');
  return user;
}

/** The user whose profile `/:username` shows, under the same rule; null when there is none to show. */
export async function findVisibleUserByUsername(
  db: Executor,
  access: AccessContext,
  username: string,
): Promise<UserRow | null> {
  const user = await findUserByUsername(db, username);
  return user && visibleTo(access, user) ? user : null;
}

/** Active accounts show to everyone; the others to administrators only. */
function visibleTo(access: AccessContext, user: UserRow): boolean {
  return user.state === ACTIVE || isAdministrator(access);
}
