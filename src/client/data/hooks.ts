/**
 * The data hooks features use: each runs one typed GraphQL document, maps the result into view
 * models and reports the page's idle signal. Apollo stays behind this module.
 */
import { useQuery } from '@apollo/client/react';
import {
  EpicDetailDocument,
  type EpicSort,
  type EpicState,
  GroupEpicsListDocument,
  GroupOverviewDocument,
  HomeGroupsDocument,
  type IssuableState,
  IssueDetailDocument,
  type IssueSort,
  ProjectIssuesListDocument,
  ProjectOverviewDocument,
} from './generated/graphql.ts';
import { usePageSettled } from './idle.ts';
import {
  toEpicDetail,
  toEpicListItem,
  toGroupOverview,
  toGroupSummary,
  toIssueDetail,
  toIssueListItem,
  toPage,
  toProjectOverview,
} from './mappers.ts';
import { type PageCursor, pageVariables } from './paging.ts';
import type {
  EpicDetail,
  EpicListItem,
  GroupOverview,
  GroupSummary,
  IssueDetail,
  IssueListItem,
  ListResult,
  Page,
  ProjectOverview,
  StateCounts,
} from './types.ts';

export type { EpicSort, EpicState, IssuableState, IssueSort };

/** `data` is undefined until the first answer, null when the server says the item does not exist. */
export interface QueryState<T> {
  readonly data: T | undefined;
  readonly loading: boolean;
  readonly error: Error | undefined;
}

/** Page size of the epics and issues lists, as GitLab's. */
export const LIST_PAGE_SIZE = 20;

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

export interface ListFilters<TState, TSort> {
  readonly fullPath: string;
  readonly state: TState;
  readonly sort: TSort;
  readonly search: string;
  readonly labelNames: readonly string[];
  readonly cursor: PageCursor;
}

function filterVariables<TState, TSort>(filters: ListFilters<TState, TSort>) {
  return {
    fullPath: filters.fullPath,
    state: filters.state,
    sort: filters.sort,
    search: filters.search || null,
    labelName: filters.labelNames.length > 0 ? [...filters.labelNames] : null,
    ...pageVariables(filters.cursor, LIST_PAGE_SIZE),
  };
}

const counts = (
  opened: { count: number } | null,
  closed: { count: number } | null,
  all: { count: number } | null,
): StateCounts => ({ opened: opened?.count ?? null, closed: closed?.count ?? null, all: all?.count ?? null });

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
    counts: counts(group.openedEpics, group.closedEpics, group.allEpics),
    page: toPage(group.epics, toEpicListItem),
  };
  return { data: data || previousData ? result : undefined, loading, error };
}

export function useProjectIssuesList(
  filters: ListFilters<IssuableState, IssueSort>,
): QueryState<ListResult<IssueListItem> | null> {
  const { data, previousData, loading, error } = useQuery(ProjectIssuesListDocument, {
    variables: filterVariables(filters),
  });
  usePageSettled(!loading);
  const project = (data ?? previousData)?.project;
  const result = project && {
    ownerFullName: project.nameWithNamespace,
    counts: counts(project.openedIssues, project.closedIssues, project.allIssues),
    page: toPage(project.issues, toIssueListItem),
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

export function useProjectOverview(fullPath: string): QueryState<ProjectOverview | null> {
  const { data, loading, error } = useQuery(ProjectOverviewDocument, { variables: { fullPath } });
  usePageSettled(!loading);
  return { data: data ? data.project && toProjectOverview(data.project) : undefined, loading, error };
}

export function useIssueDetail(fullPath: string, iid: string): QueryState<IssueDetail | null> {
  const { data, loading, error } = useQuery(IssueDetailDocument, { variables: { fullPath, iid } });
  usePageSettled(!loading);
  const project = data?.project;
  const issue = project?.issue;
  return {
    data: data ? issue && toIssueDetail(issue, project.nameWithNamespace) : undefined,
    loading,
    error,
  };
}
