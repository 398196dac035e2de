import { ACCESS_LEVEL_NAMES, type AccessLevel, MEMBER_ACCESS_LEVELS } from './accessLevel.ts';

/** The invite modal's texts, GitLab's words. */
export const INVITE_TEXTS = {
  membersTitle: 'Invite members',
  groupTitle: 'Invite a group',
  membersToGroupIntro: "You're inviting members to the {name} group.",
  membersToProjectIntro: "You're inviting members to the {name} project.",
  groupToGroupIntro: "You're inviting a group to the {name} group.",
  groupToProjectIntro: "You're inviting a group to the {name} project.",
  membersSearchField: 'Username or email address',
  membersPlaceholder: 'Select members or type email addresses',
  groupSearchField: 'Select a group to invite',
  groupPlaceholder: 'Search for a group to invite',
  accessLevel: 'Select a role',
  expiresAt: 'Access expiration date (optional)',
  invite: 'Invite',
  cancel: 'Cancel',
  close: 'Close invite team members',
  successful: 'Members were successfully added',
  somethingWentWrong: 'Something went wrong',
  reviewErrors: 'Review the invite errors and try again:',
  showMore: 'Show more ({count})',
  showLess: 'Show less',
  emptyInvites: 'Please add members to invite',
} as const;

/** Per-member invite errors listed before 'Show more (count)' folds the rest away. */
export const INVITE_ERRORS_SHOWN = 2;
/** The invite modal waits this long after the last keystroke before it searches (ms). */
export const INVITE_SEARCH_DELAY_MS = 200;
/** The least access level for which the modal offers to create tasks for the new member. */
export const INVITE_FOR_TASK_MIN_ACCESS_LEVEL = 30;
/** Addresses and users one invitation request may name (GitLab's invite limit). */
export const MAX_INVITES_PER_REQUEST = 100;

/** The API's and the page's refusals, GitLab's words. */
export const MEMBER_ERRORS = {
  alreadyMember: 'Member already exists',
  alreadyInSource: 'User already exists in source',
  alreadyInvited: 'Invite email has already been taken',
  invalidAccessLevel: 'Access level is not included in the list',
  invalidEmail: 'Invite email is invalid',
  pastExpiry: 'cannot be a date in the past',
  higherThanOwn: "the member access level can't be higher than the current user's one",
  lastOwner: 'A group must have at least one owner',
  tooManyInvites: `Too many users specified (limit is ${MAX_INVITES_PER_REQUEST})`,
  noInvitees: 'Invites cannot be blank',
  invitationExpired: 'This invitation has expired.',
  invitationInvalid: 'This invitation was revoked, already accepted or never existed.',
  invitationOtherEmail: 'This invitation was sent to another email address.',
} as const;

/** The levels a member may be given here, named. */
export function accessLevelOptions(): { value: AccessLevel; label: string }[] {
  return MEMBER_ACCESS_LEVELS.map((value) => ({ value, label: ACCESS_LEVEL_NAMES[value] }));
}

/**
 * The levels an actor may give: up to their own (a member cannot grant a role above their own);
 * every level for an administrator.
 */
export function grantableAccessLevels(actorLevel: number, isAdmin: boolean): AccessLevel[] {
  return MEMBER_ACCESS_LEVELS.filter((level) => isAdmin || level <= actorLevel);
}

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A `YYYY-MM-DD` that names a real day, or null. */
export function parseCalendarDay(value: string): string | null {
  const match = CALENDAR_DAY.exec(value);
  if (!match) return null;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? value : null;
}

/** The calendar day (UTC) of an instant, `YYYY-MM-DD`. */
export function calendarDayOf(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** The day after `day` (`YYYY-MM-DD`). */
export function dayAfter(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return calendarDayOf(new Date(Date.UTC(year, month - 1, date + 1)));
}

/**
 * Checks an access expiry: none, or a real day after today. Access ends when the day begins, so
 * today would give no access at all; the picker starts at tomorrow.
 */
export function checkExpiresAt(
  value: string | null,
  today: string,
): { ok: true } | { ok: false; error: string } {
  if (value === null) return { ok: true };
  if (parseCalendarDay(value) === null) return { ok: false, error: 'is invalid' };
  if (value <= today) return { ok: false, error: MEMBER_ERRORS.pastExpiry };
  return { ok: true };
}

// An address as GitLab's devise_email validation accepts it: something@domain.tld, no spaces.
const EMAIL = /^[^\s@<>(),;:"[\]]+@[^\s@<>(),;:"[\]]+\.[^\s@<>(),;:"[\]]+$/;

export function isEmailAddress(value: string): boolean {
  return value.length <= 255 && EMAIL.test(value);
}

/** GitLab's comma-separated lists (`email`, `user_id`, `username`): trimmed, empty parts dropped, once each. */
export function splitCommaList(value: string): string[] {
  return [
    ...new Set(
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    ),
  ];
}

/** 'Show more (count)' with the number of errors folded away. */
export function showMoreErrorsText(hidden: number): string {
  return INVITE_TEXTS.showMore.replace('{count}', String(hidden));
}
