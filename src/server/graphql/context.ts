import type { Kysely } from 'kysely';
import type { ServerConfig } from '../config.ts';
import { findGroupsAndProjectsOfRoot } from '../db/repositories/namespaceRepository.ts';
import type { StatsVisibility } from '../db/repositories/visibility.ts';
import type { Database, NamespaceRow } from '../db/schema.ts';
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
  readonly loaders: Loaders;
  /** Every group of a root namespace, read once per request (and put in the group cache). */
  groupsOfRoot(rootId: number): Promise<NamespaceRow[]>;
  /** What the viewer may see inside a root namespace, computed once per request. */
  viewerScope(rootId: number): Promise<StatsVisibility>;
  /** Set by the limits check before execution (GitLab's `queryComplexity` field). */
  complexity: { score: number; limit: number } | null;
  /** The timeframe each listed epic was fetched with, null for none (for `hasChildrenWithinTimeframe`). */
  readonly epicTimeframes: WeakMap<object, { start: string; end: string } | null>;
}

type ContextBase = Pick<GraphQLContext, 'db' | 'config' | 'now' | 'actor' | 'access'>;

function memoise<T>(compute: (rootId: number) => Promise<T>): (rootId: number) => Promise<T> {
  const cache = new Map<number, Promise<T>>();
  return (rootId) => {
    let value = cache.get(rootId);
    if (!value) {
      value = compute(rootId);
      cache.set(rootId, value);
    }
    return value;
  };
}

export function createGraphQLContext(base: ContextBase): GraphQLContext {
  const rootContents = memoise(async (rootId) => {
    const contents = await findGroupsAndProjectsOfRoot(base.db, rootId);
    for (const group of contents.groups) loaders.namespace.prime(group.id, group);
    return contents;
  });
  const groupsOfRoot = async (rootId: number) => (await rootContents(rootId)).groups;
  const viewerScope = memoise(async (rootId) => {
    const { groups, projects } = await rootContents(rootId);
    return viewerScopeOfRoot(base.access, groups, projects);
  });
  const loaders = createLoaders(base.db, viewerScope, base.actor.user?.id ?? null);
  return { ...base, loaders, groupsOfRoot, viewerScope, complexity: null, epicTimeframes: new WeakMap() };
}
