import { useApolloClient, useQuery } from '@apollo/client/react';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { ROADMAP_PAGE_SIZE } from '../../../core/layout/roadmapQueries.ts';
import {
  EpicChildEpicsDocument,
  type EpicChildEpicsQueryVariables,
  type RoadmapEpicFieldsFragment,
  RoadmapEpicsDocument,
  type RoadmapEpicsQuery,
  type RoadmapEpicsQueryVariables,
  RoadmapMilestonesDocument,
  type RoadmapMilestonesQuery,
  type RoadmapMilestonesQueryVariables,
} from '../generated/graphql.ts';
import { compact } from '../mappers.ts';
import { takePreloadedAnswer } from '../preloadedQueries.ts';
import type { RoadmapEpicView, RoadmapMilestoneView } from '../types.ts';
import { toRoadmapEpicView, toRoadmapMilestoneView } from './roadmapMappers.ts';

export type { RoadmapEpicsQueryVariables, RoadmapMilestonesQueryVariables };
/** The `epicChildEpics` variables (GitLab's child epics query): an epic's child epics, by its group path and iid. */
export type RoadmapChildEpicsQueryVariables = EpicChildEpicsQueryVariables;

/** "Load all" asks for the largest page the server gives (GitLab's historic roadmap limit). */
export const ROADMAP_BULK_PAGE_SIZE = 1000;

export interface RoadmapEpicPages {
  /** Every epic loaded so far, in server order; undefined before the first answer or after an error. */
  readonly epics: readonly RoadmapEpicView[] | undefined;
  /** How many epics match in all (the connection's count), null before the first answer. */
  readonly total: number | null;
  readonly hasNextPage: boolean;
  /** The first page is on its way. */
  readonly loading: boolean;
  /** A next page (or "load all") is on its way. */
  readonly loadingMore: boolean;
  readonly error: Error | undefined;
  /** The next page of 50 (infinite scroll); ignored while one is loading. */
  readonly loadMore: () => void;
  /** Every remaining page, 1,000 at a time, up to the roadmap's limit. */
  readonly loadAll: () => void;
  /** Loading stopped at the instance's `roadmap_epics_limit` while more epics match. */
  readonly limitReached: boolean;
}

/** Maps each server node once (children queries may return a node already mapped). */
const viewOfNode = new WeakMap<RoadmapEpicFieldsFragment, RoadmapEpicView>();

function epicViews(
  nodes: readonly (RoadmapEpicFieldsFragment | null)[] | null | undefined,
): RoadmapEpicView[] {
  return compact(nodes).map((node) => {
    let view = viewOfNode.get(node);
    if (!view) {
      view = toRoadmapEpicView(node);
      viewOfNode.set(node, view);
    }
    return view;
  });
}

interface EpicPages {
  readonly key: string;
  readonly epics: readonly RoadmapEpicView[] | undefined;
  readonly total: number | null;
  readonly endCursor: string | null;
  readonly hasNextPage: boolean;
  readonly loadingMore: boolean;
  readonly error: Error | undefined;
  readonly limitReached: boolean;
}

type PagesAction =
  | { readonly type: 'reset'; readonly key: string }
  | {
      readonly type: 'page';
      readonly key: string;
      readonly epics: readonly RoadmapEpicView[];
      /** Null: not asked for with this page, the first page's stands. */
      readonly total: number | null;
      readonly endCursor: string | null;
      readonly hasNextPage: boolean;
      /** The most epics the list holds: a page past it is cut there, and nothing more loads. */
      readonly limit: number;
    }
  | { readonly type: 'more'; readonly key: string; readonly loading: boolean }
  | { readonly type: 'error'; readonly key: string; readonly error: Error };

const emptyPages = (key: string): EpicPages => ({
  key,
  epics: undefined,
  total: null,
  endCursor: null,
  hasNextPage: false,
  loadingMore: false,
  error: undefined,
  limitReached: false,
});

const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

