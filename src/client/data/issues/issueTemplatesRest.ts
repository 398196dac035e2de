/**
 * A project's issue description templates through GitLab's project templates API
 * (`/api/v4/projects/:id/templates/issues`), and Plantrack's writes on the same resource
 * (server: src/server/http/api/issueTemplateRoutes.ts). Answers are checked here, at the edge.
 */
import { issueTemplatesApiPath } from '../../../core/domain/webPaths.ts';
import { jsonWriteHeaders } from '../csrf.ts';
import { apiErrorText } from '../epics/epicRest.ts';
import { getJsonArray, isObject, str } from '../restJson.ts';

/** A template as the list names it (GitLab's `{ key, name }`; the key is the name). */
export interface IssueTemplateSummary {
  readonly key: string;
  readonly name: string;
}

export interface IssueTemplate {
  readonly name: string;
  readonly content: string;
}

/** More than a project keeps in practice; GitLab's largest page. */
const PER_PAGE = 100;

export async function fetchIssueTemplates(
  projectId: string | number,
  signal: AbortSignal,
): Promise<IssueTemplateSummary[]> {
  const rows = await getJsonArray(`${issueTemplatesApiPath(projectId)}?per_page=${PER_PAGE}`, signal);
  return rows.flatMap((row) => {
    const name = str(row.name);
    return name === null ? [] : [{ key: str(row.key) ?? name, name }];
  });
}

function templateOf(body: unknown): IssueTemplate {
  if (!isObject(body) || str(body.name) === null) throw new Error('The server answered no template.');
  return { name: str(body.name) ?? '', content: str(body.content) ?? '' };
}

async function send(method: string, url: string, body?: unknown, signal?: AbortSignal): Promise<unknown> {
  const response = await fetch(url, {
    method,
    credentials: 'same-origin',
    headers: { Accept: 'application/json', ...(method === 'GET' ? {} : jsonWriteHeaders()) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    ...(signal ? { signal } : {}),
  });
  const answer: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) throw new Error(apiErrorText(answer, response.status));
  return answer;
}

/** One template with its content; rejects with the server's message (a 404 for an unknown name). */
export async function fetchIssueTemplate(
  projectId: string | number,
  name: string,
  signal?: AbortSignal,
): Promise<IssueTemplate> {
  return templateOf(await send('GET', issueTemplatesApiPath(projectId, name), undefined, signal));
}

/** Creates a template, or with `currentName` renames and rewrites that one. */
export async function saveIssueTemplate(
  projectId: string | number,
  template: IssueTemplate,
  currentName?: string,
): Promise<IssueTemplate> {
  const answer =
    currentName === undefined
      ? await send('POST', issueTemplatesApiPath(projectId), template)
      : await send('PUT', issueTemplatesApiPath(projectId, currentName), template);
  return templateOf(answer);
}

export async function deleteIssueTemplate(projectId: string | number, name: string): Promise<void> {
  await send('DELETE', issueTemplatesApiPath(projectId, name));
}
