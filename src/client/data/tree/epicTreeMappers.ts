/**
 * GitLab's childItems answer (the related-items tree query) as the tree model's items: numeric ids out of global ids,
 * dates as calendar dates, colours as they came. One page of a parent's children, with the cursors
 * of its two lists, and the root's header numbers.
 */
import type {
  TreeDescendantCounts,
  TreeEpicHealth,
  TreeItemInput,
  TreeLabel,
  TreePageInfo,
} from '../../../core/layout/tree/treeItem.ts';
import { MAX_ASSIGNEE_NAMES, sortChildItems } from '../../../core/layout/tree/treeItem.ts';
import { toCalendarDate } from '../dates.ts';
import type {
  ChildItemsQuery,
  RelatedTreeBaseEpicFragment,
  TreeEpicNodeFragment,
  TreeIssueNodeFragment,
} from '../generated/graphql.ts';
import { numericId } from '../mappers.ts';

/** The root epic of a tree: the card's header numbers and what its forms and moves need. */
export interface TreeRoot {
  readonly item: TreeItemInput;
  /** The root's group (for child fetches and forms). */
  readonly groupFullPath: string;
  readonly groupId: number;
  readonly confidential: boolean;
  /** 1 + the root's ancestors: the depth rule counts from the top of the hierarchy. */
  readonly depth: number;
  readonly createEpic: boolean;
}

export interface ChildItemsPage {
  readonly root: TreeRoot;
  /** The page's epics and issues, in GitLab's client order. */
  readonly items: readonly TreeItemInput[];
  readonly pageInfo: TreePageInfo;
}

type QueriedEpic = NonNullable<NonNullable<ChildItemsQuery['group']>['epic']>;

const labelsOf = (
  labels: {
    nodes: Array<{ id: string; color: string; textColor: string; title: string } | null> | null;
  } | null,
): TreeLabel[] =>
  (labels?.nodes ?? []).flatMap((label) =>
    label
      ? [{ id: numericId(label.id), title: label.title, color: label.color, textColor: label.textColor }]
      : [],
  );

const countsOf = (epic: RelatedTreeBaseEpicFragment): TreeDescendantCounts | null =>
  epic.descendantCounts
    ? {
        openedEpics: epic.descendantCounts.openedEpics ?? 0,
        closedEpics: epic.descendantCounts.closedEpics ?? 0,
        openedIssues: epic.descendantCounts.openedIssues ?? 0,
        closedIssues: epic.descendantCounts.closedIssues ?? 0,
      }
    : null;

const healthOf = (epic: RelatedTreeBaseEpicFragment): TreeEpicHealth | null =>
  epic.healthStatus
    ? {
        issuesAtRisk: epic.healthStatus.issuesAtRisk ?? 0,
        issuesNeedingAttention: epic.healthStatus.issuesNeedingAttention ?? 0,
        issuesOnTrack: epic.healthStatus.issuesOnTrack ?? 0,
      }
    : null;

/** Fields every epic of the tree has, root included. */
function epicBase(epic: RelatedTreeBaseEpicFragment) {
  return {
    type: 'epic' as const,
    id: numericId(epic.id),
    iid: Number(epic.iid),
    epicIssueId: null,
    relativePosition: epic.relativePosition,
    title: epic.title ?? '',
    webPath: epic.webPath,
    dueDate: null,
    weight: null,
    milestoneTitle: null,
    assigneeCount: 0,
    assigneeNames: [],
    healthStatus: null,
    descendantCounts: countsOf(epic),
    descendantWeightSum: epic.descendantWeightSum
      ? {
          openedIssues: epic.descendantWeightSum.openedIssues ?? 0,
          closedIssues: epic.descendantWeightSum.closedIssues ?? 0,
        }
      : null,
    epicHealthStatus: healthOf(epic),
    adminEpic: epic.userPermissions.adminEpic,
  };
}

