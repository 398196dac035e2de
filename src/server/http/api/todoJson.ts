import { todoActionName } from '../../../core/domain/todos.ts';
import type { TodoRow, UserRow } from '../../db/schema.ts';
import type { IssueInProject } from '../../services/issueService.ts';
import { userBasicJson } from './presenters.ts';

/** GitLab's REST To-do entity for a to-do on an issue, with the issue already presented. */
export function issueTodoJson(
  todo: TodoRow,
  { project, namespace, issue }: IssueInProject,
  author: UserRow,
  target: { readonly web_url: string } & Record<string, unknown>,
  externalUrl: string,
) {
  return {
    id: todo.id,
    project: {
      id: project.id,
      name: project.name,
      name_with_namespace: `${namespace.full_name} / ${project.name}`,
      path: project.path,
      path_with_namespace: project.full_path,
    },
    author: userBasicJson(author, externalUrl),
    action_name: todoActionName(todo.action),
    target_type: 'Issue' as const,
    target,
    target_url: target.web_url,
    body: issue.title,
    state: todo.state,
    created_at: todo.created_at.toISOString(),
    updated_at: todo.updated_at.toISOString(),
  };
}
