import type { Executor } from '../executor.ts';
import { viewerSnapshotColumns } from './dataVersionRepository.ts';

export async function insertSession(
  db: Executor,
  session: { idHash: string; userId: number; csrfToken: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id_hash: session.idHash,
      user_id: session.userId,
      csrf_token: session.csrfToken,
      expires_at: session.expiresAt,
    })
    .execute();
}

export function findLiveSession(db: Executor, idHash: string, now: Date) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select(['sessions.csrf_token', 'sessions.expires_at'])
    .select(viewerSnapshotColumns('users.id'))
    .where('sessions.id_hash', '=', idHash)
    .where('sessions.expires_at', '>', now)
    .where('users.state', '=', 'active')
    .executeTakeFirst();
}

export async function deleteSession(db: Executor, idHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
}

/** Deletes up to `limit` sessions that expired at or before `now`, oldest first. */
export async function deleteExpiredSessions(db: Executor, now: Date, limit: number): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where('id_hash', 'in', (eb) =>
      eb
        .selectFrom('sessions')
        .select('id_hash')
        .where('expires_at', '<=', now)
        .orderBy('expires_at')
        .limit(limit),
    )
    .execute();
}