/** Pages append in order; an answer for other variables than the current ones is dropped. */
export function reducePages(state: EpicPages, action: PagesAction): EpicPages {
  if (action.type === 'reset') return emptyPages(action.key);
  if (action.key !== state.key) return state;
  switch (action.type) {
    case 'page': {
      const epics = state.epics ? [...state.epics, ...action.epics] : action.epics;
      const more = action.hasNextPage && action.endCursor !== null;
      const atLimit = epics.length >= action.limit;
      return {
        ...state,
        epics: epics.length > action.limit ? epics.slice(0, action.limit) : epics,
        total: action.total ?? state.total,
        endCursor: action.endCursor,
        hasNextPage: more && !atLimit,
        limitReached: epics.length > action.limit || (atLimit && more),
      };
    }
    case 'more':
      return { ...state, loadingMore: action.loading };
    case 'error':
      return { ...state, error: action.error, loadingMore: false };
  }
}

type PageAction = Extract<PagesAction, { type: 'page' }>;
type EpicConnection = NonNullable<NonNullable<RoadmapEpicsQuery['group']>['epics']>;

/** A fetched page as the reducer takes it: its nodes mapped to views, its count when it has one. */
function pageAction(key: string, connection: EpicConnection | null | undefined, limit: number): PageAction {
  return {
    type: 'page',
    key,
    limit,
    epics: epicViews(connection?.nodes),
    total: connection ? (connection.count ?? null) : 0,
    endCursor: connection?.pageInfo.endCursor ?? null,
    hasNextPage: Boolean(connection?.pageInfo.hasNextPage),
  };
}

/**
 * The roadmap's top-level epics for a set of variables, paged by keyset cursor: 50 first (GitLab's
 * page), then 50 more as the end scrolls into view, or everything left 1,000 at a time.
 *
 * Pages are fetched without normalising them into Apollo's store: the layout worker holds the epics
 * the roadmap draws, and a normalised copy of 10,000 epics (rewritten as each page is appended)
 * cost over 100 MB of heap and most of the load time. Each node is mapped to a view once.
 */
export function useRoadmapEpics(variables: RoadmapEpicsQueryVariables, limit: number): RoadmapEpicPages {
  const client = useApolloClient();
  const key = JSON.stringify(variables);
  const [state, dispatch] = useReducer(reducePages, key, emptyPages);
  const busy = useRef(false);
  const latest = useRef({ key, variables });
  latest.current = { key, variables };

  /** One page of the current variables; the count (a statement over every match) with the first only. */
  const fetchPage = useCallback(
    async (first: number, after: string | null): Promise<EpicConnection | null | undefined> => {
      const variables = { ...latest.current.variables, first, endCursor: after, withCount: after === null };
      // The first page may have come with the HTML (the server ran this query as it sent the page).
      const embedded = takePreloadedAnswer('RoadmapEpics', variables) as RoadmapEpicsQuery | undefined;
      const data =
        embedded ??
        (await client.query({ query: RoadmapEpicsDocument, variables, fetchPolicy: 'no-cache' })).data;
      return data?.group?.epics;
    },
    [client],
  );

  useEffect(() => {
    dispatch({ type: 'reset', key });
    busy.current = false;
    fetchPage(Math.min(ROADMAP_PAGE_SIZE, limit), null).then(
      (connection) => dispatch(pageAction(key, connection, limit)),
      (error: unknown) => dispatch({ type: 'error', key, error: asError(error) }),
    );
  }, [key, fetchPage, limit]);

  const fetchMore = useCallback(
    async (first: number, all: boolean) => {
      if (busy.current || !state.hasNextPage || state.key !== key || !state.endCursor) return;
      busy.current = true;
      dispatch({ type: 'more', key, loading: true });
      // Never more than the limit: each page asks only for what is left under it.
      let loaded = state.epics?.length ?? 0;
      try {
        let next: Promise<EpicConnection | null | undefined> | null = fetchPage(
          Math.min(first, limit - loaded),
          state.endCursor,
        );
        while (next) {
          const connection: EpicConnection | null | undefined = await next;
          // Other filters since: what is left of this list is not wanted any more.
          if (latest.current.key !== key) break;
          const endCursor: string | null = connection?.pageInfo.hasNextPage
            ? connection.pageInfo.endCursor
            : null;
          // The next page leaves before this one is mapped, appended and laid out, so the server
          // works on it meanwhile; pages still append in order, so the rows drawn never move.
          loaded += connection?.nodes?.length ?? 0;
          next =
            all && endCursor && loaded < limit ? fetchPage(Math.min(first, limit - loaded), endCursor) : null;
          dispatch(pageAction(key, connection, limit));
        }
        dispatch({ type: 'more', key, loading: false });
      } catch (error) {
        dispatch({ type: 'error', key, error: asError(error) });
      } finally {
        busy.current = false;
      }
    },
    [fetchPage, key, limit, state.hasNextPage, state.endCursor, state.key, state.epics],
  );

  return pagesView(
    state,
    key,
    () => void fetchMore(ROADMAP_PAGE_SIZE, false),
    () => void fetchMore(ROADMAP_BULK_PAGE_SIZE, true),
  );
}

