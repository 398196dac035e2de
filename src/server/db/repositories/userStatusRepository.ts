import type { Executor } from '../executor.ts';
import type { UserStatusRow } from '../schema.ts';

/** A status still in force at `now`: one whose clear time has passed reads as none. */
export function findUserStatus(db: Executor, userId: number, now: Date): Promise<UserStatusRow | undefined> {
  return db
    .selectFrom('user_statuses')
    .selectAll()
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('clear_status_at', 'is', null), eb('clear_status_at', '>', now)]))
    .executeTakeFirst();
}

/** The statuses in force of several users (for lists of people), in no particular order. */
export function findUserStatuses(
  db: Executor,
  userIds: readonly number[],
  now: Date,
): Promise<UserStatusRow[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('user_statuses')
    .selectAll()
    .where('user_id', 'in', [...userIds])
    .where((eb) => eb.or([eb('clear_status_at', 'is', null), eb('clear_status_at', '>', now)]))
    .execute();
}

export interface StatusValues {
  readonly emoji: string;
  readonly message: string;
  readonly availability: number;
  readonly clearStatusAt: Date | null;
}

export async function upsertUserStatus(db: Executor, userId: number, status: StatusValues): Promise<void> {
  const values = {
    emoji: status.emoji,
    message: status.message,
    availability: status.availability,
    clear_status_at: status.clearStatusAt,
  };
  await db
    .insertInto('user_statuses')
    .values({ user_id: userId, ...values })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet(values))
    .execute();
}

export async function deleteUserStatus(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom('user_statuses').where('user_id', '=', userId).execute();
}
