import type { UserRow } from '../db/schema.ts';

/** Who is asking, and how they proved it. */
export interface Actor {
  readonly user: UserRow | null;
  readonly via: 'anonymous' | 'session' | 'token';
  /** Token scopes (`api`, `read_api`, …); a session has every scope. */
  readonly scopes: readonly string[];
}

export const ANONYMOUS: Actor = { user: null, via: 'anonymous', scopes: [] };

export function sessionActor(user: UserRow): Actor {
  return { user, via: 'session', scopes: ['api'] };
}

/**
 * Whether the actor may change anything: a `read_api` token may read through REST and GraphQL but
 * every write (REST method or GraphQL mutation) needs `api`, as on GitLab.
 */
export function mayWrite(actor: Actor): boolean {
  return actor.scopes.includes('api');
}
