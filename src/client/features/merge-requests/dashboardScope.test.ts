import { describe, expect, it } from 'vitest';
import { parseDashboardScope, scopedSearch } from './dashboardScope.ts';

describe('the merge requests dashboard’s scope', () => {
  it('shows those assigned to the user unless the URL names a reviewer, as GitLab’s links do', () => {
    expect(parseDashboardScope('')).toBe('assigned');
    expect(parseDashboardScope('?assignee_username=developer&state=merged')).toBe('assigned');
    expect(parseDashboardScope('?reviewer_username=developer')).toBe('review_requested');
  });

  it('puts the scope first and keeps the list’s own filters, replacing the other scope', () => {
    expect(scopedSearch('', 'assigned', 'developer')).toBe('assignee_username=developer');
    expect(scopedSearch('state=merged&search=cache', 'review_requested', 'developer')).toBe(
      'reviewer_username=developer&state=merged&search=cache',
    );
    expect(scopedSearch('assignee_username=developer&state=all', 'review_requested', 'dev.one')).toBe(
      'reviewer_username=dev.one&state=all',
    );
  });
});
