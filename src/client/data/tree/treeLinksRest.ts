/**
 * The REST calls of the child-items tree's forms and of the related-items form (GitLab's
 * related_items_tree and related_issues endpoints, the spec's REST calls, GitLab's related-items tree), with the session cookie
 * and the CSRF token. The functions that write answer a `Result` whose error is the `HttpFailure`;
 * the features turn it into the spec's text (spec): related-items' `addItemErrorText` and
 * `removeItemErrorText`, the tree's `createEpicErrorText`.
 */

import {
  epicChildLinksPath,
  epicIssuesPath,
  groupAutocompleteSourcePath,
  projectPath,
  relatedEpicLinksPath,
} from '../../../core/domain/webPaths.ts';
import { err, ok, type Result } from '../../../core/lib/result.ts';
import { csrfHeaders, jsonWriteHeaders } from '../csrf.ts';
import { getJsonArray, isObject, type Json, str } from '../restJson.ts';

/** The two kinds of child an epic's tree holds. */
export type TreeItemType = 'epic' | 'issue';

/** GitLab's link types between related items (spec: "Link types: blocks, is_blocked_by, relates_to"). */
export const LINK_TYPES = ['relates_to', 'blocks', 'is_blocked_by'] as const;
export type LinkType = (typeof LINK_TYPES)[number];

const isLinkType = (value: string | null): value is LinkType =>
  value !== null && (LINK_TYPES as readonly string[]).includes(value);

/**
 * A failed HTTP answer: its status (0 when the request never got one) and the server's message. A
 * 2xx answer without the expected object fails with its status and no message.
 */
export interface HttpFailure {
  readonly status: number;
  readonly message: string | null;
}

/** An epic or issue in an `issuables` answer (added to a tree, or linked to an epic). */
export interface LinkedIssuable {
  readonly id: number;
  readonly iid: number | null;
  /** The epic_issue id of an issue in an epic's tree; null otherwise. */
  readonly epicIssueId: number | null;
  readonly title: string;
  readonly state: 'opened' | 'closed';
  readonly reference: string;
  /** The item's page. */
  readonly path: string;
  /** DELETE this to undo the link; null when the server gave none. */
  readonly relationPath: string | null;
  readonly confidential: boolean;
  readonly linkType: LinkType | null;
  readonly canAdmin: boolean;
  /** The whole JSON object, for readers (the tree) that need more of its fields. */
  readonly json: Readonly<Record<string, unknown>>;
}

/** A child epic or an issue just created in an epic. */
export interface CreatedItem {
  readonly id: number;
  readonly iid: number;
  readonly title: string;
  readonly webUrl: string;
  readonly reference: string;
}

/** An autocomplete answer for the reference input: GitLab's autocomplete_sources rows. */
export interface ReferenceSuggestion {
  readonly iid: number;
  readonly title: string;
  readonly reference: string;
  readonly confidential: boolean;
  /** Sent by some sources; null when unknown. */
  readonly state: 'opened' | 'closed' | null;
}

export interface GroupOption {
  readonly id: number;
  readonly name: string;
  readonly fullPath: string;
  readonly avatarUrl: string | null;
}

export interface ProjectOption {
  readonly id: number;
  readonly name: string;
  readonly nameWithNamespace: string;
  /** The project's full path (`group/sub/project`). */
  readonly fullPath: string;
  readonly namespaceFullPath: string;
  readonly webUrl: string;
  readonly avatarUrl: string | null;
}

const num = (value: unknown): number | null => {
  const parsed = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isFinite(parsed) ? parsed : null;
};

/** The endpoints of an epic's tree and related items (what the epic page hands the forms). */
export function epicLinkEndpoints(groupFullPath: string, epicIid: number | string) {
  return {
    epicsEndpoint: epicChildLinksPath(groupFullPath, epicIid),
    issuesEndpoint: epicIssuesPath(groupFullPath, epicIid),
    relatedEpicsEndpoint: relatedEpicLinksPath(groupFullPath, epicIid),
    autoCompleteEpics: groupAutocompleteSourcePath(groupFullPath, 'epics'),
    autoCompleteIssues: groupAutocompleteSourcePath(groupFullPath, 'issues'),
  } as const;
}

/**
 * The server's `message` (or Grape's `error`) as one line: a string as it is, a validation object
 * `{field: [errors]}` as `field errors; …`; null when the body carries none.
 */
export function serverMessage(body: unknown): string | null {
  if (!isObject(body)) return null;
  const message = body.message ?? body.error;
  if (typeof message === 'string') return message || null;
  if (isObject(message)) {
    const text = Object.entries(message)
      .map(([field, errors]) => `${field} ${Array.isArray(errors) ? errors.join(', ') : String(errors)}`)
      .join('; ');
    return text || null;
  }
  return null;
}

