/**
 * The labels pages' REST calls (GitLab's group and project labels APIs): list, create, edit,
 * delete, subscribe, and a project's priorities (its labels page's `set_priorities`).
 */
import { projectLabelPrioritiesPath, projectLabelRemovePriorityPath } from '../../../core/domain/webPaths.ts';
import { csrfHeaders, jsonWriteHeaders } from '../csrf.ts';
import { getJsonArray, type Json, str } from '../restJson.ts';

/** Whose labels a page shows: a group's or a project's, by id (or full path). */
export interface LabelOwnerRef {
  readonly kind: 'group' | 'project';
  readonly id: string;
}

/** A label as the labels pages manage it. */
export interface ManagedLabel {
  readonly id: number;
  readonly title: string;
  readonly color: string;
  readonly textColor: string;
  readonly description: string;
  readonly subscribed: boolean;
  /** The project's priority (0 first); null when not prioritised or on a group's page. */
  readonly priority: number | null;
  /** A project's own label (false for the group labels a project uses). */
  readonly isProjectLabel: boolean;
  /** Open issues carrying it where it is read; null when not counted. */
  readonly openIssuesCount: number | null;
}

export interface LabelFields {
  readonly title: string;
  readonly color: string;
  readonly description: string;
}

const base = (owner: LabelOwnerRef) =>
  `/api/v4/${owner.kind === 'group' ? 'groups' : 'projects'}/${encodeURIComponent(owner.id)}/labels`;

function toManagedLabel(json: Json): ManagedLabel {
  return {
    id: typeof json.id === 'number' ? json.id : 0,
    title: str(json.name) ?? '',
    color: str(json.color) ?? '#428bca',
    textColor: str(json.text_color) ?? '#ffffff',
    description: str(json.description) ?? '',
    subscribed: json.subscribed === true,
    priority: typeof json.priority === 'number' ? json.priority : null,
    isProjectLabel: json.is_project_label === true,
    openIssuesCount: typeof json.open_issues_count === 'number' ? json.open_issues_count : null,
  };
}

/**
 * The place's own labels, or (with `inherited`) also its ancestors'; every page of them, by title,
 * with their open issues counted.
 */
export async function fetchLabels(
  owner: LabelOwnerRef,
  options: { readonly inherited: boolean; readonly search: string },
  signal: AbortSignal,
): Promise<ManagedLabel[]> {
  const labels: ManagedLabel[] = [];
  // A group or project has tens of labels, not thousands; ten pages of 100 is more than any has.
  for (let page = 1; page <= 10; page++) {
    const query = new URLSearchParams({
      include_ancestor_groups: String(options.inherited),
      with_counts: 'true',
      per_page: '100',
      page: String(page),
      ...(options.search ? { search: options.search } : {}),
    });
    const batch = (await getJsonArray(`${base(owner)}?${query}`, signal)).map(toManagedLabel);
    labels.push(...batch);
    if (batch.length < 100) break;
  }
  return labels.sort((a, b) => a.title.localeCompare(b.title));
}

async function errorOf(response: Response): Promise<Error> {
  const body: unknown = await response.json().catch(() => null);
  const record = body as { message?: unknown; errors?: unknown } | null;
  const message = record?.message;
  if (typeof message === 'string') return new Error(message);
  if (message && typeof message === 'object') {
    const [field, errors] = Object.entries(message)[0] ?? [];
    if (field)
      return new Error(`${field === 'title' ? 'Title' : field} ${String((errors as unknown[])[0] ?? '')}`);
  }
  if (Array.isArray(record?.errors) && typeof record.errors[0] === 'string')
    return new Error(record.errors[0]);
  return new Error(`The server answered ${response.status}`);
}

/** Creates a label, or updates the label with `id`. */
export async function saveLabel(
  owner: LabelOwnerRef,
  fields: LabelFields,
  id?: number,
): Promise<ManagedLabel> {
  const body =
    id === undefined
      ? { name: fields.title, color: fields.color, description: fields.description }
      : { new_name: fields.title, color: fields.color, description: fields.description };
  const response = await fetch(id === undefined ? base(owner) : `${base(owner)}/${id}`, {
    method: id === undefined ? 'POST' : 'PUT',
    credentials: 'same-origin',
    headers: jsonWriteHeaders(),
    body: JSON.stringify(body),
  });
  if (!response.ok) throw await errorOf(response);
  return toManagedLabel((await response.json()) as Json);
}

export async function deleteLabel(owner: LabelOwnerRef, id: number): Promise<void> {
  const response = await fetch(`${base(owner)}/${id}`, {
    method: 'DELETE',
    credentials: 'same-origin',
    headers: csrfHeaders(),
  });
  if (!response.ok) throw await errorOf(response);
}

/** Subscribes to or unsubscribes from a label; already so (GitLab's 304) is no failure. */
export async function setLabelSubscribed(
  owner: LabelOwnerRef,
  id: number,
  subscribed: boolean,
): Promise<void> {
  const response = await fetch(`${base(owner)}/${id}/${subscribed ? 'subscribe' : 'unsubscribe'}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: csrfHeaders(),
  });
  if (!response.ok && response.status !== 304) throw await errorOf(response);
}

/** Takes a label's priority in the project away (the labels page's `remove_priority`). */
export async function removeLabelPriority(projectFullPath: string, id: number): Promise<void> {
  const response = await fetch(projectLabelRemovePriorityPath(projectFullPath, id), {
    method: 'DELETE',
    credentials: 'same-origin',
    headers: csrfHeaders(),
  });
  if (!response.ok) throw await errorOf(response);
}

/** The project's prioritised labels in this order (GitLab's `set_priorities`: 0, 1, 2 …). */
export async function setLabelPriorities(projectFullPath: string, ids: readonly number[]): Promise<void> {
  const response = await fetch(projectLabelPrioritiesPath(projectFullPath), {
    method: 'POST',
    credentials: 'same-origin',
    headers: jsonWriteHeaders(),
    body: JSON.stringify({ label_ids: ids }),
  });
  if (!response.ok) throw await errorOf(response);
}
