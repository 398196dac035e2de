/** The epic page's own texts: state, new and delete actions (spec; GitLab's wording). */
export const EPIC_TEXT = {
  closeEpic: 'Close epic',
  reopenEpic: 'Reopen epic',
  newEpic: 'New epic',
  deleteEpic: 'Delete epic',
  unableToUpdateEpic: 'Unable to update this epic at this time.',
} as const;

/** The delete modal (spec: 'Delete this epic and all descendants?'). */
export const EPIC_DELETE_TEXTS = {
  title: 'Delete this epic and all descendants?',
  body: 'Its child epics and all their descendants are deleted with it. Issues stay in their projects and are removed from these epics. This cannot be undone.',
  confirm: EPIC_TEXT.deleteEpic,
} as const;
