/** Pure mappers from the To-Do List queries' answers to its view models. */
import { type TodoActionName, todoActionName, todoActionOfName } from '../../../core/domain/todos.ts';
import { toInstant } from '../dates.ts';
import type { TodoFilterOptionsQuery, TodoListQuery } from '../generated/graphql.ts';
import { compact, numericId, toPageInfo } from '../mappers.ts';
import type { TodoFilterOption, TodoFilterOptionsView, TodoItemView, TodoListView } from './todoListTypes.ts';

type TodoNode = NonNullable<
  NonNullable<NonNullable<NonNullable<TodoListQuery['currentUser']>['todos']>['nodes']>[number]
>;

const actionOf = (name: string): TodoActionName => todoActionName(todoActionOfName(name) ?? 0);

export function toTodoItem(node: TodoNode): TodoItemView {
  const target = node.target;
  const itemTitle = 'title' in target ? target.title : 'epicTitle' in target ? target.epicTitle : null;
  // An access request names the group or project to join; its body is only that place's path.
  const placeName =
    'groupName' in target
      ? target.groupName
      : 'nameWithNamespace' in target
        ? target.nameWithNamespace
        : null;
  const title = itemTitle ?? placeName ?? node.body;
  return {
    id: node.id,
    state: node.state === 'done' ? 'done' : 'pending',
    action: actionOf(node.action),
    author: {
      name: node.author.name,
      username: node.author.username,
      avatarUrl: node.author.avatarUrl ?? null,
      webPath: node.author.webPath,
    },
    reference: 'reference' in target ? target.reference : '',
    placeKind: 'groupName' in target ? 'group' : 'nameWithNamespace' in target ? 'project' : null,
    title,
    // A to-do from a comment carries the comment's text as its body (GitLab's list quotes it).
    noteBody: itemTitle !== null && node.body !== itemTitle ? node.body : null,
    url: node.targetUrl ?? target.webUrl ?? '',
    createdAt: toInstant(node.createdAt),
  };
}

/** Null for an anonymous visitor (the page is signed-in only, so only after a sign-out elsewhere). */
export function toTodoList(answer: TodoListQuery): TodoListView | null {
  const user = answer.currentUser;
  if (!user) return null;
  return {
    items: compact(user.todos?.nodes).map(toTodoItem),
    pendingCount: user.pending?.count ?? 0,
    doneCount: user.done?.count ?? 0,
    pageInfo: toPageInfo(user.todos?.pageInfo),
  };
}

/** Each option once (by id), sorted by what it shows. */
function options(entries: readonly (TodoFilterOption | null)[]): TodoFilterOption[] {
  const byId = new Map<string, TodoFilterOption>();
  for (const entry of entries) if (entry && !byId.has(entry.id)) byId.set(entry.id, entry);
  return [...byId.values()].sort((a, b) => a.label.localeCompare(b.label));
}

const option = (item: { id: string } | null | undefined, label: string | undefined) =>
  item && label !== undefined ? { id: String(numericId(item.id)), label } : null;

/** The groups, projects and authors the user's latest to-dos name: what the filters offer. */
export function toTodoFilterOptions(answer: TodoFilterOptionsQuery): TodoFilterOptionsView {
  const nodes = compact(answer.currentUser?.todos?.nodes);
  return {
    groups: options(
      nodes.flatMap((node) => [
        option(node.group, node.group?.fullName),
        option(node.project?.group, node.project?.group?.fullName),
      ]),
    ),
    projects: options(nodes.map((node) => option(node.project, node.project?.nameWithNamespace))),
    authors: options(nodes.map((node) => option(node.author, node.author.name))),
  };
}
