/** GitLab's milestone form wording (milestones/_form). */
export const MILESTONE_FORM_TEXTS = {
  newTitle: 'New milestone',
  editTitle: 'Edit milestone',
  title: 'Title',
  startDate: 'Start date',
  dueDate: 'Due date',
  description: 'Description',
  create: 'Create milestone',
  save: 'Save changes',
  cancel: 'Cancel',
} as const;
