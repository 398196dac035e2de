import { hash, verify } from '@node-rs/argon2';
import { PERSONAL_ACCESS_TOKEN_PREFIX } from '../../../core/domain/userSettings.ts';
import { isReadOnlyDatabaseError } from '../../db/dbErrors.ts';
import type { Executor } from '../../db/executor.ts';
import {
  findLiveAccessToken,
  insertAccessToken,
  touchAccessToken,
} from '../../db/repositories/accessTokenRepository.ts';
import {
  deleteExpiredSessions,
  deleteSession,
  findLiveSession,
  insertSession,
  touchSession,
} from '../../db/repositories/sessionRepository.ts';
import { findUserByLogin } from '../../db/repositories/userRepository.ts';
import type { UserRow } from '../../db/schema.ts';
import type { Actor, ViewerSnapshot } from '../actor.ts';
import { digestSecret, randomSecret } from './secrets.ts';

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** A session's last activity is written at most this often (a page's many requests write once). */
export const SESSION_ACTIVITY_INTERVAL_MS = 60_000;
/** A token's last use is written at most this often (GitLab: ten minutes). */
export const TOKEN_LAST_USED_INTERVAL_MS = 10 * 60_000;
/** What the Active sessions page keeps of a browser's User-Agent header. */
const USER_AGENT_MAX_LENGTH = 512;
/** GitLab's OAuth access tokens live two hours. */
export const OAUTH_TOKEN_TTL_SECONDS = 7200;

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/**
 * Expired sessions swept per sign-in: enough to keep up with sign-ins (each adds one session), small
 * enough that no sign-in waits on a large delete.
 */
const EXPIRED_SESSIONS_PER_SIGN_IN = 100;

let dummyPasswordHash: Promise<string> | undefined;

/**
 * A hash of a random password, made once on first use, to verify against when the login matches
 * no active user: the argon2 work then happens either way, so the answer time does not tell
 * whether an account exists.
 */
function dummyHash(): Promise<string> {
  dummyPasswordHash ??= hash(randomSecret());
  return dummyPasswordHash;
}

/** Checks a login (username or email) and password; undefined for any mismatch, with no hint which. */
export async function authenticate(
  db: Executor,
  login: string,
  password: string,
): Promise<UserRow | undefined> {
  const user = await findUserByLogin(db, login);
  if (user?.state !== 'active') {
    await verify(await dummyHash(), password);
    return undefined;
  }
  return (await verify(user.password_hash, password)) ? user : undefined;
}

export interface NewSession {
  /** The cookie value; only its digest is stored. */
  readonly sessionId: string;
  readonly csrfToken: string;
  readonly expiresAt: Date;
}

/** The browser a session starts in, as the Active sessions page shows it. */
export interface SessionClient {
  readonly userAgent: string;
  readonly ipAddress: string;
}

/** Starts a session, and sweeps a batch of expired ones: nothing else ever deletes them. */
export async function startSession(
  db: Executor,
  user: UserRow,
  now: Date,
  client: SessionClient = { userAgent: '', ipAddress: '' },
  /** How long the session lasts (GitLab's session_expire_delay). */
  ttlMs = SESSION_TTL_MS,
): Promise<NewSession> {
  await deleteExpiredSessions(db, now, EXPIRED_SESSIONS_PER_SIGN_IN);
  const sessionId = randomSecret();
  const csrfToken = randomSecret();
  const expiresAt = new Date(now.getTime() + ttlMs);
  await insertSession(db, {
    idHash: digestSecret(sessionId),
    userId: user.id,
    csrfToken,
    expiresAt,
    now,
    userAgent: client.userAgent.slice(0, USER_AGENT_MAX_LENGTH),
    ipAddress: client.ipAddress,
  });
  return { sessionId, csrfToken, expiresAt };
}

/**
 * The live session of a cookie, with its user. Records the activity when the last record is a
 * minute old or more: the Active sessions page's 'Last accessed'.
 */
export async function resumeSession(
  db: Executor,
  sessionId: string,
  now: Date,
): Promise<{ user: UserRow; csrfToken: string; snapshot: ViewerSnapshot } | undefined> {
  const idHash = digestSecret(sessionId);
  const row = await findLiveSession(db, idHash, now);
  if (!row) return undefined;
  const {
    csrf_token,
    expires_at: _expires,
    last_activity_at,
    data_version,
    memberships,
    status,
    ...user
  } = row;
  if (now.getTime() - last_activity_at.getTime() >= SESSION_ACTIVITY_INTERVAL_MS) {
    await touchSession(db, idHash, now, SESSION_ACTIVITY_INTERVAL_MS).catch(unlessReadOnly);
  }
  const viewerStatus = status
    ? { emoji: status.emoji, message: status.message, busy: status.availability === 1 }
    : null;
  return {
    user,
    csrfToken: csrf_token,
    snapshot: { dataVersion: String(data_version), memberships, status: viewerStatus },
  };
}

export function endSession(db: Executor, sessionId: string): Promise<void> {
  return deleteSession(db, digestSecret(sessionId));
}

/**
 * A use not recorded on a read-only database (a Geo secondary's standby replicates the primary's
 * records instead); any other failure stands.
 */
function unlessReadOnly(error: unknown): void {
  if (!isReadOnlyDatabaseError(error)) throw error;
}

/** Resolves a personal access token or OAuth bearer token to its actor. */
export async function actorFromToken(db: Executor, token: string, now: Date): Promise<Actor | undefined> {
  const row = await findLiveAccessToken(db, digestSecret(token), now);
  if (!row) return undefined;
  const { token_id, scopes, kind, token_last_used_at, data_version, memberships, ...user } = row;
  if (!token_last_used_at || now.getTime() - token_last_used_at.getTime() >= TOKEN_LAST_USED_INTERVAL_MS) {
    await touchAccessToken(db, token_id, now, TOKEN_LAST_USED_INTERVAL_MS).catch(unlessReadOnly);
  }
  return {
    user,
    via: 'token',
    scopes,
    token: { id: token_id, kind: kind === 'oauth' ? 'oauth' : 'personal' },
    snapshot: { dataVersion: String(data_version), memberships },
  };
}

/** A personal access token (GitLab's `glpat-` prefix), returned once in clear. */
export async function createPersonalAccessToken(
  db: Executor,
  user: UserRow,
  name: string,
  scopes: string[],
  expiresAt: Date | null,
): Promise<string> {
  return (await issuePersonalAccessToken(db, user.id, name, scopes, expiresAt)).token;
}

/** Stores a new personal access token's digest; answers its id and, this once, the token. */
export async function issuePersonalAccessToken(
  db: Executor,
  userId: number,
  name: string,
  scopes: readonly string[],
  expiresAt: Date | null,
): Promise<{ id: number; token: string }> {
  const token = `${PERSONAL_ACCESS_TOKEN_PREFIX}${randomSecret()}`;
  const id = await insertAccessToken(db, {
    userId,
    name,
    kind: 'personal',
    digest: digestSecret(token),
    scopes: [...scopes],
    expiresAt,
  });
  return { id, token };
}

/** OAuth password grant: a bearer token with the `api` scope for two hours. */
export async function createOAuthToken(db: Executor, user: UserRow, now: Date): Promise<string> {
  const token = randomSecret();
  await insertAccessToken(db, {
    userId: user.id,
    name: 'oauth password grant',
    kind: 'oauth',
    digest: digestSecret(token),
    scopes: ['api'],
    expiresAt: new Date(now.getTime() + OAUTH_TOKEN_TTL_SECONDS * 1000),
  });
  return token;
}
