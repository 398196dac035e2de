/**
 * The signed-in user's own settings (GitLab's UserSettings::ProfilesController, the preferences
 * and the password page): each change is one transaction, and bad input changes nothing.
 */
import { verify } from '@node-rs/argon2';
import {
  type ColorMode,
  NAME_MAX_LENGTH,
  newPasswordErrors,
  PASSWORD_TEXT,
  type WeekStartDay,
} from '../../core/domain/userSettings.ts';
import { type Executor, inTransaction } from '../db/executor.ts';
import { deleteUserSessionsExcept } from '../db/repositories/sessionRepository.ts';
import { updateUserSettings } from '../db/repositories/userRepository.ts';
import type { UserRow } from '../db/schema.ts';
import { hashPassword } from './auth/authService.ts';
import { ValidationError } from './errors.ts';
import { type StatusInput, setUserStatus } from './userStatusService.ts';

/** GitLab's notice after a profile save. */
export const PROFILE_UPDATED = 'Profile was successfully updated';
/** GitLab's notice after a preferences save. */
export const PREFERENCES_SAVED = 'Preferences saved.';

export interface ProfileInput {
  readonly name?: string | undefined;
  readonly status?: StatusInput | undefined;
}

/** Saves the full name and the status together (the profile form is one save). */
export async function updateProfile(
  db: Executor,
  user: UserRow,
  input: ProfileInput,
  now: Date,
): Promise<void> {
  const name = input.name?.trim();
  if (name !== undefined) {
    if (name === '') throw new ValidationError({ name: ["can't be blank"] });
    if (name.length > NAME_MAX_LENGTH) {
      throw new ValidationError({ name: [`is too long (maximum is ${NAME_MAX_LENGTH} characters)`] });
    }
  }
  await inTransaction(db, async (trx) => {
    if (input.status) await setUserStatus(trx, user.id, input.status, 'replace', now);
    if (name !== undefined && name !== user.name) await updateUserSettings(trx, user.id, { name });
  });
}

export interface PreferencesInput {
  readonly colorMode?: ColorMode | undefined;
  /** A day, or null for the system default; absent keeps the current choice. */
  readonly firstDayOfWeek?: WeekStartDay | null | undefined;
}

export async function updatePreferences(db: Executor, user: UserRow, input: PreferencesInput): Promise<void> {
  await updateUserSettings(db, user.id, {
    ...(input.colorMode === undefined ? {} : { color_mode: input.colorMode }),
    ...(input.firstDayOfWeek === undefined ? {} : { first_day_of_week: input.firstDayOfWeek }),
  });
}

export interface PasswordChange {
  readonly current: string;
  readonly password: string;
  readonly confirmation: string;
}

/**
 * Changes the password when the current one is right and the new one follows the rules, then ends
 * every session of the user, this one too, as GitLab does ("Please sign in again"): a stolen
 * session does not outlive the password it was opened with. Answers the problems, empty on success.
 */
export async function changePassword(db: Executor, user: UserRow, change: PasswordChange): Promise<string[]> {
  if (!change.current || !(await verify(user.password_hash, change.current))) {
    return [PASSWORD_TEXT.invalidCurrent];
  }
  const problems = newPasswordErrors(change.password, change.confirmation);
  if (problems.length > 0) return problems;
  const passwordHash = await hashPassword(change.password);
  await inTransaction(db, async (trx) => {
    await updateUserSettings(trx, user.id, { password_hash: passwordHash });
    await deleteUserSessionsExcept(trx, user.id, null);
  });
  return [];
}
