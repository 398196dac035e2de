/**
 * An issuable's title and description endpoints (GitLab's issuable service): `realtime_changes` for
 * polling, `PUT {issuable}.json` for saves and state events, and the markdown preview. See the
 * server's src/server/http/issuable/epicIssuableRoutes.ts for the shapes.
 */
import { err, ok, type Result } from '../../../core/lib/result.ts';
import { jsonWriteHeaders } from '../csrf.ts';

/** What the page shows of an issuable's text, as the server rendered it. */
export interface IssuableText {
  readonly titleHtml: string;
  readonly titleText: string;
  readonly descriptionHtml: string;
  readonly descriptionText: string;
  readonly taskStatus: string;
  readonly lockVersion: number;
  /** The last edit of title or description (null until someone edits). */
  readonly updatedAt: string | null;
  readonly updatedByName: string | null;
  readonly updatedByPath: string | null;
  /** An issue's type ('issue', 'incident', …), which its edit form may change; null for an epic. */
  readonly issueType: string | null;
}

export type RealtimeAnswer =
  | {
      readonly kind: 'changed';
      readonly text: IssuableText;
      readonly etag: string | null;
      readonly pollInterval: number;
    }
  | { readonly kind: 'unchanged'; readonly pollInterval: number };

export interface SavedIssuable {
  readonly text: IssuableText;
  readonly webUrl: string;
  readonly state: 'opened' | 'closed';
}

/** A refused or failed save: its status (0 when the request never got one) and the server's errors. */
export interface SaveFailure {
  readonly status: number;
  readonly errors: readonly string[];
}

export type SaveAnswer = Result<SavedIssuable, SaveFailure>;

const asString = (value: unknown): string => (typeof value === 'string' ? value : '');
const asNullableString = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function toIssuableText(body: Record<string, unknown>): IssuableText {
  return {
    titleHtml: asString(body.title),
    titleText: asString(body.title_text),
    descriptionHtml: asString(body.description),
    descriptionText: asString(body.description_text),
    taskStatus: asString(body.task_status),
    lockVersion: typeof body.lock_version === 'number' ? body.lock_version : 0,
    updatedAt: asNullableString(body.updated_at),
    updatedByName: asNullableString(body.updated_by_name),
    updatedByPath: asNullableString(body.updated_by_path),
    issueType: asNullableString(body.issue_type),
  };
}

/** The `Poll-Interval` header in ms; -1 (or a missing header) means stop. */
function pollIntervalOf(response: Response): number {
  const value = Number(response.headers.get('Poll-Interval'));
  return Number.isFinite(value) && response.headers.has('Poll-Interval') ? value : -1;
}

function jsonHeaders(): Record<string, string> {
  return { ...jsonWriteHeaders(), Accept: 'application/json' };
}

/** `{errors: [...]}` or `{message}` from a failed answer. */
export function errorsOf(body: unknown): string[] {
  if (typeof body !== 'object' || body === null) return [];
  const { errors, message } = body as { errors?: unknown; message?: unknown };
  if (Array.isArray(errors)) return errors.filter((error): error is string => typeof error === 'string');
  if (typeof errors === 'string') return [errors];
  if (typeof message === 'string') return [message];
  return [];
}

export async function fetchRealtimeChanges(
  endpoint: string,
  etag: string | null,
  signal?: AbortSignal,
): Promise<RealtimeAnswer> {
  const response = await fetch(`${endpoint}/realtime_changes`, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json', ...(etag ? { 'If-None-Match': etag } : {}) },
    cache: 'no-cache',
    ...(signal ? { signal } : {}),
  });
  const pollInterval = pollIntervalOf(response);
  if (response.status === 304) return { kind: 'unchanged', pollInterval };
  if (!response.ok) throw new RealtimeError(response.status, pollInterval);
  const body = (await response.json()) as Record<string, unknown>;
  return { kind: 'changed', text: toIssuableText(body), etag: response.headers.get('ETag'), pollInterval };
}

/** A failed poll: its status, and whether the server asked to stop (-1). */
export class RealtimeError extends Error {
  constructor(
    readonly status: number,
    readonly pollInterval: number,
  ) {
    super(`realtime_changes answered ${status}`);
  }
}

/** The kinds of issuable these endpoints serve; a save nests its fields under this key (`{ epic: … }`). */
export type IssuableType = 'epic' | 'issue' | 'merge_request';

export interface IssuableFields {
  readonly title?: string;
  readonly description?: string;
  readonly stateEvent?: 'close' | 'reopen';
  readonly lockVersion?: number;
  /** An issue's type selector: 'issue' or 'incident'. */
  readonly issueType?: string;
  /**
   * GitLab's task-list toggle, sent as a PATCH in place of the description: the server ticks the
   * task on that line if the line still reads `lineSource`.
   */
  readonly updateTask?: {
    readonly index: number;
    readonly checked: boolean;
    readonly lineNumber: number;
    readonly lineSource: string;
  };
}

export async function saveIssuable(
  updateEndpoint: string,
  issuableType: IssuableType,
  fields: IssuableFields,
): Promise<SaveAnswer> {
  const params: Record<string, unknown> = {};
  if (fields.title !== undefined) params.title = fields.title;
  if (fields.description !== undefined) params.description = fields.description;
  if (fields.stateEvent !== undefined) params.state_event = fields.stateEvent;
  if (fields.lockVersion !== undefined) params.lock_version = fields.lockVersion;
  if (fields.issueType !== undefined) params.issue_type = fields.issueType;
  const task = fields.updateTask;
  if (task) {
    params.update_task = {
      index: task.index,
      checked: task.checked,
      line_number: task.lineNumber,
      line_source: task.lineSource,
    };
  }
  let response: Response;
  try {
    response = await fetch(updateEndpoint, {
      method: task ? 'PATCH' : 'PUT',
      credentials: 'same-origin',
      headers: jsonHeaders(),
      body: JSON.stringify({ [issuableType]: params }),
    });
  } catch (error) {
    return err({ status: 0, errors: [error instanceof Error ? error.message : String(error)] });
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok || typeof body !== 'object' || body === null) {
    return err({ status: response.status, errors: errorsOf(body) });
  }
  const record = body as Record<string, unknown>;
  return ok({
    text: toIssuableText(record),
    webUrl: asString(record.web_url),
    state: record.state === 'closed' ? 'closed' : 'opened',
  });
}

/** The rendered HTML of markdown as the server would store it (GitLab's preview_markdown). */
export async function previewMarkdown(path: string, text: string, signal?: AbortSignal): Promise<string> {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: jsonHeaders(),
    body: JSON.stringify({ text }),
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) throw new Error(`preview_markdown answered ${response.status}`);
  const body = (await response.json()) as { body?: unknown };
  return asString(body.body);
}
