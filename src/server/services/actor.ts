import type { Executor } from '../db/executor.ts';
import { readDataVersion } from '../db/repositories/dataVersionRepository.ts';
import type { MembershipRow } from '../db/repositories/memberRepository.ts';
import type { UserRow } from '../db/schema.ts';

/** What the authenticating statement read along with the user, from the same snapshot. */
export interface ViewerSnapshot {
  readonly dataVersion: string;
  readonly memberships: MembershipRow[];
  /** A signed-in browser's own status in force (its pages show it in the top bar); none for tokens. */
  readonly status?: { readonly emoji: string; readonly message: string; readonly busy: boolean } | null;
}

/** Who is asking, and how they proved it. */
export interface Actor {
  readonly user: UserRow | null;
  readonly via: 'anonymous' | 'session' | 'token';
  /** Token scopes (`api`, `read_api`, …); a session has every scope. */
  readonly scopes: readonly string[];
  /** The token it came with (API clients): `/personal_access_tokens/self` answers about it. */
  readonly token?: { readonly id: number; readonly kind: 'personal' | 'oauth' } | undefined;
  /** Present when the actor was authenticated by a statement that also read it. */
  readonly snapshot?: ViewerSnapshot | undefined;
}

/**
 * The data version the actor's answers are computed at: the one read with the user and their
 * memberships (one snapshot, so no extra statement), else the current one.
 */
export async function dataVersionFor(db: Executor, actor: Actor): Promise<string> {
  return actor.snapshot?.dataVersion ?? (await readDataVersion(db));
}

export const ANONYMOUS: Actor = { user: null, via: 'anonymous', scopes: [] };

export function sessionActor(user: UserRow, snapshot?: ViewerSnapshot): Actor {
  return { user, via: 'session', scopes: ['api'], snapshot };
}

/**
 * Whether the actor may change anything: a `read_api` token may read through REST and GraphQL but
 * every write (REST method or GraphQL mutation) needs `api`, as on GitLab.
 */
export function mayWrite(actor: Actor): boolean {
  return actor.scopes.includes('api');
}

/**
 * Whether a token may read through the API. As on GitLab, API reads (REST and GraphQL) need
 * `read_api` or `api`; a token with only `read_user`, or with no scope, reads nothing but the user
 * endpoints. Sessions carry every scope.
 */
export function mayReadApi(actor: Actor): boolean {
  return actor.scopes.includes('api') || actor.scopes.includes('read_api');
}

/** Whether a token may read the user endpoints (`GET /api/v4/user`): `read_user` is enough there. */
export function mayReadUser(actor: Actor): boolean {
  return mayReadApi(actor) || actor.scopes.includes('read_user');
}
