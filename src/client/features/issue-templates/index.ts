/** The project's issue templates page (`/:project/-/issue_templates`). */
export { IssueTemplatesPage, type IssueTemplatesPageProps } from './IssueTemplatesPage.tsx';
