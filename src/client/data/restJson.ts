import { csrfHeaders, jsonWriteHeaders } from './csrf.ts';

/**
 * What every REST fetch of the data layer shares at the edge: the checks that read untyped JSON,
 * and the GET of a JSON list. Past the mappers that use these, nothing
 * reads raw JSON fields.
 */

export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;
export const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * GETs a JSON list with the session cookie and answers its objects (other entries are dropped).
 * With `listKey`, an object answer that holds the list under that key (`{ issuables: [...] }`) is
 * read too. Rejects when the answer fails or holds no list; an aborted fetch rejects with the
 * signal's reason.
 */
export async function getJsonArray(url: string, signal: AbortSignal, listKey?: string): Promise<Json[]> {
  const response = await fetch(url, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
    signal,
  });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  const body: unknown = await response.json();
  const list = Array.isArray(body) ? body : listKey !== undefined && isObject(body) ? body[listKey] : null;
  if (!Array.isArray(list)) throw new Error(`GET ${url} did not answer a list`);
  return list.filter(isObject);
}

/** Where an offset page stands, from GitLab's pagination headers (`x-page`, `x-next-page` …). */
export interface OffsetPageInfo {
  /** From 1. */
  readonly page: number;
  readonly total: number;
  readonly totalPages: number;
  readonly nextPage: number | null;
  readonly previousPage: number | null;
}

const headerNumber = (headers: Headers, name: string): number | null => {
  const value = Number(headers.get(name) || Number.NaN);
  return Number.isFinite(value) ? value : null;
};

/** The page a response's pagination headers describe; a response without them is one whole page. */
export function offsetPageInfo(headers: Headers, shown: number): OffsetPageInfo {
  return {
    page: headerNumber(headers, 'x-page') ?? 1,
    total: headerNumber(headers, 'x-total') ?? shown,
    totalPages: headerNumber(headers, 'x-total-pages') ?? 1,
    nextPage: headerNumber(headers, 'x-next-page'),
    previousPage: headerNumber(headers, 'x-prev-page'),
  };
}

/**
 * GETs JSON with the session cookie: the body as it came, and the headers (a page's
 * `offsetPageInfo`). Rejects when the answer fails; an aborted fetch rejects with the signal's reason.
 */
export async function getJsonAnswer(
  url: string,
  signal: AbortSignal,
): Promise<{ readonly body: unknown; readonly headers: Headers }> {
  const response = await fetch(url, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
    signal,
  });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return { body: await response.json(), headers: response.headers };
}

/** GitLab's field → messages as one sentence ('Zip code can't be blank, City can't be blank'). */
export function fieldMessages(fields: Json): string {
  return Object.entries(fields)
    .map(([field, problems]) => {
      const problem = String((Array.isArray(problems) ? problems[0] : problems) ?? '');
      // GitLab's messages follow the field's name ('can't be blank'); a whole sentence stands alone.
      if (/^[A-Z]/.test(problem)) return problem;
      return `${field[0]?.toUpperCase() ?? ''}${field.slice(1).replace(/_/g, ' ')} ${problem}`;
    })
    .join(', ');
}

/** The message of a failed answer: GitLab's `message` (text, or field → messages), `error`, or `errors`. */
export async function failureMessage(response: Response): Promise<string> {
  const body: unknown = await response.json().catch(() => null);
  if (isObject(body)) {
    const { message, error, errors } = body;
    if (typeof message === 'string') return message;
    if (isObject(message)) return fieldMessages(message);
    if (typeof error === 'string') return error;
    if (typeof errors === 'string') return errors;
    if (Array.isArray(errors)) return errors.map(String).join(', ');
    if (isObject(errors)) return fieldMessages(errors);
  }
  return `The server answered ${response.status}`;
}

export async function sendJson(method: string, url: string, body?: unknown): Promise<Response> {
  const response = await fetch(url, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? csrfHeaders() : jsonWriteHeaders(),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(await failureMessage(response));
  return response;
}
