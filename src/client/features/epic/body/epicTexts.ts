/** The epic page's own texts: state, new and delete actions (spec; GitLab's wording). */
export const EPIC_TEXT = {
  closeEpic: 'Close epic',
  reopenEpic: 'Reopen epic',
  newEpic: 'New epic',
  deleteEpic: 'Delete epic',
  deleteEpicTitle: 'Delete this epic and all descendants?',
  deleteEpicBody:
    'Its child epics and all their descendants are deleted with it. Issues stay in their projects and are removed from these epics. This cannot be undone.',
  unableToUpdateEpic: 'Unable to update this epic at this time.',
} as const;
