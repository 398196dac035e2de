/** Pure mappers from generated GraphQL result types to the view models in `types.ts`. */
import { parseGlobalId } from '../../core/domain/gid.ts';
import { isVisibility } from '../../core/domain/visibility.ts';
import { toCalendarDate, toInstant } from './dates.ts';
import type {
  EpicDetailQuery,
  EpicListItemFragment,
  GroupOverviewQuery,
  HomeGroupsQuery,
  IssueDetailQuery,
  IssueListItemFragment,
  LabelFieldsFragment,
  PageInfoFieldsFragment,
  ProjectOverviewQuery,
  RoadmapEpicFieldsFragment,
  RoadmapMilestonesQuery,
  UserFieldsFragment,
} from './generated/graphql.ts';
import type {
  EpicDetail,
  EpicListItem,
  GroupOverview,
  GroupSummary,
  HealthStatus,
  IssueDetail,
  IssueListItem,
  IssueType,
  ItemState,
  LabelView,
  Page,
  PageInfoView,
  ProjectOverview,
  ProjectSummary,
  RoadmapEpicView,
  RoadmapMilestoneView,
  UserView,
  Visibility,
} from './types.ts';

type Maybe<T> = T | null | undefined;

/** The non-null entries of a GraphQL list. */
export function compact<T>(items: Maybe<ReadonlyArray<Maybe<T>>>): T[] {
  return (items ?? []).filter((item): item is T => item != null);
}

const EMPTY_PAGE_INFO: PageInfoView = {
  hasNextPage: false,
  hasPreviousPage: false,
  startCursor: null,
  endCursor: null,
};

export function toPageInfo(info: Maybe<PageInfoFieldsFragment>): PageInfoView {
  return info
    ? {
        hasNextPage: info.hasNextPage,
        hasPreviousPage: info.hasPreviousPage,
        startCursor: info.startCursor,
        endCursor: info.endCursor,
      }
    : EMPTY_PAGE_INFO;
}

export function toPage<N, T>(
  connection: Maybe<{ count: number; pageInfo?: Maybe<PageInfoFieldsFragment>; nodes?: Maybe<Maybe<N>[]> }>,
  map: (node: N) => T,
): Page<T> {
  return {
    items: compact(connection?.nodes).map(map),
    count: connection?.count ?? 0,
    pageInfo: toPageInfo(connection?.pageInfo),
  };
}

export const toVisibility = (value: Maybe<string>): Visibility | null => (isVisibility(value) ? value : null);
export const toItemState = (value: Maybe<string>): ItemState => (value === 'closed' ? 'closed' : 'opened');

export function toHealthStatus(value: Maybe<string>): HealthStatus | null {
  return value === 'onTrack' || value === 'needsAttention' || value === 'atRisk' ? value : null;
}

export function toIssueType(value: Maybe<string>): IssueType {
  return value === 'INCIDENT' || value === 'TASK' ? value : 'ISSUE';
}

export const toUser = (user: UserFieldsFragment): UserView => ({
  id: user.id,
  username: user.username,
  name: user.name,
});

export const toLabel = (label: LabelFieldsFragment): LabelView => ({
  id: label.id,
  title: label.title,
  description: label.description,
  color: label.color,
  textColor: label.textColor,
});

const toLabels = (connection: Maybe<{ nodes?: Maybe<Maybe<LabelFieldsFragment>[]> }>): LabelView[] =>
  compact(connection?.nodes).map(toLabel);

type HomeGroupNode = NonNullable<NonNullable<HomeGroupsQuery['groups']['nodes']>[number]>;
type OverviewGroup = NonNullable<GroupOverviewQuery['group']>;
type SubgroupNode = NonNullable<NonNullable<NonNullable<OverviewGroup['descendantGroups']>['nodes']>[number]>;
type ProjectNode = NonNullable<NonNullable<OverviewGroup['projects']['nodes']>[number]>;

