/** The new epic page. */
export { NewEpicPage, type NewEpicPageProps } from './NewEpicPage.tsx';
