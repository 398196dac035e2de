import { useApolloClient, useQuery } from '@apollo/client/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  RoadmapChildEpicsDocument,
  type RoadmapChildEpicsQueryVariables,
  type RoadmapEpicFieldsFragment,
  RoadmapEpicsDocument,
  type RoadmapEpicsQuery,
  type RoadmapEpicsQueryVariables,
  RoadmapMilestonesDocument,
  type RoadmapMilestonesQueryVariables,
} from './generated/graphql.ts';
import { compact, toRoadmapEpicView, toRoadmapMilestoneView } from './mappers.ts';
import type { RoadmapEpicView, RoadmapMilestoneView } from './types.ts';

export type { RoadmapChildEpicsQueryVariables, RoadmapEpicsQueryVariables, RoadmapMilestonesQueryVariables };

/** The roadmap asks for epics 50 at a time (GitLab's ROADMAP_PAGE_SIZE). */
export const ROADMAP_PAGE_SIZE = 50;
/** "Load all" asks for the largest page the server gives (GitLab's historic roadmap limit). */
export const ROADMAP_BULK_PAGE_SIZE = 1000;

export interface RoadmapEpicsState {
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
  /** Every remaining page, 1,000 at a time. */
  readonly loadAll: () => void;
}

/** Maps each server node once: pages are appended, so earlier nodes keep their identity. */
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

function appendPage(previous: RoadmapEpicsQuery, next: RoadmapEpicsQuery): RoadmapEpicsQuery {
  const before = previous.group?.epics;
  const after = next.group?.epics;
  if (!previous.group || !before || !after) return previous;
  return {
    ...previous,
    group: {
      ...previous.group,
      epics: { ...after, nodes: [...(before.nodes ?? []), ...(after.nodes ?? [])] },
    },
  };
}

/** The roadmap's top-level epics for a set of variables, paged by keyset cursor. */
export function useRoadmapEpics(variables: RoadmapEpicsQueryVariables): RoadmapEpicsState {
  const { data, loading, error, fetchMore } = useQuery(RoadmapEpicsDocument, {
    variables: { ...variables, first: ROADMAP_PAGE_SIZE, endCursor: null },
    notifyOnNetworkStatusChange: false,
  });
  const [loadingMore, setLoadingMore] = useState(false);
  const busy = useRef(false);
  /** Bumped when the variables change, so a running "load all" stops appending to the old list. */
  const generation = useRef(0);
  const variablesKey = JSON.stringify(variables);
  const pagesOf = useRef(variablesKey);
  useEffect(() => {
    if (pagesOf.current === variablesKey) return;
    pagesOf.current = variablesKey;
    generation.current += 1;
    busy.current = false;
    setLoadingMore(false);
  }, [variablesKey]);

  const connection = data?.group?.epics;
  const endCursor = connection?.pageInfo.endCursor ?? null;
  const hasNextPage = Boolean(connection?.pageInfo.hasNextPage && endCursor);

  const fetchPages = useCallback(
    async (first: number, all: boolean, cursor: string | null) => {
      if (busy.current || !cursor) return;
      busy.current = true;
      setLoadingMore(true);
      const mine = generation.current;
      try {
        let after: string | null = cursor;
        while (after && mine === generation.current) {
          const result: { data?: RoadmapEpicsQuery | undefined } = await fetchMore({
            variables: { first, endCursor: after },
            updateQuery: (previous, { fetchMoreResult }) => appendPage(previous, fetchMoreResult),
          });
          const page: { hasNextPage: boolean; endCursor?: string | null } | undefined =
            result.data?.group?.epics?.pageInfo;
          after = all && page?.hasNextPage ? (page.endCursor ?? null) : null;
        }
      } finally {
        if (mine === generation.current) {
          busy.current = false;
          setLoadingMore(false);
        }
      }
    },
    [fetchMore],
  );

  const epics = useMemo(() => (connection ? epicViews(connection.nodes) : undefined), [connection]);
  return {
    epics: error ? undefined : data?.group === null ? [] : epics,
    total: connection?.count ?? (data?.group === null ? 0 : null),
    hasNextPage,
    loading: loading && !data,
    loadingMore,
    error,
    loadMore: () => void fetchPages(ROADMAP_PAGE_SIZE, false, endCursor),
    loadAll: () => void fetchPages(ROADMAP_BULK_PAGE_SIZE, true, endCursor),
  };
}

/** Fetches an epic's child epics (expanding a row); the roadmap's filters are reused. */
export function useRoadmapChildEpicsFetcher(): (
  variables: RoadmapChildEpicsQueryVariables,
) => Promise<RoadmapEpicView[]> {
  const client = useApolloClient();
  return useCallback(
    async (variables) => {
      const result = await client.query({ query: RoadmapChildEpicsDocument, variables });
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
  const { data, loading, error } = useQuery(RoadmapMilestonesDocument, { variables, skip });
  const nodes = data?.group?.milestones?.nodes;
  const milestones = useMemo(() => (nodes ? compact(nodes).map(toRoadmapMilestoneView) : undefined), [nodes]);
  return { milestones: error ? undefined : milestones, loading, error };
}