export function toGroupSummary(group: HomeGroupNode | SubgroupNode): GroupSummary {
  const parent = group.parent as { fullPath?: string } | null;
  return {
    id: group.id,
    name: group.name,
    fullName: group.fullName,
    fullPath: group.fullPath,
    description: group.description || null,
    visibility: toVisibility(group.visibility),
    parentFullPath: parent?.fullPath ?? null,
  };
}

export const toProjectSummary = (project: ProjectNode): ProjectSummary => ({
  id: project.id,
  name: project.name,
  fullPath: project.fullPath,
  description: project.description || null,
  visibility: toVisibility(project.visibility),
  openIssuesCount: project.openIssuesCount ?? null,
});

/** Keeps only the direct children of `fullPath` (the server may return deeper descendants). */
export function toGroupOverview(group: OverviewGroup): GroupOverview {
  const subgroups = compact(group.descendantGroups?.nodes)
    .map(toGroupSummary)
    .filter((child) => child.parentFullPath === null || child.parentFullPath === group.fullPath);
  return {
    id: group.id,
    name: group.name,
    fullName: group.fullName,
    fullPath: group.fullPath,
    description: group.description || null,
    visibility: toVisibility(group.visibility),
    subgroups,
    projects: compact(group.projects.nodes).map(toProjectSummary),
    projectCount: group.projects.count,
  };
}

export const toEpicListItem = (epic: EpicListItemFragment): EpicListItem => ({
  id: epic.id,
  iid: epic.iid,
  title: epic.title ?? '',
  state: toItemState(epic.state),
  confidential: Boolean(epic.confidential),
  createdAt: toInstant(epic.createdAt),
  startDate: toCalendarDate(epic.startDate),
  dueDate: toCalendarDate(epic.dueDate),
  webPath: epic.webPath,
  reference: epic.reference,
  fullReference: epic.fullReference,
  groupFullPath: epic.group.fullPath,
  author: toUser(epic.author),
  labels: toLabels(epic.labels),
});

/**
 * A roadmap epic for the worker and the overlay. Numeric ids come from the global ids; a missing
 * descendant count stays null so the popover reads '- of -'.
 */
export function toRoadmapEpicView(epic: RoadmapEpicFieldsFragment): RoadmapEpicView {
  const counts = epic.descendantCounts;
  const weights = epic.descendantWeightSum;
  return {
    id: numericId(epic.id),
    gid: epic.id,
    iid: epic.iid,
    title: epic.title ?? '',
    state: toItemState(epic.state),
    parentId: epic.parent ? numericId(epic.parent.id) : null,
    groupId: numericId(epic.group.id),
    groupName: epic.group.name,
    groupFullPath: epic.group.fullPath,
    startDate: toCalendarDate(epic.startDate),
    dueDate: toCalendarDate(epic.dueDate),
    descendantCounts:
      counts && counts.openedIssues != null && counts.closedIssues != null
        ? { openedIssues: counts.openedIssues, closedIssues: counts.closedIssues }
        : null,
    descendantWeightSum:
      weights && weights.openedIssues != null && weights.closedIssues != null
        ? { openedIssues: weights.openedIssues, closedIssues: weights.closedIssues }
        : null,
    color: epic.color ?? null,
    textColor: epic.textColor ?? null,
    hasChildren: epic.hasChildren,
    webPath: epic.webPath,
    confidential: Boolean(epic.confidential),
    blocked: Boolean(epic.blocked),
    blockedByCount: epic.blockedByCount ?? 0,
    childEpicCount: (counts?.openedEpics ?? 0) + (counts?.closedEpics ?? 0),
  };
}

type RoadmapMilestoneNode = NonNullable<
  NonNullable<NonNullable<NonNullable<RoadmapMilestonesQuery['group']>['milestones']>['nodes']>[number]
>;

