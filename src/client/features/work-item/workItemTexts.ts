/**
 * The texts that name the item's type, as GitLab words them for every type (`type` is its name,
 * e.g. 'Task'): for a task they are the spec's, 'Are you sure you want to delete the task? This action
 * cannot be reversed.', 'Task deleted' and 'Something went wrong when deleting the task. Please try again.'
 */
export function workItemTypeTexts(type: string) {
  const noun = type.toLowerCase();
  return {
    deleteConfirm: `Are you sure you want to delete the ${noun}? This action cannot be reversed.`,
    delete: `Delete ${noun}`,
    deleted: `${type} deleted`,
    deleteFailed: `Something went wrong when deleting the ${noun}. Please try again.`,
    updateFailed: `Something went wrong while updating the ${noun}. Please try again.`,
    editConflict: `Someone edited this ${noun} at the same time you did. The description has been updated and you will need to make your changes again.`,
  };
}

/** The work item view's texts: the spec's quoted ones verbatim, the rest GitLab's. */
export const WORK_ITEM_TEXT = {
  fetchFailed: 'Something went wrong when fetching the work item. Please try again.',
  bannerTitle: 'Introducing tasks',
  bannerBody: 'Use tasks to break down your work in an issue into smaller pieces.',
  dismissBanner: 'Dismiss',
  moreActions: 'More actions',
  turnOnConfidentiality: 'Turn on confidentiality',
  turnOffConfidentiality: 'Turn off confidentiality',
  copyReference: 'Copy reference',
  referenceCopied: 'Reference copied',
  copyFailed: 'Copying the reference failed.',
  close: 'Close',
  title: 'Title',
  status: 'Status',
  open: 'Open',
  closed: 'Closed',
  assignees: 'Assignees',
  searchUsers: 'Search users',
  unassigned: 'None',
  labels: 'Labels',
  weight: 'Weight',
  weightLabel: 'Enter a number',
  weightInvalid: 'Enter a whole number of 0 or more.',
  removeWeight: 'remove weight',
  description: 'Description',
  editDescription: 'Edit description',
  noDescription: 'None',
  save: 'Save',
  cancel: 'Cancel',
  confidential: 'Confidential',
  filterByLabel: (title: string) => `Issues with the label ${title}`,
  loading: 'Loading the work item',
  notFound: 'The work item is not available.',
} as const;

/** GitLab's localStorage key of the tasks banner's viewed flag. */
export const WORK_ITEM_VIEWED_STORAGE_KEY = 'gl-show-work-item-banner';
