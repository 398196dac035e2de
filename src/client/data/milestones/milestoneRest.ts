/**
 * Milestone writes the browser makes through GitLab's REST API (`/api/v4/projects/:id/milestones`
 * and `/api/v4/groups/:id/milestones`), with the session cookie and the CSRF token. A validation
 * error reads as Rails' full messages ('Title has already been taken').
 */
import { milestoneFullMessages } from '../../../core/domain/milestoneRules.ts';
import { csrfHeaders, jsonWriteHeaders } from '../csrf.ts';
import { apiErrorText } from '../epics/epicRest.ts';
import type { MilestoneKind } from '../types.ts';

export interface MilestoneFields {
  readonly title: string;
  readonly description: string;
  /** YYYY-MM-DD, or '' for none. */
  readonly startDate: string;
  readonly dueDate: string;
}

export interface SavedMilestone {
  readonly id: number;
  readonly iid: number;
  /** The milestone page's path. */
  readonly webPath: string;
}

const collection = (kind: MilestoneKind, fullPath: string) =>
  `/api/v4/${kind === 'group' ? 'groups' : 'projects'}/${encodeURIComponent(fullPath)}/milestones`;

function errorText(body: unknown, status: number): string {
  const message =
    typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : undefined;
  if (typeof message === 'object' && message !== null) {
    return milestoneFullMessages(message as Record<string, string[]>).join(', ');
  }
  return apiErrorText(body, status);
}

async function send(method: string, url: string, body?: object): Promise<unknown> {
  const response = await fetch(url, {
    method,
    credentials: 'same-origin',
    // A body-less write (DELETE) says no content type: an empty JSON body is a 400.
    headers: body ? jsonWriteHeaders() : csrfHeaders(),
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const answer: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) throw new Error(errorText(answer, response.status));
  return answer;
}

const toSaved = (body: unknown): SavedMilestone => {
  const milestone = body as { id: number; iid: number; web_url: string };
  return { id: milestone.id, iid: milestone.iid, webPath: new URL(milestone.web_url).pathname };
};

const fieldsBody = (fields: MilestoneFields) => ({
  title: fields.title,
  description: fields.description,
  start_date: fields.startDate || null,
  due_date: fields.dueDate || null,
});

export async function createMilestone(
  kind: MilestoneKind,
  fullPath: string,
  fields: MilestoneFields,
): Promise<SavedMilestone> {
  return toSaved(await send('POST', collection(kind, fullPath), fieldsBody(fields)));
}

export async function updateMilestone(
  kind: MilestoneKind,
  fullPath: string,
  milestoneId: string,
  change: MilestoneFields | { readonly stateEvent: 'close' | 'activate' },
): Promise<SavedMilestone> {
  const body = 'stateEvent' in change ? { state_event: change.stateEvent } : fieldsBody(change);
  return toSaved(await send('PUT', `${collection(kind, fullPath)}/${encodeURIComponent(milestoneId)}`, body));
}

export async function deleteMilestone(
  kind: MilestoneKind,
  fullPath: string,
  milestoneId: string,
): Promise<void> {
  await send('DELETE', `${collection(kind, fullPath)}/${encodeURIComponent(milestoneId)}`);
}
