/** The issues lists of a project and of a group (with its subgroups), and their bulk edit. */
export { IssuesListPage, type IssuesListPageProps } from './IssuesListPage.tsx';
