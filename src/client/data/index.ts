/** The data layer's public face: features import from here, never from Apollo. */
export { createApolloClient } from './apolloClient.ts';
export { DataProvider } from './DataProvider.tsx';
export type { CalendarDate, Instant } from './dates.ts';
export {
  type EpicSort,
  type EpicState,
  type IssuableState,
  type IssueSort,
  LIST_PAGE_SIZE,
  type ListFilters,
  type QueryState,
  useEpicDetail,
  useGroupEpicsList,
  useGroupOverview,
  useHomeGroups,
  useIssueDetail,
  useProjectIssuesList,
  useProjectOverview,
} from './hooks.ts';
export { usePageSettled } from './idle.ts';
export type { PageCursor } from './paging.ts';
export { ROADMAP_PAGE_SIZE, type RoadmapEpicsState, useRoadmapEpics } from './roadmapHooks.ts';
export type * from './types.ts';
