/** A project's environments: the list (Active / Stopped) and an environment's page with its deployments and their approvals. */
export { EnvironmentPage, type EnvironmentPageProps } from './EnvironmentPage.tsx';
export { EnvironmentsListPage, type EnvironmentsListPageProps } from './EnvironmentsListPage.tsx';
