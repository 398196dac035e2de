/** The project and group issues lists and an issue's page: one typed GraphQL document each. */
import { useQuery } from '@apollo/client/react';
import {
  GroupIssuesListDocument,
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

/** Whose issues a list shows: a project's, or those of a group's projects and its subgroups'. */
export type IssuesListKind = 'project' | 'group';

/** The GraphQL operations of the issues lists: refetched after a bulk edit. */
export const ISSUES_LIST_QUERIES = ['ProjectIssuesList', 'GroupIssuesList'] as const;

/** A project's or a group's issues list; the other kind's query is skipped. */
export function useIssuesList(
  kind: IssuesListKind,
  filters: ListFilters<IssuableState, IssueSort>,
): QueryState<ListResult<IssueListItem> | null> {
  const variables = filterVariables(filters);
  const project = useQuery(ProjectIssuesListDocument, { variables, skip: kind !== 'project' });
  const group = useQuery(GroupIssuesListDocument, { variables, skip: kind !== 'group' });
  const { loading, error } = kind === 'project' ? project : group;
  usePageSettled(!loading);
  const owner =
    kind === 'project' ? (project.data ?? project.previousData) : (group.data ?? group.previousData);
  const found = owner && ('project' in owner ? owner.project : owner.group);
  const result = found && {
    ownerFullName: 'nameWithNamespace' in found ? found.nameWithNamespace : found.fullName,
    counts: stateCounts(found.openedIssues, found.closedIssues, found.allIssues),
    page: toPage(found.issues, toIssueListItem),
  };
  return { data: owner ? result : undefined, loading, error };
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
