/**
 * The merge requests dashboard's scope in its URL, as GitLab's links name it: those assigned to the
 * signed-in user (`?assignee_username=<me>`, the default) or asking for their review
 * (`?reviewer_username=<me>`). The list's own filters sit beside it.
 */
import type { DashboardMergeRequestScope } from '../../data/index.ts';

const SCOPE_PARAMS: Readonly<Record<DashboardMergeRequestScope, string>> = {
  assigned: 'assignee_username',
  review_requested: 'reviewer_username',
};

export function parseDashboardScope(search: string): DashboardMergeRequestScope {
  return new URLSearchParams(search).has(SCOPE_PARAMS.review_requested) ? 'review_requested' : 'assigned';
}

/** A list query string (`state=merged&search=…`) in a scope: the scope's parameter first. */
export function scopedSearch(
  listSearch: string,
  scope: DashboardMergeRequestScope,
  username: string,
): string {
  const params = new URLSearchParams({ [SCOPE_PARAMS[scope]]: username });
  for (const [name, value] of new URLSearchParams(listSearch)) {
    if (name !== SCOPE_PARAMS.assigned && name !== SCOPE_PARAMS.review_requested) params.append(name, value);
  }
  return params.toString();
}
