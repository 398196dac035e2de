/**
 * The User settings pages' paths (GitLab's current ones: `/-/user_settings/…`, preferences still under
 * `/-/profile/`), and the older `/-/profile/…` paths that redirect to them.
 */
export const PROFILE_SETTINGS_PATH = '/-/user_settings/profile';
export const PREFERENCES_PATH = '/-/profile/preferences';
export const PASSWORD_EDIT_PATH = '/-/user_settings/password/edit';
/** Where the password form posts (`PUT` in GitLab, a form `POST` with `_method=put` here too). */
export const PASSWORD_PATH = '/-/user_settings/password';
export const ACCESS_TOKENS_PATH = '/-/user_settings/personal_access_tokens';
export const ACTIVE_SESSIONS_PATH = '/-/user_settings/active_sessions';
/** The active sessions as JSON, for the page to list and reload. */
export const ACTIVE_SESSIONS_JSON_PATH = '/-/user_settings/active_sessions.json';
export const activeSessionPath = (id: number): string => `${ACTIVE_SESSIONS_PATH}/${id}`;

/** GitLab's older paths, redirected to the current ones. */
export const LEGACY_SETTINGS_PATHS: Readonly<Record<string, string>> = {
  '/-/profile': PROFILE_SETTINGS_PATH,
  '/-/profile/password/edit': PASSWORD_EDIT_PATH,
  '/-/profile/personal_access_tokens': ACCESS_TOKENS_PATH,
  '/-/profile/active_sessions': ACTIVE_SESSIONS_PATH,
};

/** The settings navigation, in GitLab's order. */
export const SETTINGS_NAV = [
  { key: 'profile', label: 'Profile', href: PROFILE_SETTINGS_PATH },
  { key: 'preferences', label: 'Preferences', href: PREFERENCES_PATH },
  { key: 'password', label: 'Password', href: PASSWORD_EDIT_PATH },
  { key: 'access-tokens', label: 'Access tokens', href: ACCESS_TOKENS_PATH },
  { key: 'active-sessions', label: 'Active sessions', href: ACTIVE_SESSIONS_PATH },
] as const;
export type SettingsSection = (typeof SETTINGS_NAV)[number]['key'];
