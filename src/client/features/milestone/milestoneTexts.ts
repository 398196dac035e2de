/** The milestone pages' texts (GitLab's milestone wording), in one place. */
export const MILESTONE_TEXTS = {
  kind: 'Milestone',
  startDate: 'Start date',
  dueDate: 'Due date',
  noStartDate: 'No start date',
  noDueDate: 'No due date',
  progress: 'Progress',
  progressLabel: 'Milestone progress',
  issues: 'Issues',
  labels: 'Labels',
  participants: 'Participants',
  details: 'Milestone details',
  loading: 'Loading milestone',
  fetchError: 'Something went wrong while fetching the milestone',
  open: 'Open',
  closed: 'Closed',
  tabsLabel: 'Milestone tabs',
  // GitLab's columns (shared/milestones/_issues_tab).
  unstarted: 'Unstarted',
  unstartedHint: '(open and unassigned)',
  ongoing: 'Ongoing',
  ongoingHint: '(open and assigned)',
  completed: 'Completed',
  completedHint: '(closed)',
  noLabelsTitle: 'No labels found',
  noLabelsDescription: 'Labels from issues in this milestone will appear here.',
  noParticipants: 'No participants yet: the authors and assignees of its issues appear here.',
  // Actions (GitLab's milestone header and list).
  newMilestone: 'New milestone',
  edit: 'Edit',
  close: 'Close milestone',
  reopen: 'Reopen milestone',
  delete: 'Delete',
  deleteConfirm: 'Delete milestone',
  cancel: 'Cancel',
  allClosed: 'All issues for this milestone are closed. You may close this milestone now.',
  actionFailed: 'Something went wrong. Try again.',
  // The burndown (ee/app/views/shared/milestones/_burndown).
  burndown: 'Burndown chart',
  burndownIssues: 'Issues',
  burndownWeight: 'Issue weight',
  burndownMetric: 'Burndown chart shows',
  burndownHint:
    "View your milestone's progress as a burndown chart. Add both a start and a due date to this milestone and the chart will appear here, always up-to-date.",
  addDates: 'Add start and due date',
  burndownNotStarted: 'The milestone has not started yet: its chart begins on its start date.',
  guideline: 'Guideline',
  date: 'Date',
  openIssues: 'Open issues',
  openWeight: 'Open issue weight',
} as const;

/** 'Showing 100 of 240 issues' when a column stops short of its total. */
export function shownIssuesText(shown: number, total: number): string | null {
  return shown < total ? `Showing ${shown} of ${total} issues` : null;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** '3 Open issues' as GitLab's labels tab counts them ('1 Open issue'). */
export const openIssuesText = (count: number): string => plural(count, 'Open issue', 'Open issues');
export const closedIssuesText = (count: number): string => plural(count, 'Closed issue', 'Closed issues');

/** GitLab's delete modal: its title and its text (delete_milestone_modal.vue). */
export function deleteMilestoneTexts(
  title: string,
  issueCount: number,
): { title: string; before: string; after: string } {
  if (issueCount === 0) {
    return {
      title: `Delete milestone ${title}?`,
      before: 'You’re about to permanently delete the milestone ',
      after: '. This milestone is not currently used in any issues or merge requests.',
    };
  }
  return {
    title: `Delete milestone ${title}?`,
    before: 'You’re about to permanently delete the milestone ',
    after: ` and remove it from ${plural(issueCount, 'issue', 'issues')} and 0 merge requests. Once deleted, it cannot be undone or recovered.`,
  };
}
