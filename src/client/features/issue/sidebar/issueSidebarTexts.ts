/** The issue sidebar's own texts (GitLab's issue sidebar widgets' wording). */
export const ISSUE_SIDEBAR_TEXT = {
  sidebar: 'Issue sidebar',
  weight: 'Weight',
  weightLabel: 'Enter a number',
  weightInvalid: 'Enter a whole number of 0 or more.',
  weightError: 'Something went wrong while setting issue weight.',
  removeWeight: 'remove weight',
  dueDate: 'Due date',
  dueDateLabel: 'Choose the due date',
  dueDateInvalid: 'Enter a complete date.',
  dueDateError: 'Something went wrong while setting issue due date.',
  removeDueDate: 'remove due date',
  healthStatus: 'Health status',
  healthStatusLabel: 'Choose the health status',
  noStatus: 'No status',
  healthStatusError: 'Something went wrong while setting issue health status.',
} as const;
