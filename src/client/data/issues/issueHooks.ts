/** A project's issues list and an issue's page: one typed GraphQL document each. */
import { useQuery } from '@apollo/client/react';
import {
  type IssuableState,
  IssueDetailDocument,
  type IssueSort,
  ProjectIssuesListDocument,
} from '../generated/graphql.ts';
import { usePageSettled } from '../idle.ts';
import { filterVariables, type ListFilters, stateCounts } from '../lists.ts';
import { toPage } from '../mappers.ts';
import type { IssueDetail, IssueListItem, ListResult, QueryState } from '../types.ts';
import { toIssueDetail, toIssueListItem } from './issueMappers.ts';

export type { IssuableState, IssueSort };

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
    counts: stateCounts(project.openedIssues, project.closedIssues, project.allIssues),
    page: toPage(project.issues, toIssueListItem),
  };
  return { data: data || previousData ? result : undefined, loading, error };
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
