/** The issue page's own texts (GitLab's wording). */
export const ISSUE_TEXT = {
  closeIssue: 'Close issue',
  reopenIssue: 'Reopen issue',
  deleteIssue: 'Delete issue',
  type: 'Type',
  typeIssue: 'Issue',
  typeIncident: 'Incident',
  newIssue: 'New issue',
  unableToUpdateIssue: 'Unable to update this issue at this time.',
  fetchFailed: 'Something went wrong while fetching the issue',
  joinZoomMeeting: 'Join Zoom meeting',
} as const;

/** GitLab's delete modal for an issue. */
export const ISSUE_DELETE_TEXTS = {
  title: 'Delete issue?',
  body: 'Issue will be removed! Are you sure?',
  confirm: ISSUE_TEXT.deleteIssue,
} as const;
