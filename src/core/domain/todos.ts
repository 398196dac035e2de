/**
 * GitLab's to-do actions (`Todo::ASSIGNED` = 1 …), stored as numbers and named in GraphQL by
 * `TodoActionEnum`. A to-do a user adds by hand ("Add a to-do") is `marked`.
 */
export const TODO_ACTION_NAMES = {
  1: 'assigned',
  2: 'mentioned',
  3: 'build_failed',
  4: 'marked',
  5: 'approval_required',
  6: 'unmergeable',
  7: 'directly_addressed',
  8: 'merge_train_removed',
  9: 'review_requested',
  10: 'member_access_requested',
  11: 'review_submitted',
} as const;

export type TodoActionName = (typeof TODO_ACTION_NAMES)[keyof typeof TODO_ACTION_NAMES];

export const TODO_ACTION_ASSIGNED = 1;
export const TODO_ACTION_MARKED = 4;
export const TODO_ACTION_MENTIONED = 2;
export const TODO_ACTION_DIRECTLY_ADDRESSED = 7;
export const TODO_ACTION_MEMBER_ACCESS_REQUESTED = 10;
export const TODO_ACTION_REVIEW_REQUESTED = 9;

export type TodoState = 'pending' | 'done';

/** The name of a stored action; an action this build does not know reads as `marked`. */
export function todoActionName(action: number): TodoActionName {
  return TODO_ACTION_NAMES[action as keyof typeof TODO_ACTION_NAMES] ?? 'marked';
}

/** The stored number of an action name, for filters; undefined for a name this build does not know. */
export function todoActionOfName(name: string): number | undefined {
  for (const [code, known] of Object.entries(TODO_ACTION_NAMES)) if (known === name) return Number(code);
  return undefined;
}

/**
 * How GitLab's To-Do List words each action after the author's name ("Ada mentioned you"); `marked`
 * is the to-do a user set themselves.
 */
export const TODO_ACTION_TEXT: Readonly<Record<TodoActionName, string>> = {
  assigned: 'assigned you',
  mentioned: 'mentioned you',
  build_failed: 'The pipeline failed',
  marked: 'set a to-do',
  approval_required: 'set you as an approver',
  unmergeable: 'Could not merge',
  directly_addressed: 'directly addressed you',
  merge_train_removed: 'Removed from Merge Train',
  review_requested: 'requested a review',
  member_access_requested: 'has requested access',
  review_submitted: 'reviewed your merge request',
};

/**
 * The target types GitLab's `GET /todos` accepts as `type`. This app stores to-dos only on the
 * first three; the others are valid values that match nothing.
 */
export const TODO_TARGET_TYPES = [
  'Issue',
  'Epic',
  'MergeRequest',
  'Commit',
  'DesignManagement::Design',
  'AlertManagement::Alert',
  'Project',
  'Namespace',
  'Vulnerability',
  'WikiPage::Meta',
] as const;
