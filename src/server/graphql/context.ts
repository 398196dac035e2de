import type { Kysely } from 'kysely';
import type { ServerConfig } from '../config.ts';
import type { StatsVisibility } from '../db/repositories/epicRepository.ts';
import type { Database } from '../db/schema.ts';
import type { AccessContext } from '../services/access.ts';
import type { Actor } from '../services/actor.ts';
import { viewerScopeOfRoot } from '../services/viewerScope.ts';
import { createLoaders, type Loaders } from './loaders.ts';

/** Per-request GraphQL context: who asks, the database, and memoised per-request lookups. */
export interface GraphQLContext {
  readonly db: Kysely<Database>;
  readonly config: ServerConfig;
  readonly now: () => Date;
  readonly actor: Actor;
  readonly access: AccessContext;
  /** What the viewer may see inside a root namespace, computed once per request. */
  viewerScope(rootId: number): Promise<StatsVisibility>;
  readonly loaders: Loaders;
  /** Set by the limits check before execution (GitLab's `queryComplexity` field). */
  complexity: { score: number; limit: number } | null;
}

export function createGraphQLContext(
  base: Omit<GraphQLContext, 'viewerScope' | 'loaders' | 'complexity'>,
): GraphQLContext {
  const scopes = new Map<number, Promise<StatsVisibility>>();
  const viewerScope = (rootId: number) => {
    let scope = scopes.get(rootId);
    if (!scope) {
      scope = viewerScopeOfRoot(base.db, base.access, rootId);
      scopes.set(rootId, scope);
    }
    return scope;
  };
  return { ...base, viewerScope, loaders: createLoaders(base.db, viewerScope), complexity: null };
}