function treeEpicItem(node: TreeEpicNodeFragment): TreeItemInput {
  return {
    ...epicBase(node),
    state: node.state === 'closed' ? 'closed' : 'opened',
    confidential: node.confidential === true,
    blocked: node.blocked === true,
    reference: node.reference,
    relationPath: node.relationPath,
    createdAt: node.createdAt,
    closedAt: node.closedAt,
    labels: labelsOf(node.labels),
    hasChildren: node.hasChildren,
    hasIssues: node.hasIssues,
  };
}

function treeIssueItem(node: TreeIssueNodeFragment): TreeItemInput {
  const assignees = (node.assignees?.edges ?? []).flatMap((edge) => (edge?.node ? [edge.node] : []));
  return {
    type: 'issue',
    id: numericId(node.id),
    iid: Number(node.iid),
    epicIssueId: numericId(node.epicIssueId),
    relativePosition: node.relativePosition,
    state: node.state === 'closed' ? 'closed' : 'opened',
    confidential: node.confidential,
    blocked: node.blocked,
    title: node.title,
    reference: node.reference,
    webPath: node.webPath,
    relationPath: node.relationPath,
    createdAt: node.createdAt,
    closedAt: node.closedAt,
    dueDate: toCalendarDate(node.dueDate),
    weight: node.weight,
    milestoneTitle: node.milestone?.title ?? null,
    assigneeCount: assignees.length,
    assigneeNames: assignees.slice(0, MAX_ASSIGNEE_NAMES).map((user) => user.name),
    healthStatus: node.healthStatus,
    labels: labelsOf(node.labels),
    descendantCounts: null,
    descendantWeightSum: null,
    hasChildren: false,
    hasIssues: false,
    epicHealthStatus: null,
    adminEpic: false,
  };
}

function rootOf(group: NonNullable<ChildItemsQuery['group']>, epic: QueriedEpic): TreeRoot {
  const base = epicBase(epic);
  const counts = base.descendantCounts;
  return {
    item: {
      ...base,
      state: 'opened',
      confidential: epic.confidential === true,
      blocked: false,
      reference: `${group.fullPath}&${epic.iid}`,
      relationPath: null,
      createdAt: null,
      closedAt: null,
      labels: [],
      hasChildren: (counts?.openedEpics ?? 0) + (counts?.closedEpics ?? 0) > 0,
      hasIssues: (counts?.openedIssues ?? 0) + (counts?.closedIssues ?? 0) > 0,
    },
    groupFullPath: group.fullPath,
    groupId: numericId(group.id),
    confidential: epic.confidential === true,
    depth: 1 + (epic.ancestors?.count ?? 0),
    createEpic: epic.userPermissions.createEpic,
  };
}

/** One childItems answer as a page of the tree; null when the epic is missing or hidden. */
export function childItemsPage(data: ChildItemsQuery): ChildItemsPage | null {
  const group = data.group;
  const epic = group?.epic;
  if (!group || !epic) return null;
  const epics = (epic.children?.edges ?? []).flatMap((edge) => (edge?.node ? [treeEpicItem(edge.node)] : []));
  const issues = (epic.issues?.edges ?? []).flatMap((edge) => (edge?.node ? [treeIssueItem(edge.node)] : []));
  return {
    root: rootOf(group, epic),
    items: sortChildItems([...epics, ...issues]),
    pageInfo: {
      epicEndCursor: epic.children?.pageInfo.endCursor ?? null,
      hasMoreEpics: epic.children?.pageInfo.hasNextPage ?? false,
      issueEndCursor: epic.issues?.pageInfo.endCursor ?? null,
      hasMoreIssues: epic.issues?.pageInfo.hasNextPage ?? false,
    },
  };
}

/** Where an epic of the tree lives, from its full reference (`group/sub&5`): for fetching its children. */
export function epicAddressOf(reference: string): { fullPath: string; iid: string } | null {
  const match = /^(.+)&(\d+)$/.exec(reference);
  return match ? { fullPath: match[1]!, iid: match[2]! } : null;
}
