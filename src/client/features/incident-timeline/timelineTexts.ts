import { TIMELINE_TEXT_MAX_LENGTH } from '../../../core/domain/incidentTimeline.ts';

/** The incident timeline's texts, GitLab's wording (issues/show/components/incidents/constants.js). */
export const TIMELINE_TEXT = {
  title: 'Timeline',
  loading: 'Loading timeline',
  loadFailed: 'Something went wrong while fetching incident timeline events.',
  empty: 'No timeline items have been added yet.',
  addEvent: 'Add new timeline event',
  createError: (error: string) => `Error creating incident timeline event: ${error}`,
  createErrorGeneric: 'Something went wrong while creating the incident timeline event.',
  editError: (error: string) => `Error updating incident timeline event: ${error}`,
  editErrorGeneric: 'Something went wrong while updating the incident timeline event.',
  deleteError: (error: string) => `Error deleting incident timeline event: ${error}`,
  deleteErrorGeneric: 'Something went wrong while deleting the incident timeline event.',
  date: 'Date',
  time: 'Time',
  hours: 'Hours',
  minutes: 'Minutes',
  utc: 'UTC',
  invalidTime: 'Enter a valid date and time.',
  areaLabel: 'Timeline text',
  tagsLabel: 'Event tag (optional)',
  areaPlaceholder: 'Timeline text...',
  hint: `You can enter up to ${TIMELINE_TEXT_MAX_LENGTH} characters`,
  textRemaining: (count: number) =>
    count === 1 || count === -1 ? `${count} character remaining` : `${count} characters remaining`,
  save: 'Save',
  saveAndAdd: 'Save and add another event',
  cancel: 'Cancel',
  edit: 'Edit',
  delete: 'Delete',
  moreActions: 'More actions',
  timeUtc: (time: string) => `${time} UTC`,
  by: 'by',
  deleteTitle: 'Delete event',
  deleteModal: 'Are you sure you want to delete this event?',
  deleteButton: 'Delete event',
} as const;

/** The message of a failed write: GitLab's "Error …: <the server's message>", or its generic one. */
export const failureText =
  (withError: (error: string) => string, generic: string) =>
  (error: string | null): string =>
    error ? withError(error) : generic;
