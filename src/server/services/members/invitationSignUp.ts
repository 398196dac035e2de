import { MEMBER_ERRORS } from '../../../core/domain/memberRules.ts';
import { type SignUpInput, signUpErrors } from '../../../core/domain/signUpRules.ts';
import type { Executor } from '../../db/executor.ts';
import { findNamespaceByFullPath } from '../../db/repositories/namespaceRepository.ts';
import { findUserByLogin, findUserByUsername, insertUser } from '../../db/repositories/userRepository.ts';
import type { UserRow } from '../../db/schema.ts';
import { hashPassword } from '../auth/authService.ts';
import { ServiceError, ValidationError } from '../errors.ts';
import { acceptInvitation, findInvitationByToken, type InvitationView } from './invitationService.ts';

/**
 * An invited person makes their account from the invitation's page: its address becomes theirs
 * (the email proved they hold it), and the invitation is accepted with it.
 */
export async function signUpWithInvitation(
  db: Executor,
  token: string,
  input: SignUpInput,
  now: Date,
): Promise<{ user: UserRow; invitation: InvitationView }> {
  const view = await findInvitationByToken(db, token, now);
  if (view.expired) throw new ServiceError('invalid', MEMBER_ERRORS.invitationExpired);
  const errors = signUpErrors(input);
  const username = input.username.trim();
  if (
    !errors.username &&
    ((await findUserByUsername(db, username)) || (await findNamespaceByFullPath(db, username)))
  ) {
    errors.username = ['has already been taken'];
  }
  const email = view.invitation.invite_email;
  if (await findUserByLogin(db, email)) errors.email = ['has already been taken'];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  const user = await insertUser(db, {
    username,
    email,
    name: input.name.trim(),
    passwordHash: await hashPassword(input.password),
    now,
  });
  return { user, invitation: await acceptInvitation(db, token, user, now) };
}
