import { todoActionName } from '../../../core/domain/todos.ts';
import { accessRequestsPath, groupPath } from '../../../core/domain/webPaths.ts';
import type { Executor } from '../../db/executor.ts';
import type { NamespaceRow, ProjectRow, TodoRow, UserRow } from '../../db/schema.ts';
import type { AccessContext } from '../../services/access.ts';
import type { IssueInProject } from '../../services/issueService.ts';
import { findTodoTargets, type TodoTargets, todoBody } from '../../services/todoTargets.ts';
import { presentEpics } from './epicJson.ts';
import { presentIssues } from './issueJson.ts';
import { presentMergeRequests } from './mergeRequestJson.ts';
import { groupJson, projectJson, userBasicJson } from './presenters.ts';

/** A presented issue or epic: GitLab's To-do carries the whole target entity. */
type TargetJson = { readonly web_url: string } & Record<string, unknown>;

/** Where the to-do lives: a project (issues) or a group (epics), as GitLab's entity exposes them. */
type TodoPlace =
  | { readonly project: ProjectRow; readonly namespace: NamespaceRow }
  | { readonly group: NamespaceRow };

/** GitLab's REST To-do entity; `project` only for project items, `group` only for group items. */
function todoJson(
  todo: TodoRow,
  place: TodoPlace,
  author: UserRow,
  target: { json: TargetJson; body: string; url?: string },
  externalUrl: string,
) {
  const where =
    'project' in place
      ? {
          project: {
            id: place.project.id,
            name: place.project.name,
            name_with_namespace: `${place.namespace.full_name} / ${place.project.name}`,
            path: place.project.path,
            path_with_namespace: place.project.full_path,
          },
        }
      : {
          group: {
            id: place.group.id,
            name: place.group.name,
            path: place.group.path,
            kind: 'group',
            full_path: place.group.full_path,
            parent_id: place.group.parent_id,
            avatar_url: null,
            web_url: `${externalUrl}${groupPath(place.group.full_path)}`,
          },
        };
  return {
    id: todo.id,
    ...where,
    author: userBasicJson(author, externalUrl),
    action_name: todoActionName(todo.action),
    target_type: todo.target_type,
    target: target.json,
    target_url: target.url ?? target.json.web_url,
    body: target.body,
    state: todo.state,
    created_at: todo.created_at.toISOString(),
    updated_at: todo.updated_at.toISOString(),
  };
}

export type TodoJson = ReturnType<typeof todoJson>;

/** GitLab's REST To-do entity for a to-do on an issue, with the issue already presented. */
export function issueTodoJson(
  todo: TodoRow,
  { project, namespace, issue }: IssueInProject,
  author: UserRow,
  target: TargetJson,
  externalUrl: string,
): TodoJson {
  return todoJson(todo, { project, namespace }, author, { json: target, body: issue.title }, externalUrl);
}

export interface TodoJsonOptions {
  readonly access: AccessContext;
  readonly externalUrl: string;
  readonly now: Date;
}

/** The epics presented, each relative to its own group (as its page names it), by id. */
async function presentEpicTargets(
  db: Executor,
  epics: TodoTargets['epics'],
  options: TodoJsonOptions,
): Promise<Map<number, TargetJson>> {
  const presented = new Map<number, TargetJson>();
  const groups = new Map([...epics.values()].map(({ group }) => [group.id, group]));
  for (const group of groups.values()) {
    const ofGroup = [...epics.values()].filter((found) => found.group.id === group.id).map((f) => f.epic);
    const json = await presentEpics(db, ofGroup, { ...options, fromGroup: group, withLabelsDetails: false });
    ofGroup.forEach((epic, index) => {
      const one = json[index];
      if (one) presented.set(epic.id, one);
    });
  }
  return presented;
}

/**
 * GitLab's To-do entities for a page of to-dos (already filtered to targets the caller may read).
 * A to-do whose target vanished meanwhile is left out.
 */
export async function presentTodos(
  db: Executor,
  todos: readonly TodoRow[],
  options: TodoJsonOptions,
): Promise<TodoJson[]> {
  const targets = await findTodoTargets(db, todos);
  const issues = [...targets.issues.values()];
  const issueJson = await presentIssues(
    db,
    issues.map((found) => found.issue),
    options,
  );
  const issueJsonById = new Map(issues.map((found, index) => [found.issue.id, issueJson[index]]));
  const epicJsonById = await presentEpicTargets(db, targets.epics, options);
  const mergeRequests = [...targets.mergeRequests.values()];
  const mergeRequestJson = await presentMergeRequests(
    db,
    mergeRequests.map((found) => found.mergeRequest),
    options,
  );
  const mergeRequestJsonById = new Map(
    mergeRequests.map((found, index) => [
      found.mergeRequest.id,
      mergeRequestJson[index] as TargetJson | undefined,
    ]),
  );
  const { externalUrl } = options;
  return todos.flatMap((todo) => {
    const author = targets.authors.get(todo.author_id);
    if (!author) return [];
    if (todo.target_type === 'Issue') {
      const found = targets.issues.get(todo.target_id);
      const json = issueJsonById.get(todo.target_id);
      if (!found || !json) return [];
      const body = todoBody(todo, found.issue.title, (id) => targets.noteTexts.get(id));
      return [todoJson(todo, found, author, { json, body }, externalUrl)];
    }
    if (todo.target_type === 'MergeRequest') {
      const found = targets.mergeRequests.get(todo.target_id);
      const json = mergeRequestJsonById.get(todo.target_id);
      if (!found || !json) return [];
      const body = todoBody(todo, found.mergeRequest.title, (id) => targets.noteTexts.get(id));
      return [todoJson(todo, found, author, { json, body }, externalUrl)];
    }
    if (todo.target_type === 'Namespace') {
      const group = targets.groups.get(todo.target_id);
      if (!group) return [];
      // GitLab's access request to-do: the group itself, its full path as the body, and a link to
      // the requests waiting on its members page.
      const json = groupJson(group, externalUrl);
      const url = `${externalUrl}${accessRequestsPath('group', group.full_path)}`;
      return [todoJson(todo, { group }, author, { json, body: group.full_path, url }, externalUrl)];
    }
    if (todo.target_type === 'Project') {
      const found = targets.projects.get(todo.target_id);
      if (!found) return [];
      const json = projectJson(found.project, found.namespace, externalUrl, undefined);
      const url = `${externalUrl}${accessRequestsPath('project', found.project.full_path)}`;
      return [todoJson(todo, found, author, { json, body: found.project.full_path, url }, externalUrl)];
    }
    const found = targets.epics.get(todo.target_id);
    const json = epicJsonById.get(todo.target_id);
    if (todo.target_type !== 'Epic' || !found || !json) return [];
    const body = todoBody(todo, found.epic.title, (id) => targets.noteTexts.get(id));
    return [todoJson(todo, { group: found.group }, author, { json, body }, externalUrl)];
  });
}