export const toRoadmapMilestoneView = (milestone: RoadmapMilestoneNode): RoadmapMilestoneView => ({
  id: numericId(milestone.id),
  gid: milestone.id,
  title: milestone.title,
  description: milestone.description || null,
  startDate: toCalendarDate(milestone.startDate),
  dueDate: toCalendarDate(milestone.dueDate),
  webPath: milestone.webPath,
  groupMilestone: Boolean(milestone.groupMilestone),
  subgroupMilestone: Boolean(milestone.subgroupMilestone),
  projectMilestone: Boolean(milestone.projectMilestone),
});

/** The number in `gid://gitlab/Type/<n>`; NaN never escapes (a malformed id is a server bug). */
export function numericId(gid: string): number {
  const parsed = parseGlobalId(gid);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.id;
}

type EpicNode = NonNullable<NonNullable<EpicDetailQuery['group']>['epic']>;

export function toEpicDetail(epic: EpicNode, groupFullName: string): EpicDetail {
  const counts = epic.descendantCounts;
  return {
    id: epic.id,
    iid: epic.iid,
    title: epic.title ?? '',
    description: epic.description || null,
    state: toItemState(epic.state),
    confidential: Boolean(epic.confidential),
    createdAt: toInstant(epic.createdAt),
    closedAt: toInstant(epic.closedAt),
    reference: epic.reference,
    groupFullPath: epic.group.fullPath,
    groupFullName,
    author: toUser(epic.author),
    startDate: {
      date: toCalendarDate(epic.startDate),
      isFixed: Boolean(epic.startDateIsFixed),
    },
    dueDate: { date: toCalendarDate(epic.dueDate), isFixed: Boolean(epic.dueDateIsFixed) },
    labels: toLabels(epic.labels),
    parent: epic.parent
      ? { title: epic.parent.title ?? '', webPath: epic.parent.webPath, reference: epic.parent.reference }
      : null,
    counts: {
      openedEpics: counts?.openedEpics ?? 0,
      closedEpics: counts?.closedEpics ?? 0,
      openedIssues: counts?.openedIssues ?? 0,
      closedIssues: counts?.closedIssues ?? 0,
    },
    upvotes: epic.upvotes,
    downvotes: epic.downvotes,
  };
}

export function toProjectOverview(project: NonNullable<ProjectOverviewQuery['project']>): ProjectOverview {
  const namespace = project.group ?? project.namespace;
  return {
    id: project.id,
    name: project.name,
    fullPath: project.fullPath,
    nameWithNamespace: project.nameWithNamespace,
    description: project.description || null,
    visibility: toVisibility(project.visibility),
    openIssuesCount: project.openIssuesCount ?? null,
    namespaceFullPath: namespace?.fullPath ?? null,
    namespaceFullName: namespace?.fullName ?? null,
  };
}

export const toIssueListItem = (issue: IssueListItemFragment): IssueListItem => ({
  id: issue.id,
  iid: issue.iid,
  title: issue.title,
  state: toItemState(issue.state),
  type: toIssueType(issue.type),
  confidential: issue.confidential,
  createdAt: toInstant(issue.createdAt),
  dueDate: toCalendarDate(issue.dueDate),
  weight: issue.weight ?? null,
  healthStatus: toHealthStatus(issue.healthStatus),
  author: toUser(issue.author),
  assignees: compact(issue.assignees?.nodes).map(toUser),
  milestone: issue.milestone
    ? { id: issue.milestone.id, title: issue.milestone.title, webPath: issue.milestone.webPath }
    : null,
  labels: toLabels(issue.labels),
});

type IssueNode = NonNullable<NonNullable<IssueDetailQuery['project']>['issue']>;

export const toIssueDetail = (issue: IssueNode, projectFullName: string): IssueDetail => ({
  ...toIssueListItem(issue),
  projectFullName,
  description: issue.description || null,
  reference: issue.reference,
  closedAt: toInstant(issue.closedAt),
  epic: issue.epic
    ? { title: issue.epic.title ?? '', webPath: issue.epic.webPath, reference: issue.epic.reference }
    : null,
  upvotes: issue.upvotes,
  downvotes: issue.downvotes,
});
