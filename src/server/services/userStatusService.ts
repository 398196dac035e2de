/**
 * A user's status (GitLab's Users::SetStatusService): an emoji, a message, 'Busy', and when it
 * clears itself. Emptying the emoji and the message without 'Busy' clears the status.
 */
import { isStatusEmoji } from '../../core/domain/statusEmoji.ts';
import {
  type Availability,
  type ClearStatusAfter,
  clearStatusAt,
  DEFAULT_STATUS_EMOJI,
  STATUS_MESSAGE_MAX_LENGTH,
  type UserStatus,
} from '../../core/domain/userSettings.ts';
import type { Executor } from '../db/executor.ts';
import {
  deleteUserStatus,
  findUserStatus,
  findUserStatuses,
  upsertUserStatus,
} from '../db/repositories/userStatusRepository.ts';
import type { UserStatusRow } from '../db/schema.ts';
import { ValidationError } from './errors.ts';

export const AVAILABILITY_BUSY = 1;
export const AVAILABILITY_NOT_SET = 0;

export function toUserStatus(row: UserStatusRow): UserStatus {
  return {
    emoji: row.emoji,
    message: row.message,
    availability: row.availability === AVAILABILITY_BUSY ? 'busy' : 'not_set',
    clearStatusAt: row.clear_status_at?.toISOString() ?? null,
  };
}

/** A status change: an absent field keeps its value when merging, and is emptied when replacing. */
export interface StatusInput {
  readonly emoji?: string | undefined;
  readonly message?: string | undefined;
  readonly availability?: Availability | undefined;
  /** A 'Clear status after' choice, or null for never; absent keeps the current clear time. */
  readonly clearStatusAfter?: ClearStatusAfter | null | undefined;
}

export async function readUserStatus(db: Executor, userId: number, now: Date): Promise<UserStatus | null> {
  const row = await findUserStatus(db, userId, now);
  return row ? toUserStatus(row) : null;
}

/** Statuses by user id, for lists of people (one statement for all of them). */
export async function readUserStatuses(
  db: Executor,
  userIds: readonly number[],
  now: Date,
): Promise<Map<number, UserStatus>> {
  const rows = await findUserStatuses(db, userIds, now);
  return new Map(rows.map((row) => [row.user_id, toUserStatus(row)]));
}

/**
 * Sets the status (`replace`: PUT, the profile form; `merge`: PATCH, only the fields given change)
 * and answers the status in force after it, null when cleared.
 */
export async function setUserStatus(
  db: Executor,
  userId: number,
  input: StatusInput,
  mode: 'replace' | 'merge',
  now: Date,
): Promise<UserStatus | null> {
  const current = await readUserStatus(db, userId, now);
  const kept = mode === 'merge' ? current : null;
  const emoji = (input.emoji ?? kept?.emoji ?? '').trim();
  const message = (input.message ?? kept?.message ?? '').trim();
  const availability = input.availability ?? kept?.availability ?? 'not_set';
  const errors: Record<string, string[]> = {};
  if (emoji !== '' && !isStatusEmoji(emoji)) errors.emoji = ['is not a valid emoji name'];
  if (message.length > STATUS_MESSAGE_MAX_LENGTH) {
    errors.message = [`is too long (maximum is ${STATUS_MESSAGE_MAX_LENGTH} characters)`];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  if (emoji === '' && message === '' && availability === 'not_set') {
    // A statement that deletes nothing still counts as a change of shown data (0003's triggers).
    if (current) await deleteUserStatus(db, userId);
    return null;
  }
  const clearAt =
    input.clearStatusAfter === undefined
      ? kept?.clearStatusAt
        ? new Date(kept.clearStatusAt)
        : null
      : clearStatusAt(input.clearStatusAfter, now);
  await upsertUserStatus(db, userId, {
    emoji: emoji || DEFAULT_STATUS_EMOJI,
    message,
    availability: availability === 'busy' ? AVAILABILITY_BUSY : AVAILABILITY_NOT_SET,
    clearStatusAt: clearAt,
  });
  return readUserStatus(db, userId, now);
}
