import { hash, verify } from '@node-rs/argon2';
import type { Executor } from '../../db/executor.ts';
import { findLiveAccessToken, insertAccessToken } from '../../db/repositories/accessTokenRepository.ts';
import {
  deleteExpiredSessions,
  deleteSession,
  findLiveSession,
  insertSession,
} from '../../db/repositories/sessionRepository.ts';
import { findUserByLogin } from '../../db/repositories/userRepository.ts';
import type { UserRow } from '../../db/schema.ts';
import type { Actor, ViewerSnapshot } from '../actor.ts';
import { digestSecret, randomSecret } from './secrets.ts';

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
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

/** Starts a session, and sweeps a batch of expired ones: nothing else ever deletes them. */
export async function startSession(db: Executor, user: UserRow, now: Date): Promise<NewSession> {
  await deleteExpiredSessions(db, now, EXPIRED_SESSIONS_PER_SIGN_IN);
  const sessionId = randomSecret();
  const csrfToken = randomSecret();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await insertSession(db, { idHash: digestSecret(sessionId), userId: user.id, csrfToken, expiresAt });
  return { sessionId, csrfToken, expiresAt };
}

export async function resumeSession(
  db: Executor,
  sessionId: string,
  now: Date,
): Promise<{ user: UserRow; csrfToken: string; snapshot: ViewerSnapshot } | undefined> {
  const row = await findLiveSession(db, digestSecret(sessionId), now);
  if (!row) return undefined;
  const { csrf_token, expires_at: _expires, data_version, memberships, ...user } = row;
  return { user, csrfToken: csrf_token, snapshot: { dataVersion: String(data_version), memberships } };
}

export function endSession(db: Executor, sessionId: string): Promise<void> {
  return deleteSession(db, digestSecret(sessionId));
}

/** Resolves a personal access token or OAuth bearer token to its actor. */
export async function actorFromToken(db: Executor, token: string, now: Date): Promise<Actor | undefined> {
  const row = await findLiveAccessToken(db, digestSecret(token), now);
  if (!row) return undefined;
  const { token_id: _id, scopes, kind: _kind, data_version, memberships, ...user } = row;
  return { user, via: 'token', scopes, snapshot: { dataVersion: String(data_version), memberships } };
}

/** A personal access token (GitLab's `glpat-` prefix), returned once in clear. */
export async function createPersonalAccessToken(
  db: Executor,
  user: UserRow,
  name: string,
  scopes: string[],
  expiresAt: Date | null,
): Promise<string> {
  const token = `glpat-${randomSecret()}`;
  await insertAccessToken(db, {
    userId: user.id,
    name,
    kind: 'personal',
    digest: digestSecret(token),
    scopes,
    expiresAt,
  });
  return token;
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
