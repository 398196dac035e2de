/** The epic page: header, title and description, child items, linked items, sidebar. */
export { EpicPage, type EpicPageProps } from './EpicPage.tsx';
