/** A project's overview page. */
export { ProjectPage, type ProjectPageProps } from './ProjectPage.tsx';