// ---- Transport ----

/** A 2xx answer's status and JSON body (null for 204 or a body that is not JSON), or the failure. */
type Answer = Result<{ readonly status: number; readonly body: unknown }, HttpFailure>;

async function send(url: string, init: RequestInit): Promise<Answer> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin', ...init });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    return err({ status: 0, message: error instanceof Error ? error.message : String(error) });
  }
  const body: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  return response.ok
    ? ok({ status: response.status, body })
    : err({ status: response.status, message: serverMessage(body) });
}

/** A write with the CSRF token; Content-Type only with a body (Fastify refuses an empty JSON body). */
const writeJson = (method: 'POST' | 'DELETE', body?: Json): RequestInit =>
  body
    ? { method, headers: { ...jsonWriteHeaders(), Accept: 'application/json' }, body: JSON.stringify(body) }
    : { method, headers: { ...csrfHeaders(), Accept: 'application/json' } };

/** The failure of a 2xx answer whose body is not what the call creates. */
const unexpectedBody = (status: number): HttpFailure => ({ status, message: null });

// ---- Mappers (the edge: nothing past here reads raw JSON fields) ----

export function toLinkedIssuable(json: Json): LinkedIssuable | null {
  const id = num(json.id);
  if (id === null) return null;
  const references = isObject(json.references) ? json.references : {};
  const linkType = str(json.link_type);
  return {
    id,
    iid: num(json.iid),
    epicIssueId: num(json.epic_issue_id),
    title: str(json.title) ?? '',
    state: json.state === 'closed' ? 'closed' : 'opened',
    reference: str(json.reference) ?? str(references.full) ?? '',
    path: str(json.path) ?? str(json.web_url) ?? str(json.url) ?? '',
    relationPath: str(json.relation_path),
    confidential: json.confidential === true,
    linkType: isLinkType(linkType) ? linkType : null,
    canAdmin: json.can_admin === true,
    json,
  };
}

function toIssuables(body: unknown): LinkedIssuable[] {
  const list = Array.isArray(body) ? body : isObject(body) ? body.issuables : null;
  if (!Array.isArray(list)) return [];
  return list.filter(isObject).flatMap((json) => toLinkedIssuable(json) ?? []);
}

function toCreatedItem(body: unknown): CreatedItem | null {
  if (!isObject(body)) return null;
  const id = num(body.id);
  const iid = num(body.iid);
  if (id === null || iid === null) return null;
  const references = isObject(body.references) ? body.references : {};
  return {
    id,
    iid,
    title: str(body.title) ?? '',
    webUrl: str(body.web_url) ?? str(body.url) ?? '',
    reference: str(references.full) ?? str(body.reference) ?? '',
  };
}

function toGroupOption(json: Json): GroupOption | null {
  const id = num(json.id);
  const fullPath = str(json.full_path);
  if (id === null || !fullPath) return null;
  return { id, name: str(json.name) ?? fullPath, fullPath, avatarUrl: str(json.avatar_url) };
}

export function toProjectOption(json: Json): ProjectOption | null {
  const id = num(json.id);
  const fullPath = str(json.path_with_namespace);
  if (id === null || !fullPath) return null;
  const namespace = isObject(json.namespace) ? json.namespace : {};
  return {
    id,
    name: str(json.name) ?? fullPath,
    nameWithNamespace: str(json.name_with_namespace) ?? fullPath,
    fullPath,
    namespaceFullPath: str(namespace.full_path) ?? fullPath.split('/').slice(0, -1).join('/'),
    webUrl: str(json.web_url) ?? projectPath(fullPath),
    avatarUrl: str(json.avatar_url),
  };
}

function toReferenceSuggestion(json: Json): ReferenceSuggestion | null {
  const iid = num(json.iid);
  const reference = str(json.reference);
  if (iid === null || !reference) return null;
  const state = json.state === 'closed' ? 'closed' : json.state === 'opened' ? 'opened' : null;
  return { iid, title: str(json.title) ?? '', reference, confidential: json.confidential === true, state };
}

// ---- The calls ----

/**
 * POST `{ issuable_references }` to an epic's `/links` (epics) or `/issues` endpoint: links each
 * existing item as a child. Answers the linked items, or the failure.
 */
export async function addTreeItems(
  endpoint: string,
  references: readonly string[],
): Promise<Result<LinkedIssuable[], HttpFailure>> {
  const answer = await send(endpoint, writeJson('POST', { issuable_references: references }));
  return answer.ok ? ok(toIssuables(answer.value.body)) : answer;
}

/**
 * DELETE an item's `relation_path`: unlinks a child from its epic, or a related item. An item
 * without a path fails as a 404 would: the path could not be determined.
 */
