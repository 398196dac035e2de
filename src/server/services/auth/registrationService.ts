/**
 * Making an account: from the open sign-up page (when the instance allows it) or from an email
 * invitation. Both check the same rules and the same taken names and addresses.
 */
import {
  type RegistrationInput,
  registrationErrors,
  type SignUpInput,
} from '../../../core/domain/signUpRules.ts';
import type { Executor } from '../../db/executor.ts';
import { findNamespaceByFullPath } from '../../db/repositories/namespaceRepository.ts';
import { findUserByLogin, findUserByUsername, insertUser } from '../../db/repositories/userRepository.ts';
import type { UserRow } from '../../db/schema.ts';
import { NotFoundError, ValidationError } from '../errors.ts';
import type { ApplicationSettingsStore } from '../settings/applicationSettingsService.ts';
import { hashPassword } from './authService.ts';

/**
 * Makes the account, or refuses with every field's problems (GitLab's words): the rules, a username
 * that a user or a group already has, an address another account holds.
 */
export async function createAccount(
  db: Executor,
  input: SignUpInput,
  email: string,
  problems: Record<string, string[]>,
  now: Date,
): Promise<UserRow> {
  const errors = { ...problems };
  const username = input.username.trim();
  if (
    !errors.username &&
    ((await findUserByUsername(db, username)) || (await findNamespaceByFullPath(db, username)))
  ) {
    errors.username = ['has already been taken'];
  }
  if (!errors.email && (await findUserByLogin(db, email))) errors.email = ['has already been taken'];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return insertUser(db, {
    username,
    email,
    name: input.name.trim(),
    passwordHash: await hashPassword(input.password),
    now,
  });
}

/** Whether anyone may register now (GitLab's `signup_enabled`). */
export async function signUpEnabled(settings: ApplicationSettingsStore): Promise<boolean> {
  return (await settings.current()).signup_enabled;
}

/** GitLab's open registration; a 404 while an administrator has turned it off. */
export async function register(
  db: Executor,
  settings: ApplicationSettingsStore,
  input: RegistrationInput,
  now: Date,
): Promise<UserRow> {
  if (!(await signUpEnabled(settings))) throw new NotFoundError('Sign-up');
  return createAccount(db, input, input.email.trim(), registrationErrors(input), now);
}
