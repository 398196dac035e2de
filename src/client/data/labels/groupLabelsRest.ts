import { csrfHeaders, jsonWriteHeaders } from '../csrf.ts';
import { getJsonArray, type Json, str } from '../restJson.ts';

/** A label as the labels page manages it. */
export interface ManagedLabel {
  readonly id: number;
  readonly title: string;
  readonly color: string;
  readonly textColor: string;
  readonly description: string;
}

export interface LabelFields {
  readonly title: string;
  readonly color: string;
  readonly description: string;
}

const base = (groupId: string) => `/api/v4/groups/${encodeURIComponent(groupId)}/labels`;

function toManagedLabel(json: Json): ManagedLabel {
  return {
    id: typeof json.id === 'number' ? json.id : 0,
    title: str(json.name) ?? '',
    color: str(json.color) ?? '#428bca',
    textColor: str(json.text_color) ?? '#ffffff',
    description: str(json.description) ?? '',
  };
}

/** The group's own labels, or (with `inherited`) also its ancestors'; every page of them, by title. */
export async function fetchGroupLabels(
  groupId: string,
  options: { readonly inherited: boolean; readonly search: string },
  signal: AbortSignal,
): Promise<ManagedLabel[]> {
  const labels: ManagedLabel[] = [];
  // A group has tens of labels, not thousands; ten pages of 100 is more than any has.
  for (let page = 1; page <= 10; page++) {
    const query = new URLSearchParams({
      include_ancestor_groups: String(options.inherited),
      per_page: '100',
      page: String(page),
      ...(options.search ? { search: options.search } : {}),
    });
    const batch = (await getJsonArray(`${base(groupId)}?${query}`, signal)).map(toManagedLabel);
    labels.push(...batch);
    if (batch.length < 100) break;
  }
  return labels.sort((a, b) => a.title.localeCompare(b.title));
}

async function errorOf(response: Response): Promise<Error> {
  const body: unknown = await response.json().catch(() => null);
  const message = (body as { message?: unknown } | null)?.message;
  if (typeof message === 'string') return new Error(message);
  if (message && typeof message === 'object') {
    const [field, errors] = Object.entries(message)[0] ?? [];
    if (field)
      return new Error(`${field === 'title' ? 'Title' : field} ${String((errors as unknown[])[0] ?? '')}`);
  }
  return new Error(`The server answered ${response.status}`);
}

/** Creates a label, or updates the label with `id`. */
export async function saveGroupLabel(
  groupId: string,
  fields: LabelFields,
  id?: number,
): Promise<ManagedLabel> {
  const body =
    id === undefined
      ? { name: fields.title, color: fields.color, description: fields.description }
      : { new_name: fields.title, color: fields.color, description: fields.description };
  const response = await fetch(id === undefined ? base(groupId) : `${base(groupId)}/${id}`, {
    method: id === undefined ? 'POST' : 'PUT',
    credentials: 'same-origin',
    headers: jsonWriteHeaders(),
    body: JSON.stringify(body),
  });
  if (!response.ok) throw await errorOf(response);
  return toManagedLabel((await response.json()) as Json);
}

export async function deleteGroupLabel(groupId: string, id: number): Promise<void> {
  const response = await fetch(`${base(groupId)}/${id}`, {
    method: 'DELETE',
    credentials: 'same-origin',
    headers: csrfHeaders(),
  });
  if (!response.ok) throw await errorOf(response);
}
