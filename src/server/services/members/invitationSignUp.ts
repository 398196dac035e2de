import { MEMBER_ERRORS } from '../../../core/domain/memberRules.ts';
import { type SignUpInput, signUpErrors } from '../../../core/domain/signUpRules.ts';
import type { Executor } from '../../db/executor.ts';
import type { UserRow } from '../../db/schema.ts';
import { createAccount } from '../auth/registrationService.ts';
import { ServiceError } from '../errors.ts';
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
  const user = await createAccount(db, input, view.invitation.invite_email, signUpErrors(input), now);
  return { user, invitation: await acceptInvitation(db, token, user, now) };
}
