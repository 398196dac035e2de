/** The milestone page's texts (GitLab's milestone page wording), in one place. */
export const MILESTONE_TEXTS = {
  kind: 'Milestone',
  startDate: 'Start date',
  dueDate: 'Due date',
  noStartDate: 'No start date',
  noDueDate: 'No due date',
  progress: 'Progress',
  progressLabel: 'Milestone progress',
  issues: 'Issues',
  details: 'Milestone details',
  loading: 'Loading milestone',
  fetchError: 'Something went wrong while fetching the milestone',
  noIssuesTitle: 'No issues',
  noIssuesDescription: 'Issues assigned to this milestone appear here.',
  open: 'Open',
  closed: 'Closed',
} as const;

/** 'Showing 100 of 240 issues' when the list stops short of the milestone's total. */
export function shownIssuesText(shown: number, total: number): string | null {
  return shown < total ? `Showing ${shown} of ${total} issues` : null;
}