export async function removeRelation(relationPath: string | null): Promise<Result<null, HttpFailure>> {
  if (!relationPath) return err({ status: 404, message: null });
  const answer = await send(relationPath, writeJson('DELETE'));
  return answer.ok ? ok(null) : answer;
}

/**
 * POST `/api/v4/groups/:id/epics` `{ parent_id, confidential, title }`: a new child epic in the chosen
 * group (`groupId`: its full path or id). Answers the created epic, or the failure.
 */
export async function createChildEpic(fields: {
  readonly groupId: string | number;
  readonly parentId: number;
  readonly confidential: boolean;
  readonly title: string;
}): Promise<Result<CreatedItem, HttpFailure>> {
  const url = `/api/v4/groups/${encodeURIComponent(String(fields.groupId))}/epics`;
  const answer = await send(
    url,
    writeJson('POST', { parent_id: fields.parentId, confidential: fields.confidential, title: fields.title }),
  );
  if (!answer.ok) return answer;
  const created = toCreatedItem(answer.value.body);
  return created ? ok(created) : err(unexpectedBody(answer.value.status));
}

/**
 * POST `/api/v4/projects/:id/issues` `{ title, epic_id }`: a new issue, linked to the epic at the
 * top. Under a confidential epic the issue is created confidential (`confidential: true`), since
 * such a parent "accepts only confidential children" (spec).
 */
export async function createEpicIssue(fields: {
  readonly projectId: number;
  readonly epicId: number;
  readonly title: string;
  readonly confidential?: boolean;
}): Promise<Result<CreatedItem, HttpFailure>> {
  const url = `/api/v4/projects/${encodeURIComponent(String(fields.projectId))}/issues`;
  const answer = await send(
    url,
    writeJson('POST', {
      title: fields.title,
      epic_id: fields.epicId,
      ...(fields.confidential ? { confidential: true } : {}),
    }),
  );
  if (!answer.ok) return answer;
  const created = toCreatedItem(answer.value.body);
  return created ? ok(created) : err(unexpectedBody(answer.value.status));
}

/** GET `/api/v4/groups/:id/descendant_groups?search=`: the groups a child epic may be created in. */
export async function fetchDescendantGroups(
  groupId: string | number,
  search: string,
  signal: AbortSignal,
): Promise<GroupOption[]> {
  const params = new URLSearchParams({ per_page: '100' });
  if (search) params.set('search', search);
  const rows = await getJsonArray(
    `/api/v4/groups/${encodeURIComponent(String(groupId))}/descendant_groups?${params}`,
    signal,
  );
  return rows.flatMap((row) => toGroupOption(row) ?? []);
}

/**
 * GET `/api/v4/groups/:id/projects` with GitLab's tree parameters (spec REST calls): the projects of the
 * group and its subgroups with issues enabled, most recently active first.
 */
export async function fetchGroupProjects(
  groupId: string | number,
  search: string,
  signal: AbortSignal,
): Promise<ProjectOption[]> {
  const params = new URLSearchParams({
    include_subgroups: 'true',
    order_by: 'last_activity_at',
    with_issues_enabled: 'true',
    with_shared: 'false',
    search_namespaces: 'true',
  });
  if (search) params.set('search', search);
  const rows = await getJsonArray(
    `/api/v4/groups/${encodeURIComponent(String(groupId))}/projects?${params}`,
    signal,
  );
  return rows.flatMap((row) => toProjectOption(row) ?? []);
}

/**
 * GET an autocomplete source (`/groups/:path/-/autocomplete_sources/epics` or `/issues`) with
 * `search`; in confidential mode only confidential items (`confidential_only=true`).
 */
export async function fetchReferenceSuggestions(
  source: string,
  search: string,
  confidentialOnly: boolean,
  signal: AbortSignal,
): Promise<ReferenceSuggestion[]> {
  const params = new URLSearchParams({ search });
  if (confidentialOnly) params.set('confidential_only', 'true');
  const rows = await getJsonArray(`${source}?${params}`, signal);
  return rows.flatMap((row) => toReferenceSuggestion(row) ?? []);
}

/** GET an epic's related epic links (`…/related_epic_links`): a list, or `{ issuables }`. */
export async function fetchRelatedItems(endpoint: string, signal: AbortSignal): Promise<LinkedIssuable[]> {
  return (await getJsonArray(endpoint, signal, 'issuables')).flatMap((row) => toLinkedIssuable(row) ?? []);
}

/** POST `{ issuable_references, link_type }` to a related-items endpoint. */
export async function addRelatedItems(
  endpoint: string,
  references: readonly string[],
  linkType: LinkType,
): Promise<Result<LinkedIssuable[], HttpFailure>> {
  const answer = await send(
    endpoint,
    writeJson('POST', { issuable_references: references, link_type: linkType }),
  );
  return answer.ok ? ok(toIssuables(answer.value.body)) : answer;
}
