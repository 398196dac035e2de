/** The group and project members pages (read-only). */
export { MembersPage } from './MembersPage.tsx';
