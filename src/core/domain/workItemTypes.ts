/**
 * GitLab's base work item types (WorkItems::Type): the ids GitLab's default types get, in the order
 * of its base_type enum, their names and icon names. GraphQL ids are `gid://gitlab/WorkItems::Type/<id>`.
 */

export type WorkItemBaseType =
  | 'issue'
  | 'incident'
  | 'test_case'
  | 'requirement'
  | 'task'
  | 'objective'
  | 'key_result'
  | 'epic';

export interface WorkItemType {
  readonly id: number;
  readonly baseType: WorkItemBaseType;
  readonly name: string;
  readonly iconName: string;
}

export const WORK_ITEM_TYPES: readonly WorkItemType[] = [
  { id: 1, baseType: 'issue', name: 'Issue', iconName: 'issue-type-issue' },
  { id: 2, baseType: 'incident', name: 'Incident', iconName: 'issue-type-incident' },
  { id: 3, baseType: 'test_case', name: 'Test Case', iconName: 'issue-type-test-case' },
  { id: 4, baseType: 'requirement', name: 'Requirement', iconName: 'issue-type-requirements' },
  { id: 5, baseType: 'task', name: 'Task', iconName: 'issue-type-task' },
  { id: 6, baseType: 'objective', name: 'Objective', iconName: 'issue-type-objective' },
  { id: 7, baseType: 'key_result', name: 'Key Result', iconName: 'issue-type-keyresult' },
  { id: 8, baseType: 'epic', name: 'Epic', iconName: 'issue-type-epic' },
];

/** The types an `issues` row can hold here (its issue_type column); the others are listed, not stored. */
export type StoredWorkItemType = 'issue' | 'incident' | 'task';

const STORED: readonly string[] = ['issue', 'incident', 'task'] satisfies StoredWorkItemType[];

/**
 * GitLab's issue lists (Issue::TYPES_FOR_LIST, REST's allowed types for issues): issues, incidents and
 * test cases. A task is listed only when a type filter asks for it, and counts only under its parent
 * (so a milestone's counts add up to its lists).
 */
export const LISTED_ISSUE_TYPES = ['issue', 'incident', 'test_case'] as const;

export const isStoredWorkItemType = (baseType: WorkItemBaseType): baseType is StoredWorkItemType =>
  STORED.includes(baseType);

export function workItemTypeById(id: number): WorkItemType | undefined {
  return WORK_ITEM_TYPES.find((type) => type.id === id);
}

export function workItemTypeOf(baseType: WorkItemBaseType): WorkItemType {
  const type = WORK_ITEM_TYPES.find((candidate) => candidate.baseType === baseType);
  if (!type) throw new Error(`Unknown work item type ${baseType}`);
  return type;
}

/** GitLab's global id of a work item type. */
export const workItemTypeGlobalId = (type: WorkItemType): string => `gid://gitlab/WorkItems::Type/${type.id}`;
