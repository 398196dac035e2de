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
