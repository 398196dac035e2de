/** A project's issues list. */
export { IssuesListPage, type IssuesListPageProps } from './IssuesListPage.tsx';
