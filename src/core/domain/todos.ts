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

export const TODO_ACTION_MARKED = 4;

export type TodoState = 'pending' | 'done';

/** The name of a stored action; an action this build does not know reads as `marked`. */
export function todoActionName(action: number): TodoActionName {
  return TODO_ACTION_NAMES[action as keyof typeof TODO_ACTION_NAMES] ?? 'marked';
}
