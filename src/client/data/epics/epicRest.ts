/**
 * Epic writes the browser makes through GitLab's REST API (`/api/v4`), with the session cookie and
 * the CSRF token. Errors carry the server's `{"message": …}` text, flattened to one line.
 */
import { jsonWriteHeaders } from '../csrf.ts';

export interface NewEpicFields {
  readonly title: string;
  readonly description: string;
  readonly confidential: boolean;
  /** YYYY-MM-DD, or '' for none. */
  readonly startDate: string;
  readonly dueDate: string;
}

export interface CreatedEpic {
  readonly id: number;
  readonly iid: number;
  readonly webUrl: string;
}

/** GitLab's error bodies: a string, or `{field: [messages]}` for validation errors. */
export function apiErrorText(body: unknown, status: number): string {
  const message =
    typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : undefined;
  if (typeof message === 'string') return message;
  // Grape's parameter errors (`{"error": "file is missing"}`).
  const error = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  if (typeof error === 'string') return error;
  if (typeof message === 'object' && message !== null) {
    return Object.entries(message as Record<string, unknown>)
      .map(([field, errors]) => `${field} ${Array.isArray(errors) ? errors.join(', ') : String(errors)}`)
      .join('; ');
  }
  return `The server answered ${status}.`;
}

export async function createGroupEpic(groupId: string, fields: NewEpicFields): Promise<CreatedEpic> {
  const response = await fetch(`/api/v4/groups/${encodeURIComponent(groupId)}/epics`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: jsonWriteHeaders(),
    body: JSON.stringify({
      title: fields.title,
      description: fields.description,
      confidential: fields.confidential,
      ...(fields.startDate ? { start_date_is_fixed: true, start_date_fixed: fields.startDate } : {}),
      ...(fields.dueDate ? { due_date_is_fixed: true, due_date_fixed: fields.dueDate } : {}),
    }),
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new Error(apiErrorText(body, response.status));
  const epic = body as { id: number; iid: number; web_url: string };
  return { id: epic.id, iid: epic.iid, webUrl: epic.web_url };
}
