/**
 * The Geo sites page's calls to GitLab's REST Geo API on the primary: the sites, their statuses,
 * and adding, changing and removing a site (with the page's CSRF token).
 */
import { err, ok, type Result } from '../../../core/lib/result.ts';
import { csrfHeaders, jsonWriteHeaders } from '../csrf.ts';
import { getJsonArray, isObject } from '../restJson.ts';
import { geoSiteBody, toGeoSite, toGeoSiteRefusal, toGeoSiteStatus } from './geoMappers.ts';
import type { GeoSite, GeoSiteFields, GeoSiteRefusal, GeoSiteStatus } from './geoTypes.ts';

/** GitLab's Geo sites API (`geo_sites` is its newer alias). */
export const GEO_NODES_API_PATH = '/api/v4/geo_nodes';
export const GEO_NODES_STATUS_API_PATH = `${GEO_NODES_API_PATH}/status`;
const siteApiPath = (id: number): string => `${GEO_NODES_API_PATH}/${encodeURIComponent(id)}`;

/** The sites, the primary first, then by name (GitLab lists them so). */
export async function fetchGeoSites(signal: AbortSignal): Promise<GeoSite[]> {
  const sites = (await getJsonArray(GEO_NODES_API_PATH, signal)).flatMap((json) => toGeoSite(json) ?? []);
  return sites.sort(
    (a, b) => Number(b.primary) - Number(a.primary) || a.name.localeCompare(b.name) || a.id - b.id,
  );
}

/** Every site's last status, one per site. */
export async function fetchGeoStatuses(signal: AbortSignal): Promise<GeoSiteStatus[]> {
  return (await getJsonArray(GEO_NODES_STATUS_API_PATH, signal)).flatMap(
    (json) => toGeoSiteStatus(json) ?? [],
  );
}

async function saveSite(
  method: 'POST' | 'PUT',
  url: string,
  fields: GeoSiteFields,
): Promise<Result<GeoSite, GeoSiteRefusal>> {
  const response = await fetch(url, {
    method,
    credentials: 'same-origin',
    headers: jsonWriteHeaders(),
    body: JSON.stringify(geoSiteBody(fields)),
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) return err(toGeoSiteRefusal(body, response.status));
  const site = isObject(body) ? toGeoSite(body) : null;
  return site ? ok(site) : err({ fields: {}, message: `The server answered ${response.status}` });
}

/** Adds a site; a refusal carries the server's messages by field. */
export function createGeoSite(fields: GeoSiteFields): Promise<Result<GeoSite, GeoSiteRefusal>> {
  return saveSite('POST', GEO_NODES_API_PATH, fields);
}

/** Changes a site; a refusal carries the server's messages by field. */
export function updateGeoSite(id: number, fields: GeoSiteFields): Promise<Result<GeoSite, GeoSiteRefusal>> {
  return saveSite('PUT', siteApiPath(id), fields);
}

/** Removes a site; a refusal carries the server's message. */
export async function deleteGeoSite(id: number): Promise<Result<null, string>> {
  const response = await fetch(siteApiPath(id), {
    method: 'DELETE',
    credentials: 'same-origin',
    headers: csrfHeaders(),
  });
  if (response.ok) return ok(null);
  const refusal = toGeoSiteRefusal(await response.json().catch(() => null), response.status);
  return err(refusal.message || Object.values(refusal.fields).flat().join(', '));
}
