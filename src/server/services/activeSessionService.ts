/** GitLab's Active sessions: the browsers signed in to an account, and revoking them. */
import { describeUserAgent } from '../../core/domain/userAgent.ts';
import type { Executor } from '../db/executor.ts';
import { deleteUserSession, listUserSessions } from '../db/repositories/sessionRepository.ts';
import { digestSecret } from './auth/secrets.ts';
import { NotFoundError } from './errors.ts';

export interface ActiveSession {
  readonly id: number;
  readonly browser: string;
  readonly os: string;
  readonly deviceType: string;
  readonly ipAddress: string;
  /** ISO 8601: when it signed in, and its last request (to the minute). */
  readonly signedInAt: string;
  readonly lastActivityAt: string;
  /** The session of the request that asks. */
  readonly current: boolean;
}

export async function listActiveSessions(
  db: Executor,
  userId: number,
  currentSessionId: string | null,
  now: Date,
): Promise<ActiveSession[]> {
  const currentHash = currentSessionId ? digestSecret(currentSessionId) : null;
  const rows = await listUserSessions(db, userId, now);
  const sessions = rows.map((row) => ({
    id: row.id,
    ...describeUserAgent(row.user_agent),
    ipAddress: row.ip_address,
    signedInAt: row.created_at.toISOString(),
    lastActivityAt: row.last_activity_at.toISOString(),
    current: row.id_hash === currentHash,
  }));
  // The current session first, as GitLab lists it.
  return [
    ...sessions.filter((session) => session.current),
    ...sessions.filter((session) => !session.current),
  ];
}

/** Signs one of the user's other browsers out; their own current session is not revoked here. */
export async function revokeActiveSession(
  db: Executor,
  userId: number,
  id: number,
  currentSessionId: string | null,
  now: Date,
): Promise<void> {
  const sessions = await listActiveSessions(db, userId, currentSessionId, now);
  const target = sessions.find((session) => session.id === id);
  if (!target || target.current) throw new NotFoundError('Session');
  if (!(await deleteUserSession(db, userId, id))) throw new NotFoundError('Session');
}
