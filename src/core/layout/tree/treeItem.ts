/**
 * One item of the epic child tree as the tree model takes it (spec, "Child item"; GitLab's related-items tree child
 * epic and issue nodes), already mapped from GraphQL by the client: numeric ids, dates as calendar
 * dates or ISO instants, colours as '#rrggbb'. Items are keyed by a stable string: `epic:<id>` or
 * `issue:<epicIssueId>` (an issue is in the tree through its epic-issue link).
 */
import type { HealthStatus } from '../../domain/healthStatus.ts';
import type { CalendarDate } from '../../time/calendarDate.ts';

export { HEALTH_STATUS_CODE, healthStatusOfCode } from '../../domain/healthStatus.ts';

export type TreeItemType = 'epic' | 'issue';
export type TreeItemKey = `epic:${number}` | `issue:${number}`;

/** GitLab's HealthStatus enum values. */
export type IssueHealthStatus = HealthStatus;

export interface TreeLabel {
  readonly id: number;
  readonly title: string;
  /** '#rrggbb' or null. */
  readonly color: string | null;
  readonly textColor: string | null;
}

export interface TreeDescendantCounts {
  readonly openedEpics: number;
  readonly closedEpics: number;
  readonly openedIssues: number;
  readonly closedIssues: number;
}

export interface TreeDescendantWeights {
  readonly openedIssues: number;
  readonly closedIssues: number;
}

export interface TreeEpicHealth {
  readonly issuesAtRisk: number;
  readonly issuesNeedingAttention: number;
  readonly issuesOnTrack: number;
}

export interface TreeItemInput {
  readonly type: TreeItemType;
  /** Numeric part of the Epic or Issue global id. */
  readonly id: number;
  readonly iid: number;
  /** Numeric part of the EpicIssue global id (issues only; the move id and the key). */
  readonly epicIssueId: number | null;
  readonly relativePosition: number | null;
  readonly state: 'opened' | 'closed';
  readonly confidential: boolean;
  readonly blocked: boolean;
  readonly title: string;
  /** `reference(full: true)`, e.g. `group/sub&5` or `group/project#12`. */
  readonly reference: string;
  readonly webPath: string;
  /** Where DELETE removes the item from its parent (GitLab's related-items tree); null for the root. */
  readonly relationPath: string | null;
  /** ISO 8601 instants. */
  readonly createdAt: string | null;
  readonly closedAt: string | null;
  readonly dueDate: CalendarDate | null;
  readonly weight: number | null;
  readonly milestoneTitle: string | null;
  readonly assigneeCount: number;
  /** Names of the first few assignees (at most MAX_ASSIGNEE_NAMES are kept). */
  readonly assigneeNames: readonly string[];
  readonly healthStatus: IssueHealthStatus | null;
  readonly labels: readonly TreeLabel[];
  readonly descendantCounts: TreeDescendantCounts | null;
  readonly descendantWeightSum: TreeDescendantWeights | null;
  /** Server flags: the epic has child epics / issues (before its children are loaded). */
  readonly hasChildren: boolean;
  readonly hasIssues: boolean;
  readonly epicHealthStatus: TreeEpicHealth | null;
  /** `userPermissions.adminEpic` (epics only). */
  readonly adminEpic: boolean;
}

/** A change to an item's fields; type and ids never change (a different id is a different item). */
export type TreeItemPatch = { readonly key: TreeItemKey } & Partial<
  Omit<TreeItemInput, 'type' | 'id' | 'epicIssueId'>
>;

/** Paging state of one parent's children (spec, "Per-item flags"). */
export interface TreePageInfo {
  readonly epicEndCursor: string | null;
  readonly hasMoreEpics: boolean;
  readonly issueEndCursor: string | null;
  readonly hasMoreIssues: boolean;
}

export const NO_MORE_PAGES: TreePageInfo = {
  epicEndCursor: null,
  hasMoreEpics: false,
  issueEndCursor: null,
  hasMoreIssues: false,
};

export const MAX_ASSIGNEE_NAMES = 3;

export function treeItemKey(type: TreeItemType, id: number): TreeItemKey {
  return `${type}:${id}` as TreeItemKey;
}

/** The key of an item: epics by id, issues by their epic-issue link id. */
export function keyOfItem(item: Pick<TreeItemInput, 'type' | 'id' | 'epicIssueId'>): TreeItemKey {
  if (item.type === 'epic') return treeItemKey('epic', item.id);
  if (item.epicIssueId === null) throw new Error(`issue ${item.id} has no epicIssueId`);
  return treeItemKey('issue', item.epicIssueId);
}

const KEY_PATTERN = /^(epic|issue):(\d+)$/;

/** Parses a key from outside (a data attribute, a message); undefined when it is not one. */
export function parseTreeItemKey(value: string): { type: TreeItemType; id: number } | undefined {
  const match = KEY_PATTERN.exec(value);
  if (!match) return undefined;
  const id = Number(match[2]);
  return Number.isSafeInteger(id) ? { type: match[1] as TreeItemType, id } : undefined;
}

/**
 * GitLab's client ordering of a page of children (GitLab's related-items tree, "Client ordering"): by
 * relativePosition ascending (a missing position counts as 0, as `null - n` does in GitLab's
 * comparator), then stably opened before closed. Returns a new array.
 */
export function sortChildItems<T extends Pick<TreeItemInput, 'relativePosition' | 'state'>>(
  items: readonly T[],
): T[] {
  return [...items]
    .sort((a, b) => (a.relativePosition ?? 0) - (b.relativePosition ?? 0))
    .sort((a, b) => stateRank(a.state) - stateRank(b.state));
}

const stateRank = (state: 'opened' | 'closed') => (state === 'opened' ? 0 : 1);
