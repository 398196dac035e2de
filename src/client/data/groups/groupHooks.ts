/** The home page's groups and a group's overview: one typed GraphQL document each. */
import { useQuery } from '@apollo/client/react';
import { GroupOverviewDocument, HomeGroupsDocument } from '../generated/graphql.ts';
import { usePageSettled } from '../idle.ts';
import { LIST_PAGE_SIZE } from '../lists.ts';
import { toPage } from '../mappers.ts';
import { type PageCursor, pageVariables } from '../paging.ts';
import type { GroupOverview, GroupSummary, Page, QueryState } from '../types.ts';
import { toGroupOverview, toGroupSummary } from './groupMappers.ts';

export function useHomeGroups(cursor: PageCursor): QueryState<Page<GroupSummary>> {
  const { data, previousData, loading, error } = useQuery(HomeGroupsDocument, {
    variables: pageVariables(cursor, LIST_PAGE_SIZE),
  });
  usePageSettled(!loading);
  const shown = data ?? previousData;
  return { data: shown ? toPage(shown.groups, toGroupSummary) : undefined, loading, error };
}

export function useGroupOverview(fullPath: string): QueryState<GroupOverview | null> {
  const { data, loading, error } = useQuery(GroupOverviewDocument, { variables: { fullPath } });
  usePageSettled(!loading);
  return { data: data ? data.group && toGroupOverview(data.group) : undefined, loading, error };
}
