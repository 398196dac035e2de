/** The data layer's public face: features import from here, never from Apollo. */
export { createApolloClient } from './apolloClient.ts';
export { csrfToken } from './csrf.ts';
export { DataProvider } from './DataProvider.tsx';
export type { CalendarDate, Instant } from './dates.ts';
export { type CreatedEpic, createGroupEpic, type NewEpicFields } from './epicRest.ts';
export {
  useEpicAncestors,
  useEpicColor,
  useEpicConfidential,
  useEpicDates,
  useEpicLabels,
  useEpicParticipants,
  useEpicReference,
  useEpicSubscription,
} from './epicSidebarHooks.ts';
export type * from './epicSidebarTypes.ts';
export { useEpicTodo } from './epicTodoHooks.ts';
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
export { MILESTONE_ISSUES_LIMIT, type MilestoneQueryInput, useMilestoneDetail } from './milestoneHooks.ts';
export type { PageCursor } from './paging.ts';
export {
  ROADMAP_BULK_PAGE_SIZE,
  ROADMAP_PAGE_SIZE,
  type RoadmapChildEpicsQueryVariables,
  type RoadmapEpicPages,
  type RoadmapEpicsQueryVariables,
  type RoadmapMilestonesQueryVariables,
  type RoadmapMilestonesState,
  useEpicRoadmapEpics,
  useRoadmapChildEpicsFetcher,
  useRoadmapEpics,
  useRoadmapMilestones,
} from './roadmapHooks.ts';
export { type EpicSidebarScope, firstErrorMessage } from './sidebarQuerySupport.ts';
export {
  type EmojiSuggestion,
  type EpicSuggestion,
  type EpicSuggestionState,
  fetchEmojiSuggestions,
  fetchEpicSuggestions,
  fetchLabelSuggestions,
  fetchMilestoneSuggestions,
  fetchUserSuggestions,
  type LabelSuggestion,
  type MilestoneSuggestion,
  type UserSuggestion,
} from './suggestions.ts';
export type * from './types.ts';
