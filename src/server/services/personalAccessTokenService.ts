/**
 * Personal access tokens (GitLab's PersonalAccessTokens::CreateService, RevokeService and finder):
 * a user makes, lists and revokes their own; an administrator anyone's. A token's clear value is
 * answered once, at creation; only its digest is kept.
 */
import {
  isTokenScope,
  TOKEN_SCOPES,
  type TokenScope,
  tokenMaxExpiry,
} from '../../core/domain/userSettings.ts';
import { type CalendarDate, parseCalendarDate } from '../../core/time/calendarDate.ts';
import { calendarDateOf } from '../../core/time/formatting.ts';
import type { Executor } from '../db/executor.ts';
import {
  findPersonalToken,
  listPersonalTokens,
  type PersonalTokenFilter,
  revokeAccessToken,
} from '../db/repositories/accessTokenRepository.ts';
import { findUserById } from '../db/repositories/userRepository.ts';
import type { Actor } from './actor.ts';
import { issuePersonalAccessToken } from './auth/authService.ts';
import { ForbiddenError, NotFoundError, UnauthorizedError } from './errors.ts';

/** GitLab's `personal_access_tokens.name` limit. */
export const TOKEN_NAME_MAX_LENGTH = 255;

export interface TokenRequest {
  readonly name: string;
  readonly scopes: readonly string[];
  /** `YYYY-MM-DD`, or '' when none was given. */
  readonly expiresAt: string;
}

export type TokenRow = NonNullable<Awaited<ReturnType<typeof findPersonalToken>>>;

/** A token expires at the start (UTC) of its expiry day, as GitLab's date column does. */
export const expiryInstant = (day: CalendarDate): Date => new Date(`${day}T00:00:00.000Z`);
/** The expiry day of a stored token. */
export const expiryDay = (expiresAt: Date | null): string | null =>
  expiresAt?.toISOString().slice(0, 10) ?? null;

/**
 * GitLab's model validations, as its full messages: name and scopes present, scopes known, an
 * expiry date given, after today and at most 365 days ahead. Empty when the request is good.
 */
export function tokenRequestErrors(request: TokenRequest, today: CalendarDate): string[] {
  const errors: string[] = [];
  const name = request.name.trim();
  if (name === '') errors.push("Name can't be blank");
  if (name.length > TOKEN_NAME_MAX_LENGTH) {
    errors.push(`Name is too long (maximum is ${TOKEN_NAME_MAX_LENGTH} characters)`);
  }
  if (request.scopes.length === 0) errors.push("Scopes can't be blank");
  else if (!request.scopes.every(isTokenScope)) errors.push('Scopes can only contain available scopes');
  const day = request.expiresAt === '' ? undefined : parseCalendarDate(request.expiresAt);
  if (request.expiresAt === '') errors.push("Expires at can't be blank");
  else if (day === undefined) errors.push('Expires at is invalid');
  else if (day <= today) errors.push(`Expires at must be after ${today}`);
  else if (day > tokenMaxExpiry(today)) errors.push(`Expires at must be before ${tokenMaxExpiry(today)}`);
  return errors;
}

export type CreateTokenResult =
  | { readonly ok: true; readonly token: string; readonly row: TokenRow }
  | { readonly ok: false; readonly errors: string[] };

/** Makes a personal access token for `ownerId`; the actor must be that user or an administrator. */
export async function createPersonalToken(
  db: Executor,
  actor: Actor,
  ownerId: number,
  request: TokenRequest,
  now: Date,
): Promise<CreateTokenResult> {
  const user = actor.user;
  if (!user) throw new UnauthorizedError();
  if (user.id !== ownerId && !user.is_admin) throw new ForbiddenError();
  const errors = tokenRequestErrors(request, calendarDateOf(now));
  if (errors.length > 0) return { ok: false, errors };
  const scopes = orderedScopes(request.scopes.filter(isTokenScope));
  const expiresAt = expiryInstant(request.expiresAt as CalendarDate);
  const issued = await issuePersonalAccessToken(db, ownerId, request.name.trim(), scopes, expiresAt);
  const row = await findPersonalToken(db, issued.id);
  if (!row) throw new Error(`The token ${issued.id} just made is missing`);
  return { ok: true, token: issued.token, row };
}

/** Scopes in GitLab's order, each once. */
const orderedScopes = (scopes: readonly TokenScope[]): TokenScope[] =>
  (Object.keys(TOKEN_SCOPES) as TokenScope[]).filter((scope) => scopes.includes(scope));

/**
 * The tokens a caller may list: their own; an administrator's own, or with `userId` any user's
 * (GitLab's finder). A non-administrator asking for another user's is refused (401, as GitLab).
 */
export async function listTokensFor(
  db: Executor,
  actor: Actor,
  filter: Omit<PersonalTokenFilter, 'userId'> & { readonly userId?: number | undefined },
  now: Date,
  page: { offset: number; limit: number },
) {
  const user = actor.user;
  if (!user) throw new UnauthorizedError();
  if (filter.userId !== undefined && filter.userId !== user.id && !user.is_admin)
    throw new UnauthorizedError();
  return listPersonalTokens(db, { ...filter, userId: filter.userId ?? user.id }, now, page);
}

export type RevokeResult = 'revoked' | 'not_permitted';

/** Revokes a token: its owner or an administrator may (GitLab's RevokeService). */
export async function revokePersonalToken(db: Executor, actor: Actor, id: number): Promise<RevokeResult> {
  const user = actor.user;
  if (!user) throw new UnauthorizedError();
  const token = await findPersonalToken(db, id);
  if (!token) throw new NotFoundError('PersonalAccessToken');
  if (token.user_id !== user.id && !user.is_admin) return 'not_permitted';
  await revokeAccessToken(db, id);
  return 'revoked';
}

/** A token is active while neither revoked nor expired. */
export const isTokenActive = (row: TokenRow, now: Date): boolean =>
  !row.revoked && (row.expires_at === null || row.expires_at > now);

/** A personal access token by id, unchecked: the caller decides who may see it. */
export const readPersonalToken = (db: Executor, id: number): Promise<TokenRow | undefined> =>
  findPersonalToken(db, id);

/** An administrator makes a token for any user (`POST /users/:id/personal_access_tokens`). */
export async function createTokenForUser(
  db: Executor,
  actor: Actor,
  userId: number,
  request: TokenRequest,
  now: Date,
): Promise<CreateTokenResult> {
  if (!actor.user) throw new UnauthorizedError();
  if (!actor.user.is_admin) throw new ForbiddenError();
  const owner = await findUserById(db, userId);
  if (!owner) throw new NotFoundError('User');
  return createPersonalToken(db, actor, owner.id, request, now);
}

/**
 * GitLab's self-service token (`POST /user/personal_access_tokens`): the k8s_proxy scope only, so a
 * token cannot mint a stronger one; it lasts until `expiresAt`.
 */
export async function issueK8sProxyToken(
  db: Executor,
  userId: number,
  name: string,
  expiresAt: Date,
): Promise<{ token: string; row: TokenRow }> {
  const issued = await issuePersonalAccessToken(db, userId, name, ['k8s_proxy'], expiresAt);
  const row = await findPersonalToken(db, issued.id);
  if (!row) throw new Error(`The token ${issued.id} just made is missing`);
  return { token: issued.token, row };
}
