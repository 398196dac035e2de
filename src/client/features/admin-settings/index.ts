/** The Admin Area's settings page: the instance's settings, for administrators. */
export { AdminSettingsPage } from './AdminSettingsPage.tsx';
