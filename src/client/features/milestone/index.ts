/** A group's or project's milestones: the lists, a milestone's page and its form. */
export { MilestoneFormPage, type MilestoneFormPageProps } from './MilestoneFormPage.tsx';
export { MilestonePage, type MilestonePageProps } from './MilestonePage.tsx';
export { MilestonesListPage, type MilestonesListPageProps } from './MilestonesListPage.tsx';
