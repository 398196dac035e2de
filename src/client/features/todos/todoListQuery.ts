/**
 * The To-Do List's URL state (GitLab's dashboard parameters): `state=done` (pending is the default),
 * `group_id`, `project_id`, `author_id`, `action`, `type` and the cursors `page_after` /
 * `page_before`. Parsing is forgiving (unknown values are dropped); serialising omits defaults.
 */
import { TODO_ACTION_NAMES, type TodoActionName } from '../../../core/domain/todos.ts';
import type { PageInfoView, TodoListFilters, TodoListType } from '../../data/index.ts';

export interface TodoListQuery extends TodoListFilters {
  readonly after: string | null;
  readonly before: string | null;
}

/** The URL's `type` values (GitLab's REST spelling) and the list's. */
const TYPES: Readonly<Record<string, TodoListType>> = { Issue: 'ISSUE', Epic: 'EPIC' };
const ACTIONS: readonly string[] = Object.values(TODO_ACTION_NAMES);
const ID_PARAMS = [
  ['groupId', 'group_id'],
  ['projectId', 'project_id'],
  ['authorId', 'author_id'],
] as const;

const idOf = (value: string | null): string | null => (value && /^\d{1,10}$/.test(value) ? value : null);

export function parseTodoListQuery(search: string): TodoListQuery {
  const params = new URLSearchParams(search);
  const action = params.get('action');
  return {
    state: params.get('state') === 'done' ? 'done' : 'pending',
    groupId: idOf(params.get('group_id')),
    projectId: idOf(params.get('project_id')),
    authorId: idOf(params.get('author_id')),
    action: action && ACTIONS.includes(action) ? (action as TodoActionName) : null,
    type: TYPES[params.get('type') ?? ''] ?? null,
    after: params.get('page_after') || null,
    before: params.get('page_before') || null,
  };
}

export function serializeTodoListQuery(query: TodoListQuery): string {
  const params = new URLSearchParams();
  if (query.state === 'done') params.set('state', 'done');
  for (const [field, name] of ID_PARAMS) {
    const value = query[field];
    if (value) params.set(name, value);
  }
  if (query.action) params.set('action', query.action);
  const type = Object.entries(TYPES).find(([, value]) => value === query.type)?.[0];
  if (type) params.set('type', type);
  if (query.before) params.set('page_before', query.before);
  else if (query.after) params.set('page_after', query.after);
  return params.toString();
}

/** Any change of tab or filter starts again from the first page. */
export function withTodoFilters(query: TodoListQuery, change: Partial<TodoListFilters>): TodoListQuery {
  return { ...query, ...change, after: null, before: null };
}

export const hasTodoFilters = (query: TodoListFilters): boolean =>
  Boolean(query.groupId || query.projectId || query.authorId || query.action || query.type);

/**
 * The previous and next pages' queries, or null. As the issue lists' paging: the server may not
 * compute `hasPreviousPage` going forward, so the direction we came from is always open.
 */
export function todoPageLinks(
  query: TodoListQuery,
  pageInfo: PageInfoView,
): { previous: TodoListQuery | null; next: TodoListQuery | null } {
  const hasPrevious = pageInfo.hasPreviousPage || (query.after !== null && query.before === null);
  const hasNext = pageInfo.hasNextPage || query.before !== null;
  return {
    previous:
      hasPrevious && pageInfo.startCursor ? { ...query, after: null, before: pageInfo.startCursor } : null,
    next: hasNext && pageInfo.endCursor ? { ...query, after: pageInfo.endCursor, before: null } : null,
  };
}
