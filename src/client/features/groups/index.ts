/** A group's overview page, and the group row the home page lists groups with. */
export { GroupPage, type GroupPageProps } from './GroupPage.tsx';
export { GroupRow } from './GroupRows.tsx';
