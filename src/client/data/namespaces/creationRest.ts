/** Making a group or a project through GitLab's REST API (POST /groups, POST /projects). */
import type { Visibility } from '../../../core/domain/visibility.ts';
import { jsonWriteHeaders } from '../csrf.ts';
import { failureMessage, isObject, str } from '../restJson.ts';

/** Made: where it lives. Refused: the server's problems by field, or one message. */
export type CreationAnswer =
  | { readonly ok: true; readonly fullPath: string }
  | {
      readonly ok: false;
      readonly fields: Readonly<Record<string, readonly string[]>>;
      readonly message: string;
    };

async function post(url: string, body: object, pathKey: string): Promise<CreationAnswer> {
  const response = await fetch(url, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { Accept: 'application/json', ...jsonWriteHeaders() },
    body: JSON.stringify(body),
  });
  if (response.ok) {
    const json: unknown = await response.json();
    const fullPath = isObject(json) ? str(json[pathKey]) : null;
    if (fullPath === null) throw new Error('The server did not say where it was made');
    return { ok: true, fullPath };
  }
  const copy = response.clone();
  const json: unknown = await response.json().catch(() => null);
  const message = isObject(json) ? json.message : null;
  if (isObject(message)) {
    const fields: Record<string, string[]> = {};
    for (const [field, messages] of Object.entries(message)) {
      if (Array.isArray(messages))
        fields[field] = messages.filter((item): item is string => typeof item === 'string');
    }
    return { ok: false, fields, message: '' };
  }
  return { ok: false, fields: {}, message: await failureMessage(copy) };
}

export interface NewGroupFields {
  readonly name: string;
  readonly path: string;
  readonly parentId: string;
  readonly visibility: Visibility;
  readonly description: string;
}

export function createGroup(fields: NewGroupFields): Promise<CreationAnswer> {
  return post(
    '/api/v4/groups',
    {
      name: fields.name,
      path: fields.path,
      ...(fields.parentId ? { parent_id: Number(fields.parentId) } : {}),
      visibility: fields.visibility,
      description: fields.description,
    },
    'full_path',
  );
}

export interface NewProjectFields {
  readonly name: string;
  readonly path: string;
  readonly namespaceId: number;
  readonly visibility: Visibility;
  readonly description: string;
}

export function createProject(fields: NewProjectFields): Promise<CreationAnswer> {
  return post(
    '/api/v4/projects',
    {
      name: fields.name,
      path: fields.path,
      namespace_id: fields.namespaceId,
      visibility: fields.visibility,
      description: fields.description,
    },
    'path_with_namespace',
  );
}
