/**
 * Every text the epic sidebar shows, in one place. Quoted ones are the spec's (sections 2, 4 and 8,
 * verbatim); where the spec is silent the wording is GitLab's sidebar widgets'.
 */
import type { EpicDateKind } from '../../data/index.ts';

export const SIDEBAR_TEXT = {
  inviteMembers: 'Invite members',
  sidebar: 'Epic sidebar',
  collapse: 'Collapse sidebar',
  expand: 'Expand sidebar',
  toggle: 'Toggle sidebar',
  edit: 'Edit',
  apply: 'Apply',
  cancel: 'Cancel',
  none: 'None',
  loading: 'Loading',
  searchFailed: 'Something went wrong while searching.',

  todoAdd: 'Add a to do',
  todoDone: 'Mark as done',
  todoError: (issuable: SidebarIssuable) => `Something went wrong while setting ${issuable} to-do item.`,

  dateTitle: { start: 'Start date', due: 'Due date' } satisfies Record<EpicDateKind, string>,
  fixed: 'Fixed',
  inherited: 'Inherited',
  remove: 'remove',
  removeDate: (kind: EpicDateKind) => `Remove the fixed ${kind} date`,
  dateSource: (kind: EpicDateKind) => `Where the ${kind} date comes from`,
  pastDue: 'Past due',
  pastDate: 'This date is in the past.',
  fromMilestone: (title: string) => `From milestone: ${title}`,
  dateSaveError: 'An error occurred while saving the start/due date',
  dateFetchError: (kind: EpicDateKind) => `Something went wrong while setting epic ${kind} date.`,
  dateOrder: 'The start date must be earlier than the due date.',
  dateInvalid: 'Enter a complete date.',
  chooseDate: (kind: EpicDateKind) => `Choose the ${kind} date`,

  labels: 'Labels',
  searchLabels: 'Search labels',
  noLabelsFound: 'No matching results',
  labelsLoadError: 'Error fetching labels.',
  labelsError: 'An error occurred while updating labels.',
  removeLabel: (title: string) => `Remove label: ${title}`,
  filterByLabel: (title: string) => `Epics with the label ${title}`,

  color: 'Color',
  colorError: 'Something went wrong while setting epic color.',
  chooseColor: (name: string) => `Set the color to ${name}`,

  confidentiality: 'Confidentiality',
  notConfidential: 'Not confidential',
  turnOn: 'Turn on',
  turnOff: 'Turn off',
  applying: 'Applying',

  ancestors: 'Ancestors',
  ancestorsError: 'An error occurred while fetching ancestors.',
  open: 'Open',
  closed: 'Closed',

  participants: (count: number) => `${count} ${count === 1 ? 'participant' : 'participants'}`,
  participantsTitle: 'Participants',
  /** GitLab's tooltip on a merge request participant who lacks the right to merge. */
  cannotMerge: 'Cannot merge',
  moreParticipants: (count: number) => `+ ${count} more`,
  fewerParticipants: '- show less',
  participantsError: (issuable: SidebarIssuable) =>
    `There was an error getting the ${issuable} participants.`,

  notifications: 'Notifications',
  notificationsOn: 'Notifications on',
  notificationsOff: 'Notifications off',
  /** A merge request confirms the switch (spec, "Subscription"). */
  notificationsTurnedOn: 'Notifications turned on.',
  notificationsTurnedOff: 'Notifications turned off.',
  emailsDisabled: 'Disabled by group owner',
  signInToSubscribe: 'Sign in to turn on notifications',
  subscribeError: 'An error occurred while subscribing to notifications.',
  unsubscribeError: 'An error occurred while unsubscribing to notifications.',
  notificationsFetchError: (issuable: SidebarIssuable) =>
    `Something went wrong while setting ${issuable} notifications.`,

  reference: 'Reference',
  copyReference: 'Copy reference',
  copied: 'Copied',
  copyFailed: 'Copying failed. Select the reference and copy it with Ctrl+C.',
  referenceError: 'An error occurred while fetching reference',

  dismiss: 'Dismiss',
} as const;

/** The issuables a sidebar belongs to: its texts name them. */
export type SidebarIssuable = 'epic' | 'issue' | 'merge request';

/** The confidentiality block's texts for an epic and for an issue (GitLab's wording). */
export const CONFIDENTIALITY_TEXT: Readonly<
  Record<
    'epic' | 'issue',
    { confidential: string; turnOnWarning: string; turnOffWarning: string; error: string }
  >
> = {
  epic: {
    confidential: 'This epic is confidential',
    turnOnWarning:
      'You are going to turn on confidentiality. Only group members with at least the Reporter role can view or be notified about this epic.',
    turnOffWarning:
      'You are going to turn off the confidentiality. This means everyone will be able to see and leave a comment on this epic.',
    error: 'Something went wrong while setting epic confidentiality.',
  },
  issue: {
    confidential: 'This issue is confidential',
    turnOnWarning:
      'You are going to turn on confidentiality. Only project members with at least the Reporter role, the author, and assignees can view or be notified about this issue.',
    turnOffWarning:
      'You are going to turn off the confidentiality. This means everyone will be able to see and leave a comment on this issue.',
    error: 'Something went wrong while setting issue confidentiality.',
  },
};
