/** A group or project milestone's page. */
export { MilestonePage, type MilestonePageProps } from './MilestonePage.tsx';
export { MilestonesListPage, type MilestonesListPageProps } from './MilestonesListPage.tsx';
