/** An issue's page. */
export { IssuePage, type IssuePageProps } from './IssuePage.tsx';
