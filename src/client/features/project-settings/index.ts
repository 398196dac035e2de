export { MonitorSettingsPage } from './MonitorSettingsPage.tsx';
