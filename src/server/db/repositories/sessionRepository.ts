import { sql } from 'kysely';
import { compiledOnce } from '../compiledOnce.ts';
import type { Executor } from '../executor.ts';
import { viewerSnapshotColumns } from './dataVersionRepository.ts';

/** The viewer's status in force, read with the session: the top bar shows it on every page. */
export interface SessionStatusColumn {
  readonly emoji: string;
  readonly message: string;
  readonly availability: number;
}

export interface NewSessionRow {
  readonly idHash: string;
  readonly userId: number;
  readonly csrfToken: string;
  readonly expiresAt: Date;
  /** When it starts: its sign-in and first activity. */
  readonly now: Date;
  /** The browser's User-Agent header and address, for the Active sessions page. */
  readonly userAgent: string;
  readonly ipAddress: string;
}

export async function insertSession(db: Executor, session: NewSessionRow): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id_hash: session.idHash,
      user_id: session.userId,
      csrf_token: session.csrfToken,
      expires_at: session.expiresAt,
      created_at: session.now,
      last_activity_at: session.now,
      user_agent: session.userAgent,
      ip_address: session.ipAddress,
    })
    .execute();
}

/** The live session of this id, with its user and their snapshot (every signed-in page and request). */
export const findLiveSession = compiledOnce((db: Executor, idHash: string, now: Date) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select(['sessions.csrf_token', 'sessions.expires_at', 'sessions.last_activity_at'])
    .select(viewerSnapshotColumns('users.id'))
    .select(
      sql<SessionStatusColumn | null>`(SELECT json_build_object('emoji', s.emoji, 'message', s.message,
        'availability', s.availability) FROM user_statuses s WHERE s.user_id = users.id
        AND (s.clear_status_at IS NULL OR s.clear_status_at > ${now}))`.as('status'),
    )
    .where('sessions.id_hash', '=', idHash)
    .where('sessions.expires_at', '>', now)
    .where('users.state', '=', 'active'),
);

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

/**
 * Records activity on a session, unless it was recorded less than `minIntervalMs` ago: a page
 * load writes at most once a minute, however many requests it makes.
 */
export async function touchSession(
  db: Executor,
  idHash: string,
  now: Date,
  minIntervalMs: number,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_activity_at: now })
    .where('id_hash', '=', idHash)
    .where('last_activity_at', '<', new Date(now.getTime() - minIntervalMs))
    .execute();
}

/** A user's live sessions, the most recently active first. */
export function listUserSessions(db: Executor, userId: number, now: Date) {
  return db
    .selectFrom('sessions')
    .select(['id', 'id_hash', 'user_agent', 'ip_address', 'created_at', 'last_activity_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .orderBy('last_activity_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Ends one of a user's sessions by its public id; false when they have none of that id. */
export async function deleteUserSession(db: Executor, userId: number, id: number): Promise<boolean> {
  const deleted = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returning('id')
    .execute();
  return deleted.length > 0;
}

/** Ends every session of a user but the one whose digest is `keepIdHash` (every one, for null). */
export async function deleteUserSessionsExcept(
  db: Executor,
  userId: number,
  keepIdHash: string | null,
): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepIdHash !== null) query = query.where('id_hash', '<>', keepIdHash);
  await query.execute();
}
