/**
 * GitLab's User settings as rules and texts both sides share: the colour modes, the first day of the
 * week, the status's 'Clear status after' choices, the password rules and the personal access token
 * scopes and lifetimes. The server validates with these; the settings pages offer them.
 */
import type { CalendarDate } from '../time/calendarDate.ts';
import { addDays, calendarDateToDay, dayToCalendarDate } from '../time/epochDay.ts';

/** GitLab's colour modes (`color_mode_id` 1, 2, 3): `auto` follows the operating system. */
export const COLOR_MODES = ['light', 'dark', 'auto'] as const;
export type ColorMode = (typeof COLOR_MODES)[number];

export const COLOR_MODE_TEXT: Readonly<Record<ColorMode, { label: string; help: string }>> = {
  light: { label: 'Light', help: 'Dark text on light backgrounds.' },
  dark: { label: 'Dark', help: 'Light text on dark backgrounds.' },
  auto: { label: 'Auto', help: 'Use the same setting as your operating system.' },
};

export const isColorMode = (value: unknown): value is ColorMode =>
  typeof value === 'string' && (COLOR_MODES as readonly string[]).includes(value);

/** GitLab's first day of the week: 0 Sunday (the instance default), 1 Monday, 6 Saturday. */
export const WEEK_START_DAYS = [0, 1, 6] as const;
export type WeekStartDay = (typeof WEEK_START_DAYS)[number];
/** `first_day_of_week` of GitLab's application settings, when a user keeps the system default. */
export const DEFAULT_FIRST_DAY_OF_WEEK: WeekStartDay = 0;
export const WEEK_DAY_NAMES: Readonly<Record<WeekStartDay, string>> = {
  0: 'Sunday',
  1: 'Monday',
  6: 'Saturday',
};

export const isWeekStartDay = (value: unknown): value is WeekStartDay =>
  typeof value === 'number' && (WEEK_START_DAYS as readonly number[]).includes(value);

/** The day a user's weeks start on: theirs, else the instance default. */
export const effectiveFirstDayOfWeek = (chosen: number | null): WeekStartDay =>
  isWeekStartDay(chosen) ? chosen : DEFAULT_FIRST_DAY_OF_WEEK;

/** GitLab's `clear_status_after` values (UserStatus::CLEAR_STATUS_QUICK_OPTIONS), in minutes. */
export const CLEAR_STATUS_AFTER = {
  '30_minutes': { label: '30 minutes', minutes: 30 },
  '3_hours': { label: '3 hours', minutes: 3 * 60 },
  '8_hours': { label: '8 hours', minutes: 8 * 60 },
  '1_day': { label: '1 day', minutes: 24 * 60 },
  '3_days': { label: '3 days', minutes: 3 * 24 * 60 },
  '7_days': { label: '7 days', minutes: 7 * 24 * 60 },
  '30_days': { label: '30 days', minutes: 30 * 24 * 60 },
} as const;
export type ClearStatusAfter = keyof typeof CLEAR_STATUS_AFTER;

export const isClearStatusAfter = (value: unknown): value is ClearStatusAfter =>
  typeof value === 'string' && Object.hasOwn(CLEAR_STATUS_AFTER, value);

/** When a status set at `now` clears itself; null for 'Never'. */
export function clearStatusAt(after: ClearStatusAfter | null, now: Date): Date | null {
  return after === null ? null : new Date(now.getTime() + CLEAR_STATUS_AFTER[after].minutes * 60_000);
}

/** GitLab's user_statuses.message limit. */
export const STATUS_MESSAGE_MAX_LENGTH = 100;
/** GitLab's default status emoji. */
export const DEFAULT_STATUS_EMOJI = 'speech_balloon';
/** GitLab's user availability (`AvailabilityEnum`): `busy` shows '(Busy)' after the name. */
export type Availability = 'not_set' | 'busy';

/** A user's status as both sides pass it around. */
export interface UserStatus {
  readonly emoji: string;
  readonly message: string;
  readonly availability: Availability;
  /** ISO 8601, or null when the status stays until changed. */
  readonly clearStatusAt: string | null;
}

/** Devise's password length (GitLab's `Devise.password_length`). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** GitLab's `users.name` limit. */
export const NAME_MAX_LENGTH = 255;

/** The password page's texts (GitLab's, word for word). */
export const PASSWORD_TEXT = {
  invalidCurrent: 'You must provide a valid current password.',
  tooShort: `Password is too short (minimum is ${PASSWORD_MIN_LENGTH} characters)`,
  tooLong: `Password is too long (maximum is ${PASSWORD_MAX_LENGTH} characters)`,
  mismatch: "Password confirmation doesn't match Password",
  updated: 'Password was successfully updated. Please sign in again.',
} as const;

/** The problems with a new password and its confirmation, as GitLab lists them; empty when fine. */
export function newPasswordErrors(password: string, confirmation: string): string[] {
  const errors: string[] = [];
  if (confirmation !== password) errors.push(PASSWORD_TEXT.mismatch);
  if (password.length < PASSWORD_MIN_LENGTH) errors.push(PASSWORD_TEXT.tooShort);
  if (password.length > PASSWORD_MAX_LENGTH) errors.push(PASSWORD_TEXT.tooLong);
  return errors;
}

/** The token scopes this server understands, with GitLab's descriptions, in GitLab's form order. */
export const TOKEN_SCOPES = {
  read_user:
    'Grants read-only access to your profile through the /user API endpoint, which includes username, public email, and full name. Also grants access to read-only API endpoints under /users.',
  read_api:
    'Grants read access to the API, including all groups and projects, the container registry, and the package registry.',
  api: 'Grants complete read/write access to the API, including all groups and projects, the container registry, the dependency proxy, and the package registry.',
} as const;
export type TokenScope = keyof typeof TOKEN_SCOPES;

export const isTokenScope = (value: unknown): value is TokenScope =>
  typeof value === 'string' && Object.hasOwn(TOKEN_SCOPES, value);

/** GitLab's personal access token prefix. */
export const PERSONAL_ACCESS_TOKEN_PREFIX = 'glpat-';
/** The UI's default lifetime (GitLab 15.3+: 30 days from today). */
export const TOKEN_DEFAULT_LIFETIME_DAYS = 30;
/** GitLab's `MAX_PERSONAL_ACCESS_TOKEN_LIFETIME_IN_DAYS`. */
export const TOKEN_MAX_LIFETIME_DAYS = 365;

/** The day `days` after `today`. */
export const daysAfter = (today: CalendarDate, days: number): CalendarDate =>
  dayToCalendarDate(addDays(calendarDateToDay(today), days));

/** The latest expiry date a token made today may have. */
export const tokenMaxExpiry = (today: CalendarDate): CalendarDate =>
  daysAfter(today, TOKEN_MAX_LIFETIME_DAYS);
/** The expiry date the form offers first. */
export const tokenDefaultExpiry = (today: CalendarDate): CalendarDate =>
  daysAfter(today, TOKEN_DEFAULT_LIFETIME_DAYS);

/** The access tokens pages' texts (GitLab's). */
export const TOKEN_TEXT = {
  nameRequired: 'Token name is required.',
  scopeRequired: 'At least one scope is required.',
  expiryRequired: 'Expiration date is required.',
  createFailed: 'An error occurred while creating the token.',
  revoked: 'The token was revoked successfully.',
  revokeFailed: 'An error occurred while revoking the token.',
  fetchFailed: 'An error occurred while fetching the tokens.',
} as const;
