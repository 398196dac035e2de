/**
 * What GitLab's merge requests lists share: their URL (state tabs Open, Merged, Closed and All, and
 * the sorts), their texts, and the empty state each tab shows.
 */
import { hasFilters, type ListQuery, type ListQuerySpec } from '../../components/filters/index.ts';
import type { MergeRequestSort, StateCounts } from '../../data/index.ts';

/** The state tabs of a merge requests list, in GitLab's order. */
export type MergeRequestListState = 'opened' | 'merged' | 'closed' | 'all';

export type MergeRequestListQuery = ListQuery<MergeRequestSort, MergeRequestListState>;

/** GitLab's sort options and their URL values (`sort=merged_at_desc`); the first is the default. */
export const MERGE_REQUEST_LIST_SPEC: ListQuerySpec<MergeRequestSort, MergeRequestListState> = {
  states: ['opened', 'merged', 'closed', 'all'],
  sorts: [
    { param: 'created_date', value: 'CREATED_DESC', label: 'Created date' },
    { param: 'updated_desc', value: 'UPDATED_DESC', label: 'Updated date' },
    { param: 'merged_at_desc', value: 'MERGED_AT_DESC', label: 'Merged date' },
    { param: 'title_asc', value: 'TITLE_ASC', label: 'Title' },
  ],
};

export const MERGE_REQUEST_LIST_TEXT = {
  title: 'Merge requests',
  noun: 'merge requests',
  listError: 'Something went wrong while fetching merge requests',
  comments: 'Comments',
  approved: 'Approved',
  merged: 'Merged',
  closed: 'Closed',
  draft: 'Draft',
  milestone: 'Milestone',
  sourceBranch: 'Source branch',
  targetBranch: 'into target branch',
  dashboardScopes: 'Merge requests for you',
  assigned: 'Assigned',
  reviewRequested: 'Review requests',
} as const;

export interface EmptyText {
  readonly title: string;
  readonly description?: string;
}

/**
 * GitLab's empty state of a merge requests list (merge_requests/list/components/empty_state.vue):
 * filters that match nothing; no merge request at all; else the Open tab says none is open, and any
 * other tab (Merged, Closed) that none is closed, as GitLab words it. The dashboard, where no merge
 * request can be made, says what merge requests are for instead (shared/empty_states/_merge_requests).
 */
export function mergeRequestsEmptyText(
  query: MergeRequestListQuery,
  counts: StateCounts | undefined,
  place: 'list' | 'dashboard',
): EmptyText {
  if (hasFilters(query)) {
    return {
      title: 'No results found',
      description: 'To widen your search, change or remove filters above.',
    };
  }
  if (counts?.all === 0) {
    return place === 'dashboard'
      ? {
          title:
            "Merge requests are a place to propose changes you've made to a project and discuss those changes with others",
          description: 'Interested parties can even contribute by pushing commits if they want to.',
        }
      : {
          title: 'Create a merge request to suggest changes to the repository.',
          description: 'Use merge requests to propose, collaborate, and review code changes with others.',
        };
  }
  const none = { opened: 'open', merged: 'merged', closed: 'closed' } as const;
  const word = query.state in none ? none[query.state as keyof typeof none] : null;
  return { title: word ? `There are no ${word} merge requests` : 'There are no merge requests' };
}
