export { SettingsSection } from './SettingsSection.tsx';
