/** View models of GitLab's To-Do List page, made by todoListMappers. */
import type { TodoActionName } from '../../../core/domain/todos.ts';
import type { Instant, PageInfoView } from '../types.ts';

export type TodoListState = 'pending' | 'done';
/** The target types this app keeps to-dos on (GraphQL's TodoTargetEnum values). */
export type TodoListType = 'ISSUE' | 'EPIC';

/** The list's filters: database ids as the URL spells them, null for "any". */
export interface TodoListFilters {
  readonly state: TodoListState;
  readonly groupId: string | null;
  readonly projectId: string | null;
  readonly authorId: string | null;
  readonly action: TodoActionName | null;
  readonly type: TodoListType | null;
}

export interface TodoItemView {
  readonly id: string;
  readonly state: TodoListState;
  readonly action: TodoActionName;
  readonly author: {
    readonly name: string;
    readonly username: string;
    readonly avatarUrl: string | null;
    readonly webPath: string;
  };
  /** `group/project#12` or `group&5`. */
  readonly reference: string;
  /** What an access request asks to join (GitLab's "has requested access to group"); else null. */
  readonly placeKind: 'group' | 'project' | null;
  readonly title: string;
  /** The comment's text when the to-do comes from a mention in a comment. */
  readonly noteBody: string | null;
  readonly url: string;
  readonly createdAt: Instant | null;
}

export interface TodoListView {
  readonly items: readonly TodoItemView[];
  /** The tabs' counts, under the same filters. */
  readonly pendingCount: number;
  readonly doneCount: number;
  readonly pageInfo: PageInfoView;
}

/** A filter's choice: the database id and what the select shows. */
export interface TodoFilterOption {
  readonly id: string;
  readonly label: string;
}

export interface TodoFilterOptionsView {
  readonly groups: readonly TodoFilterOption[];
  readonly projects: readonly TodoFilterOption[];
  readonly authors: readonly TodoFilterOption[];
}
