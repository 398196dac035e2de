/** GitLab's User settings pages: profile and status, preferences, password, access tokens, sessions. */
export { AccessTokensPage } from './AccessTokensPage.tsx';
export { ActiveSessionsPage } from './ActiveSessionsPage.tsx';
export { PasswordPage } from './PasswordPage.tsx';
export { PreferencesPage } from './PreferencesPage.tsx';
export { ProfileSettingsPage } from './ProfileSettingsPage.tsx';
