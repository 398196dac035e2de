/** The issue page's own texts (GitLab's wording). */
export const ISSUE_TEXT = {
  closeIssue: 'Close issue',
  reopenIssue: 'Reopen issue',
  newIssue: 'New issue',
  unableToUpdateIssue: 'Unable to update this issue at this time.',
  fetchFailed: 'Something went wrong while fetching the issue',
} as const;
