/** Every text of the To-Do List page, in GitLab's words. */
import { TODO_ACTION_TEXT, type TodoActionName } from '../../../core/domain/todos.ts';

export const TODO_TEXT = {
  title: 'To-Do List',
  tabs: { pending: 'To Do', done: 'Done' },
  tabsLabel: 'Filter to-do items by state',
  markDone: 'Mark as done',
  /** After 'has requested access': what the requester asks to join. */
  accessTo: (kind: 'group' | 'project') => ` to ${kind}`,
  undo: 'Undo',
  markAllDone: 'Mark all as done',
  fetchError: 'Something went wrong while fetching to-do items',
  actionError: 'Something went wrong. Please try again.',
  filters: {
    group: 'Group',
    project: 'Project',
    author: 'Author',
    action: 'Action',
    type: 'Type',
    any: 'Any',
  },
  types: { ISSUE: 'Issue', EPIC: 'Epic' },
  empty: {
    filtered: {
      title: 'Sorry, your filter produced no results',
      description: 'To widen your search, change or remove filters above.',
    },
    allDone: {
      title: "Good job! Looks like you don't have anything left on your To-Do List",
      description:
        'Are you looking for things to do? Take a look at open issues, contribute to a merge request, or mention someone in a comment to automatically assign them a new to-do item.',
    },
    none: {
      title: 'Your To-Do List shows what to work on next',
      description:
        'When an issue or merge request is assigned to you, or when you receive a @mention in a comment, this triggers a new item in your To-Do List.',
    },
    done: { title: 'There are no done to-do items yet.' },
  },
} as const;

/** "assigned you", "set a to-do", …: what follows the author's name in a row. */
export const actionText = (action: TodoActionName): string => TODO_ACTION_TEXT[action];

/** The action filter's choices: every action GitLab names, as its To-Do List words them. */
export const ACTION_CHOICES: readonly TodoActionName[] = [
  'assigned',
  'mentioned',
  'marked',
  'directly_addressed',
  'build_failed',
  'approval_required',
  'unmergeable',
  'merge_train_removed',
  'review_requested',
  'member_access_requested',
  'review_submitted',
];
