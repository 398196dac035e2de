/**
 * The merge requests lists: a project's, a group's (with its subgroups'), and the signed-in user's
 * dashboard (assigned to them, or asking for their review). One typed GraphQL document each; the
 * documents a page does not show are skipped.
 */
import { useQuery } from '@apollo/client/react';
import {
  DashboardAssignedMergeRequestsDocument,
  DashboardReviewRequestedMergeRequestsDocument,
  GroupMergeRequestsListDocument,
  type MergeRequestSort,
  type MergeRequestState,
  ProjectMergeRequestsListDocument,
} from '../generated/graphql.ts';
import { usePageSettled } from '../idle.ts';
import { filterVariables, type ListFilters } from '../lists.ts';
import { toPage } from '../mappers.ts';
import type { ListResult, QueryState } from '../types.ts';
import { mergeRequestStateCounts, toMergeRequestListItem } from './mergeRequestListMappers.ts';
import type { DashboardMergeRequests, MergeRequestListItem } from './mergeRequestListTypes.ts';

export type { MergeRequestSort, MergeRequestState };

/** Whose merge requests a list shows: a project's, or those of a group's projects and its subgroups'. */
export type MergeRequestsListKind = 'project' | 'group';

/** The dashboard's scopes: GitLab's Assigned and Review requests. */
export type DashboardMergeRequestScope = 'assigned' | 'review_requested';

export type MergeRequestListFilters = ListFilters<MergeRequestState, MergeRequestSort>;

/** A project's or a group's merge requests list; the other kind's query is skipped. */
export function useMergeRequestsList(
  kind: MergeRequestsListKind,
  filters: MergeRequestListFilters,
): QueryState<ListResult<MergeRequestListItem> | null> {
  const variables = filterVariables(filters);
  const project = useQuery(ProjectMergeRequestsListDocument, { variables, skip: kind !== 'project' });
  const group = useQuery(GroupMergeRequestsListDocument, { variables, skip: kind !== 'group' });
  const { loading, error } = kind === 'project' ? project : group;
  usePageSettled(!loading);
  const owner =
    kind === 'project' ? (project.data ?? project.previousData) : (group.data ?? group.previousData);
  const found = owner && ('project' in owner ? owner.project : owner.group);
  const result = found && {
    ownerFullName: 'nameWithNamespace' in found ? found.nameWithNamespace : found.fullName,
    counts: mergeRequestStateCounts(found),
    page: toPage(found.mergeRequests, toMergeRequestListItem),
  };
  return { data: owner ? result : undefined, loading, error };
}

/** The signed-in user's merge requests of one scope; null for a visitor (no current user). */
export function useDashboardMergeRequests(
  scope: DashboardMergeRequestScope,
  filters: Omit<MergeRequestListFilters, 'fullPath'>,
): QueryState<DashboardMergeRequests | null> {
  const { fullPath: _none, ...variables } = filterVariables({ ...filters, fullPath: '' });
  const assigned = useQuery(DashboardAssignedMergeRequestsDocument, {
    variables,
    skip: scope !== 'assigned',
  });
  const reviews = useQuery(DashboardReviewRequestedMergeRequestsDocument, {
    variables,
    skip: scope !== 'review_requested',
  });
  const { loading, error } = scope === 'assigned' ? assigned : reviews;
  usePageSettled(!loading);
  const answer =
    scope === 'assigned' ? (assigned.data ?? assigned.previousData) : (reviews.data ?? reviews.previousData);
  const user = answer?.currentUser;
  const result = user && {
    ownerFullName: '',
    counts: mergeRequestStateCounts(user),
    page: toPage(user.mergeRequests, toMergeRequestListItem),
    openCounts: {
      assigned: user.assignedOpen?.count ?? null,
      reviewRequested: user.reviewRequestedOpen?.count ?? null,
    },
  };
  return { data: answer ? (result ?? null) : undefined, loading, error };
}