/** What a roadmap reads of the pages loaded for `key` (nothing yet while another key's are held). */
function pagesView(
  state: EpicPages,
  key: string,
  loadMore: () => void,
  loadAll: () => void,
): RoadmapEpicPages {
  const current = state.key === key ? state : emptyPages(key);
  return {
    epics: current.error ? undefined : current.epics,
    total: current.total,
    hasNextPage: current.hasNextPage,
    loading: current.epics === undefined && !current.error,
    loadingMore: current.loadingMore,
    error: current.error,
    loadMore,
    loadAll,
    limitReached: current.limitReached,
  };
}

const nothingMore = () => undefined;

/**
 * The epic-scoped roadmap's top rows (GitLab's child epics query): the epic's child epics from `epicChildEpics`, whose
 * `children` connection is not paged, so they arrive as one last page (no next page, nothing more to
 * load). Same shape as the group roadmap's pages, so RoadmapView draws either.
 */
export function useEpicRoadmapEpics(variables: RoadmapChildEpicsQueryVariables): RoadmapEpicPages {
  const fetchChildren = useRoadmapChildEpicsFetcher();
  const key = JSON.stringify(variables);
  const [state, dispatch] = useReducer(reducePages, key, emptyPages);
  const latest = useRef(variables);
  latest.current = variables;

  useEffect(() => {
    // The answer of an abandoned request (unmounted, or re-run by StrictMode) must not append a copy.
    let wanted = true;
    dispatch({ type: 'reset', key });
    fetchChildren(latest.current).then(
      (epics) => {
        if (wanted)
          dispatch({
            type: 'page',
            key,
            epics,
            total: epics.length,
            endCursor: null,
            hasNextPage: false,
            limit: Number.POSITIVE_INFINITY,
          });
      },
      (error: unknown) => {
        if (wanted) dispatch({ type: 'error', key, error: asError(error) });
      },
    );
    return () => {
      wanted = false;
    };
  }, [key, fetchChildren]);

  return pagesView(state, key, nothingMore, nothingMore);
}

/** Fetches an epic's child epics (expanding a row); the roadmap's filters are reused. */
export function useRoadmapChildEpicsFetcher(): (
  variables: RoadmapChildEpicsQueryVariables,
) => Promise<RoadmapEpicView[]> {
  const client = useApolloClient();
  return useCallback(
    async (variables) => {
      const result = await client.query({ query: EpicChildEpicsDocument, variables });
      return epicViews(result.data?.group?.epic?.children?.nodes);
    },
    [client],
  );
}

export interface RoadmapMilestonesState {
  readonly milestones: readonly RoadmapMilestoneView[] | undefined;
  readonly loading: boolean;
  readonly error: Error | undefined;
}

export function useRoadmapMilestones(
  variables: RoadmapMilestonesQueryVariables,
  skip: boolean,
): RoadmapMilestonesState {
  const client = useApolloClient();
  // An answer that came with the HTML goes into the cache before the query first reads it.
  useState(() => {
    const embedded = skip ? undefined : takePreloadedAnswer('RoadmapMilestones', variables);
    if (embedded)
      client.writeQuery({
        query: RoadmapMilestonesDocument,
        variables,
        data: embedded as RoadmapMilestonesQuery,
      });
  });
  const { data, loading, error } = useQuery(RoadmapMilestonesDocument, { variables, skip });
  const nodes = data?.group?.milestones?.nodes;
  const milestones = useMemo(() => (nodes ? compact(nodes).map(toRoadmapMilestoneView) : undefined), [nodes]);
  return { milestones: error ? undefined : milestones, loading, error };
}
