/** The new-issue page (`/:project/-/issues/new`). */
export { NewIssuePage, type NewIssuePageProps } from './NewIssuePage.tsx';
