/**
 * The data layer's public face: features import from here, never from Apollo or a file inside.
 * Shared plumbing sits at this folder's top; each entity's documents, mappers and hooks in its own
 * folder (epics/, groups/, issues/, labels/, milestones/, projects/, roadmap/, todos/, tree/ …).
 */
export { saveApplicationSettings } from './admin/applicationSettingsRest.ts';
export { createApolloClient } from './apolloClient.ts';
export { useCountries, useCountryStates } from './billing/checkoutHooks.ts';
export {
  addCard,
  answerConfirmation,
  type CardFields,
  type NamedCode,
  type Order,
  type OrderAnswer,
  type PaymentMethod,
  placeOrder,
} from './billing/checkoutRest.ts';
export { submitHandRaiseLead } from './billing/handRaiseLeadRest.ts';
export { assignPlan, type PlanAssignment } from './billing/subscriptionRest.ts';
export { csrfToken } from './csrf.ts';
export { DataProvider } from './DataProvider.tsx';
export {
  type RestListState,
  useAssignedIssues,
  usePendingTodos,
} from './dashboard/dashboardHooks.ts';
export type {
  DashboardIssue,
  DashboardPage,
  DashboardTodo,
  IssueStateFilter,
} from './dashboard/dashboardRest.ts';
export type { CalendarDate, Instant } from './dates.ts';
export {
  useEnvironment,
  useEnvironmentDeployments,
  useEnvironmentList,
  useShippedMergeRequests,
} from './environments/environmentHooks.ts';
export {
  approveDeployment,
  ENVIRONMENTS_PAGE_SIZE,
  stopEnvironment,
} from './environments/environmentRest.ts';
export type * from './environments/environmentTypes.ts';
export { type EpicSort, type EpicState, useEpicDetail, useGroupEpicsList } from './epics/epicHooks.ts';
export { type CreatedEpic, createGroupEpic, type NewEpicFields } from './epics/epicRest.ts';
export {
  useEpicAncestors,
  useEpicColor,
  useEpicConfidential,
  useEpicDates,
  useEpicParticipants,
  useEpicReference,
  useEpicSubscription,
} from './epics/epicSidebarHooks.ts';
export type * from './epics/epicSidebarTypes.ts';
export { useGeoSites, useGeoStatuses } from './geo/geoHooks.ts';
export { createGeoSite, deleteGeoSite, updateGeoSite } from './geo/geoRest.ts';
export type * from './geo/geoTypes.ts';
export {
  emojiSuggestions,
  fetchAwardedEmoji,
  fetchGfmSource,
  filterCommands,
  type GfmSuggestion,
} from './gfm/gfmSuggestions.ts';
export { useGroupOverview, useHomeGroups } from './groups/groupHooks.ts';
export { usePageSettled, usePageSettledReporter, useQueriesSettled } from './idle.ts';
export { type PinnedLinks, useIssuePinnedLinks } from './incidents/pinnedLinksHooks.ts';
export {
  type IncidentTimelineState,
  type TimelineEventChanges,
  type TimelinePromotion,
  type TimelineWriteResult,
  useIncidentTimeline,
  useTimelinePromotion,
} from './incidents/timelineHooks.ts';
export type { IncidentTimelineView, TimelineEventView } from './incidents/timelineTypes.ts';
export {
  fetchRealtimeChanges,
  type IssuableFields,
  type IssuableText,
  type IssuableType,
  previewMarkdown,
  type RealtimeAnswer,
  RealtimeError,
  type SaveAnswer,
  type SaveFailure,
  saveIssuable,
} from './issuables/issuableRest.ts';
export {
  createIssuableTextClient,
  type IssuableEndpoints,
  type IssuableTextClient,
} from './issuables/issuableTextClient.ts';
export {
  type EpicSidebarScope,
  firstErrorMessage,
  type SidebarScope,
} from './issuables/sidebarQuerySupport.ts';
export { type BulkIssueUpdate, postBulkUpdate, useIssuesBulkUpdate } from './issues/issueBulkUpdate.ts';
export {
  ISSUES_LIST_QUERIES,
  type IssuableState,
  type IssueSort,
  type IssuesListKind,
  useIssueDetail,
  useIssuesList,
} from './issues/issueHooks.ts';
export {
  type CreatedIssue,
  createProjectIssue,
  type NewIssueFields,
} from './issues/issueRest.ts';
export {
  useIssueAssignees,
  useIssueConfidential,
  useIssueDueDate,
  useIssueEpic,
  useIssueHealthStatus,
  useIssueLocked,
  useIssueMilestone,
  useIssueParticipants,
  useIssueReference,
  useIssueSubscription,
  useIssueWeight,
} from './issues/issueSidebarHooks.ts';
export { type IssueTemplates, useIssueTemplates } from './issues/issueTemplateHooks.ts';
export {
  deleteIssueTemplate,
  fetchIssueTemplate,
  fetchIssueTemplates,
  type IssueTemplate,
  type IssueTemplateSummary,
  saveIssueTemplate,
} from './issues/issueTemplatesRest.ts';
export { type MetricImages, useMetricImages } from './issues/metricImageHooks.ts';
export type { MetricImageLinkFields } from './issues/metricImagesRest.ts';
export { useEpicLabels, useIssueLabels } from './labels/labelHooks.ts';
export { type LabelsList, useLabelsList } from './labels/labelsListHooks.ts';
export {
  deleteLabel,
  type LabelFields,
  type LabelOwnerRef,
  type ManagedLabel,
  removeLabelPriority,
  saveLabel,
  setLabelPriorities,
  setLabelSubscribed,
} from './labels/labelsRest.ts';
export { LIST_PAGE_SIZE, type ListFilters } from './lists.ts';
export { toIssueType } from './mappers.ts';
export {
  type AccessRequest,
  type Member,
  type MembersManagement,
  type MembersPage,
  type PendingInvitation,
  parseMembersManagement,
  parseMembersPage,
  type Share,
} from './members/memberMappers.ts';
export {
  approveAccessRequest,
  denyAccessRequest,
  fetchGroupSuggestions,
  type GroupSuggestion,
  inviteMembers,
  type MemberChange,
  removeMember,
  requestAccess,
  resendInvitation,
  revokeInvitation,
  shareWithGroup,
  unshareWithGroup,
  updateMember,
} from './members/membersRest.ts';
export { type MembersWindow, useMembersWindow } from './members/useMembersWindow.ts';
export {
  type MergeRequestDetail,
  type MergeRequestMilestoneView,
  type MergeRequestPerson,
  type MergeRequestPersonView,
  useMergeRequestActions,
  useMergeRequestAssignees,
  useMergeRequestDetail,
  useMergeRequestLabels,
  useMergeRequestLocked,
  useMergeRequestMilestone,
  useMergeRequestParticipants,
  useMergeRequestReference,
  useMergeRequestReviewers,
  useMergeRequestSubscription,
} from './mergeRequests/mergeRequestHooks.ts';
export {
  type DashboardMergeRequestScope,
  type MergeRequestListFilters,
  type MergeRequestSort,
  type MergeRequestState,
  type MergeRequestsListKind,
  useDashboardMergeRequests,
  useMergeRequestsList,
} from './mergeRequests/mergeRequestListHooks.ts';
export type * from './mergeRequests/mergeRequestListTypes.ts';
export { type ClosingIssueView, fetchClosingIssues, setApproval } from './mergeRequests/mergeRequestRest.ts';
export {
  MILESTONE_ISSUES_LIMIT,
  type MilestoneQueryInput,
  useMilestoneDetail,
  useMilestoneIssues,
} from './milestones/milestoneHooks.ts';
export {
  createMilestone,
  deleteMilestone,
  type MilestoneFields,
  type SavedMilestone,
  updateMilestone,
} from './milestones/milestoneRest.ts';
export {
  type MilestoneSort,
  type MilestonesListFilters,
  useMilestonesList,
} from './milestones/milestonesListHooks.ts';
export {
  type CreationAnswer,
  createGroup,
  createProject,
  type NewGroupFields,
  type NewProjectFields,
} from './namespaces/creationRest.ts';
export type { PageCursor } from './paging.ts';
export { saveStatusPageSettings } from './projectSettings/statusPageSettingsRest.ts';
export { useProjectOverview } from './projects/projectHooks.ts';
export { type Reloadable, useReloadable } from './reloadable.ts';
export {
  ROADMAP_BULK_PAGE_SIZE,
  type RoadmapChildEpicsQueryVariables,
  type RoadmapEpicPages,
  type RoadmapEpicsQueryVariables,
  type RoadmapMilestonesQueryVariables,
  type RoadmapMilestonesState,
  useEpicRoadmapEpics,
  useRoadmapChildEpicsFetcher,
  useRoadmapEpics,
  useRoadmapMilestones,
} from './roadmap/roadmapHooks.ts';
export {
  type RescheduleResult,
  type RoadmapRescheduleApi,
  useRoadmapRescheduleApi,
} from './roadmap/roadmapReschedule.ts';
export { type Loaded, useSearchCounts, useSearchResults } from './search/searchHooks.ts';
export {
  fetchSearchCounts,
  fetchSearchResults,
  fetchSearchSuggestions,
  SEARCH_PAGE_SIZE,
  type SearchResultRow,
  type SearchResultsPage,
} from './search/searchRest.ts';
export { type ReloadableList, useReloadableList } from './settings/settingsHooks.ts';
export {
  type AccessToken,
  type ActiveSession,
  createAccessToken,
  fetchActiveSessions,
  fetchActiveTokens,
  type NewTokenFields,
  type PreferenceFields,
  type ProfileFields,
  revokeAccessToken,
  revokeActiveSession,
  savePreferences,
  saveProfile,
} from './settings/settingsRest.ts';
export {
  type EmojiSuggestion,
  type EpicSuggestion,
  type EpicSuggestionState,
  fetchEmojiSuggestions,
  fetchEpicSuggestions,
  fetchGroupIssueMilestones,
  fetchLabelSuggestions,
  fetchMilestoneSuggestions,
  fetchProjectMilestoneSuggestions,
  fetchUserSuggestions,
  type LabelSuggestion,
  type MilestoneSuggestion,
  type UserSuggestion,
} from './suggestions/suggestions.ts';
export { type TodoState, useEpicTodo, useIssueTodo, useMergeRequestTodo } from './todos/todoHooks.ts';
export {
  type TodoListActions,
  usePendingTodoCount,
  useTodoFilterOptions,
  useTodoList,
  useTodoListActions,
} from './todos/todoListHooks.ts';
export type * from './todos/todoListTypes.ts';
export type * from './todos/todoTypes.ts';
export {
  type ChildItemsCursors,
  type ChildItemsPage,
  type EpicTreeData,
  epicAddressOf,
  type TreeRoot,
  useEpicTreeData,
} from './tree/epicTreeData.ts';
export {
  addRelatedItems,
  addTreeItems,
  type CreatedItem,
  createChildEpic,
  createEpicIssue,
  epicLinkEndpoints,
  fetchDescendantGroups,
  fetchGroupProjects,
  fetchReferenceSuggestions,
  fetchRelatedItems,
  type GroupOption,
  type HttpFailure,
  LINK_TYPES,
  type LinkedIssuable,
  type LinkType,
  type ProjectOption,
  type ReferenceSuggestion,
  removeRelation,
  type TreeItemType,
} from './tree/treeLinksRest.ts';
export type * from './types.ts';
export { type AttachedFile, uploadMarkdownFile } from './uploads/uploadRest.ts';
export { type UserActivity, useUserActivity } from './users/userActivityHooks.ts';
export type { ActivityEventView } from './users/userActivityRest.ts';
export { type UserIssues, useUserIssues } from './users/userIssuesHooks.ts';
export type { UserIssue } from './users/userIssuesRest.ts';
export {
  useStageData,
  useStageMedians,
  useStagesAndEvents,
  useSummaries,
  useTasksByType,
  useTopLabels,
  useValueStreams,
} from './valueStreams/valueStreamHooks.ts';
export {
  AnswerError,
  createValueStream,
  deleteValueStream,
  type StageData,
  type Summaries,
  updateValueStream,
} from './valueStreams/valueStreamRest.ts';
export type * from './valueStreams/valueStreamTypes.ts';
export {
  useCreateIssueFromVulnerabilities,
  useRelatedVulnerabilities,
  useVulnerabilityDetail,
  useVulnerabilityReport,
  useVulnerabilityReportContext,
  useVulnerabilitySeverityCounts,
  useVulnerabilityStateChanges,
  VULNERABILITY_PAGE_SIZE,
  type VulnerabilityReportKind,
} from './vulnerabilities/vulnerabilityHooks.ts';
export type * from './vulnerabilities/vulnerabilityTypes.ts';
export {
  type IssueTaskCandidate,
  type IssueTaskLine,
  type IssueTasksState,
  type IssueTasksView,
  type IssueTasksWriteResult,
  type IssueTaskView,
  useIssueTaskPreview,
  useIssueTaskSearch,
  useIssueTasks,
} from './workItems/issueTasksHooks.ts';
export {
  toWorkItemView,
  useWorkItemView,
  useWorkItemViewWrites,
  type WorkItemChange,
  type WorkItemKey,
  type WorkItemParentView,
  type WorkItemUserView,
  type WorkItemView,
} from './workItems/workItemViewHooks.ts';
