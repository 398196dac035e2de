export { SettingsSection } from './SettingsSection.tsx';
export { WriteOutcome } from './WriteOutcome.tsx';
