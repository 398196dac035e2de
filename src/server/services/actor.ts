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
