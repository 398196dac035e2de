export { ActivitySection } from './ActivitySection.tsx';
