/** The merge requests lists: a project's, a group's (with its subgroups'), and the signed-in user's dashboard. */
export { DashboardMergeRequestsPage } from './DashboardMergeRequestsPage.tsx';
export { MergeRequestsListPage, type MergeRequestsListPageProps } from './MergeRequestsListPage.tsx';
