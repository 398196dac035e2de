import type { Kysely } from 'kysely';
import type { DateRange } from '../../core/time/calendarDate.ts';
import type { ServerConfig } from '../config.ts';
import type { Database, NamespaceRow } from '../db/schema.ts';
import { type AccessContext, seesHiddenIssues } from '../services/access.ts';
import type { Actor } from '../services/actor.ts';
import { MarkdownBatch } from '../services/markdown/referenceRendering.ts';
import { type StatsVisibility, sharedViewerScopeOfRoot } from '../services/viewerScope.ts';
import { createLoaders, type Loaders, perRoot } from './loaders.ts';

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
  /** Markdown rendered for this reader, the references of a level's documents resolved together. */
  readonly markdown: MarkdownBatch;
  /** The timeframe each listed epic was fetched with, null for none (for `hasChildrenWithinTimeframe`). */
  readonly epicTimeframes: WeakMap<object, DateRange | null>;
  /**
   * Each listed epic's summary once read: a roadmap page reads a dozen counting fields of each of
   * 1,000 epics, and building the loader's string key for every one of them cost more than the reads.
   */
  readonly epicSummaries: WeakMap<object, Awaited<ReturnType<Loaders['epicSummary']['load']>>>;
}

export type ContextBase = Pick<GraphQLContext, 'db' | 'config' | 'now' | 'actor' | 'access'>;

export function createGraphQLContext(base: ContextBase): GraphQLContext {
  // The loaders need the scope and the scope needs the loaders' read of the root; neither runs
  // before a resolver asks, by which time both exist.
  const viewerScope = perRoot((rootId) =>
    sharedViewerScopeOfRoot(base.access, rootId, () => loaders.rootContents(rootId)),
  );
  const loaders = createLoaders(
    base.db,
    viewerScope,
    base.actor.user?.id ?? null,
    seesHiddenIssues(base.access),
    base.now,
    () => base.access.reads,
  );
  const groupsOfRoot = async (rootId: number) => (await loaders.rootContents(rootId)).groups;
  return {
    ...base,
    loaders,
    groupsOfRoot,
    viewerScope,
    markdown: new MarkdownBatch(base.db, base.access),
    complexity: null,
    epicTimeframes: new WeakMap(),
    epicSummaries: new WeakMap(),
  };
}
