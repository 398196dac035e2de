/** The issuable title and description texts (spec; GitLab's wording). */
export { CONCURRENT_EDIT_MESSAGE } from '../../../core/domain/issuableTexts.ts';

export const ISSUABLE_TEXT = {
  editTitleAndDescription: 'Edit title and description',
  taskActions: 'Task actions',
  convertToTask: 'Convert to task',
  deleteTaskItem: 'Delete',
  title: 'Title',
  description: 'Description',
  write: 'Write',
  preview: 'Preview',
  nothingToPreview: 'Nothing to preview.',
  loadingPreview: 'Loading…',
  previewFailed: 'The preview could not be loaded.',
  /** The field adds 'or drag your files here…' where files can be attached. */
  descriptionPlaceholder: 'Write a description',
  dragFiles: ' or drag your files here…',
  ellipsis: '…',
  saveChanges: 'Save changes',
  saving: 'Saving…',
  cancel: 'Cancel',
  delete: 'Delete',
  cancelEditingQuestion: 'Are you sure you want to cancel editing?',
  discardChanges: 'Discard changes',
  continueEditing: 'Continue editing',
  leavePageQuestion: 'Are you sure you want to lose your issue information?',
  outdatedDescription:
    'The comment you are editing has been changed by another user. Would you like to keep your changes and overwrite the new description or discard your changes?',
  keep: 'Keep',
  discard: 'Discard',
  titleRequired: 'Title is required.',
  noDescription: 'No description.',
  suggestions: 'Suggestions',
  searchingSuggestions: 'Searching…',
  expired: '(expired)',
  confidential: 'Confidential',
} as const;

/** 'Error updating epic' with the server's errors after '. ', or the bare text (spec). */
export function updateErrorText(issuableType: string, errors: readonly string[]): string {
  const base = `Error updating ${issuableType.replace('_', ' ')}`;
  return errors.length > 0 ? `${base}. ${errors.join(', ')}` : base;
}

/** The loading label of the title and description ("Loading the epic's description"). */
export const loadingDescriptionText = (issuableType: string): string =>
  `Loading the ${issuableType.replace('_', ' ')}'s description`;
