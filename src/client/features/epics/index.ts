/** A group's epics list. */
export { EpicsListPage, type EpicsListPageProps } from './EpicsListPage.tsx';
