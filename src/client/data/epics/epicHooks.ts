/** A group's epics list and an epic page's header data: one typed GraphQL document each. */
import { useQuery } from '@apollo/client/react';
import {
  EpicDetailDocument,
  type EpicSort,
  type EpicState,
  GroupEpicsListDocument,
} from '../generated/graphql.ts';
import { usePageSettled } from '../idle.ts';
import { filterVariables, type ListFilters, stateCounts } from '../lists.ts';
import { toPage } from '../mappers.ts';
import type { EpicDetail, EpicListItem, ListResult, QueryState } from '../types.ts';
import { toEpicDetail, toEpicListItem } from './epicMappers.ts';

export type { EpicSort, EpicState };

export function useGroupEpicsList(
  filters: ListFilters<EpicState, EpicSort>,
): QueryState<ListResult<EpicListItem> | null> {
  const { data, previousData, loading, error } = useQuery(GroupEpicsListDocument, {
    variables: filterVariables(filters),
  });
  usePageSettled(!loading);
  const group = (data ?? previousData)?.group;
  const result = group && {
    ownerFullName: group.fullName,
    counts: stateCounts(group.openedEpics, group.closedEpics, group.allEpics),
    page: toPage(group.epics, toEpicListItem),
  };
  return { data: data || previousData ? result : undefined, loading, error };
}

/** The epic page's header data. The page decides when it is settled: its description loads apart. */
export function useEpicDetail(fullPath: string, iid: string): QueryState<EpicDetail | null> {
  const { data, loading, error } = useQuery(EpicDetailDocument, { variables: { fullPath, iid } });
  const group = data?.group;
  const epic = group?.epic;
  return { data: data ? epic && toEpicDetail(epic, group.fullName) : undefined, loading, error };
}
