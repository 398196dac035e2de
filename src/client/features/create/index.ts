/** Making groups and projects: GitLab's new group and new project forms. */
export { NewGroupPage } from './NewGroupPage.tsx';
export { NewProjectPage } from './NewProjectPage.tsx';
