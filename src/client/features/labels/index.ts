/** The labels pages of groups and projects. */
export { GroupLabelsPage } from './GroupLabelsPage.tsx';
export { ProjectLabelsPage } from './ProjectLabelsPage.tsx';
