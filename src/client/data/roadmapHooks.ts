import { useQuery } from '@apollo/client/react';
import { type EpicSort, type EpicState, RoadmapEpicsTableDocument } from './generated/graphql.ts';
import { usePageSettled } from './idle.ts';
import { compact, toRoadmapEpic } from './mappers.ts';
import type { RoadmapEpic } from './types.ts';

/** The roadmap asks for epics 50 at a time (GitLab's ROADMAP_PAGE_SIZE). */
export const ROADMAP_PAGE_SIZE = 50;

export interface RoadmapEpicsState {
  /** Every epic loaded so far, in server order; undefined before the first answer, null for no group. */
  readonly epics: readonly RoadmapEpic[] | null | undefined;
  readonly hasMore: boolean;
  readonly loading: boolean;
  readonly loadingMore: boolean;
  readonly error: Error | undefined;
  readonly loadMore: () => void;
}

export function useRoadmapEpics(fullPath: string, state: EpicState, sort: EpicSort): RoadmapEpicsState {
  const { data, loading, error, fetchMore, networkStatus } = useQuery(RoadmapEpicsTableDocument, {
    variables: { fullPath, state, sort, first: ROADMAP_PAGE_SIZE, after: null },
  });
  usePageSettled(!loading);
  const connection = data?.group?.epics;
  const endCursor = connection?.pageInfo.endCursor ?? null;
  const loadMore = () => {
    if (!endCursor) return;
    void fetchMore({
      variables: { after: endCursor },
      updateQuery: (previous, { fetchMoreResult }) => {
        const before = previous.group?.epics;
        const next = fetchMoreResult.group?.epics;
        if (!previous.group || !before || !next) return previous;
        return {
          ...previous,
          group: {
            ...previous.group,
            epics: { ...next, nodes: [...(before.nodes ?? []), ...(next.nodes ?? [])] },
          },
        };
      },
    });
  };
  return {
    epics: data ? (data.group ? compact(connection?.nodes).map(toRoadmapEpic) : null) : undefined,
    hasMore: Boolean(connection?.pageInfo.hasNextPage && endCursor),
    loading: loading && !data,
    loadingMore: networkStatus === 3,
    error,
    loadMore,
  };
}
