/**
 * Creating an issue through GitLab's REST API (`POST /api/v4/projects/:id/issues`) with the session
 * cookie and the CSRF token; errors carry the server's message flattened to one line.
 */
import { projectIssuesApiPath } from '../../../core/domain/webPaths.ts';
import { jsonWriteHeaders } from '../csrf.ts';
import { apiErrorText } from '../epics/epicRest.ts';
import { isObject } from '../restJson.ts';

export interface NewIssueFields {
  readonly title: string;
  readonly description: string;
  readonly confidential: boolean;
  readonly issueType: 'issue' | 'incident';
  /** The rest is the team's metadata; the server keeps it only from those who may set it. */
  readonly labels?: readonly string[];
  readonly milestoneId?: number | null;
  readonly assigneeIds?: readonly number[];
  /** `YYYY-MM-DD`, or '' for none. */
  readonly dueDate?: string;
  readonly weight?: number | null;
}

export interface CreatedIssue {
  readonly iid: number;
  readonly webUrl: string;
}

/** GitLab's create parameters for the fields given (empty ones are left out). */
export function newIssueBody(fields: NewIssueFields): Record<string, unknown> {
  return {
    title: fields.title,
    description: fields.description,
    confidential: fields.confidential,
    issue_type: fields.issueType,
    ...(fields.labels?.length ? { labels: fields.labels.join(',') } : {}),
    ...(fields.milestoneId ? { milestone_id: fields.milestoneId } : {}),
    ...(fields.assigneeIds?.length ? { assignee_ids: fields.assigneeIds } : {}),
    ...(fields.dueDate ? { due_date: fields.dueDate } : {}),
    ...(fields.weight !== undefined && fields.weight !== null ? { weight: fields.weight } : {}),
  };
}

export async function createProjectIssue(
  projectId: string | number,
  fields: NewIssueFields,
): Promise<CreatedIssue> {
  const response = await fetch(projectIssuesApiPath(projectId), {
    method: 'POST',
    credentials: 'same-origin',
    headers: { Accept: 'application/json', ...jsonWriteHeaders() },
    body: JSON.stringify(newIssueBody(fields)),
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new Error(apiErrorText(body, response.status));
  if (!isObject(body) || typeof body.web_url !== 'string') throw new Error('The server answered no issue.');
  return { iid: Number(body.iid), webUrl: body.web_url };
}
