/**
 * GitLab's Geo site and status entities (REST) → the views the Geo sites page shows, and the form's
 * fields → the REST parameters. Unreadable numbers read as null (unknown), never as 0.
 */
import { type Instant, toInstant } from '../dates.ts';
import { isObject, type Json, str } from '../restJson.ts';
import type { GeoCounts, GeoSite, GeoSiteFields, GeoSiteRefusal, GeoSiteStatus } from './geoTypes.ts';

const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** GitLab's status timestamps are Unix seconds. */
export function unixSecondsToInstant(value: unknown): Instant | null {
  const seconds = num(value);
  if (seconds === null || seconds <= 0) return null;
  return toInstant(new Date(seconds * 1000).toISOString());
}

export function toGeoSite(json: Json): GeoSite | null {
  const id = num(json.id);
  const name = str(json.name);
  if (id === null || name === null) return null;
  const url = str(json.url) ?? '';
  const internalUrl = str(json.internal_url) || null;
  return {
    id,
    name,
    url,
    // GitLab answers the external URL when no internal one is set: that is none of its own.
    internalUrl: internalUrl === url ? null : internalUrl,
    primary: json.primary === true,
    enabled: json.enabled !== false,
    current: json.current === true,
    filesMaxCapacity: num(json.files_max_capacity) ?? 0,
    verificationMaxCapacity: num(json.verification_max_capacity) ?? 0,
  };
}

/**
 * A replicable's counts from `<prefix>_<total>`, `<prefix>_<succeeded>`, `<prefix>_<failed>` and
 * the percentage; null when the total is not sent (the other site's figures).
 */
function counts(
  json: Json,
  total: string,
  succeeded: string,
  failed: string,
  percent: string | null,
): GeoCounts | null {
  const all = num(json[total]);
  if (all === null) return null;
  return {
    total: all,
    succeeded: num(json[succeeded]) ?? 0,
    failed: num(json[failed]) ?? 0,
    percentText: percent === null ? null : str(json[percent]),
  };
}

export function toGeoSiteStatus(json: Json): GeoSiteStatus | null {
  const siteId = num(json.geo_node_id);
  if (siteId === null) return null;
  const healthStatus = json.health_status === 'Healthy' ? 'Healthy' : 'Unhealthy';
  return {
    siteId,
    healthy: json.healthy === true && healthStatus === 'Healthy',
    health: str(json.health) ?? '',
    healthStatus,
    dbReplicationLagSeconds: num(json.db_replication_lag_seconds),
    // Only an explicit false says the lag cannot be known; GitLab's own sites do not send the field.
    dbReplicationAvailable: json.db_replication_available !== false,
    lastEventId: num(json.last_event_id),
    lastEventAt: unixSecondsToInstant(json.last_event_timestamp),
    cursorLastEventId: num(json.cursor_last_event_id),
    cursorLastEventAt: unixSecondsToInstant(json.cursor_last_event_timestamp),
    updatedAt: toInstant(str(json.updated_at)),
    uploadsCount: num(json.uploads_count),
    uploadsChecksums: counts(
      json,
      'uploads_checksum_total_count',
      'uploads_checksummed_count',
      'uploads_checksum_failed_count',
      null,
    ),
    uploadsSync: counts(
      json,
      'uploads_registry_count',
      'uploads_synced_count',
      'uploads_failed_count',
      'uploads_synced_in_percentage',
    ),
    uploadsVerification: counts(
      json,
      'uploads_verification_total_count',
      'uploads_verified_count',
      'uploads_verification_failed_count',
      'uploads_verified_in_percentage',
    ),
  };
}

/** The form's fields as GitLab's POST / PUT parameters (an empty internal URL is none). */
export function geoSiteBody(fields: GeoSiteFields): Json {
  return {
    name: fields.name.trim(),
    url: fields.url.trim(),
    primary: fields.primary,
    internal_url: fields.internalUrl.trim() || null,
    files_max_capacity: fields.filesMaxCapacity,
    verification_max_capacity: fields.verificationMaxCapacity,
  };
}

/**
 * A refused save's body: GitLab's `{ message: { field: [..] } }` keeps the messages by field, as
 * sent; a text `message` (or `error`) is the one message.
 */
export function toGeoSiteRefusal(body: unknown, status: number): GeoSiteRefusal {
  const json = isObject(body) ? body : {};
  if (isObject(json.message)) {
    const fields: Record<string, string[]> = {};
    for (const [field, problems] of Object.entries(json.message)) {
      const list = Array.isArray(problems) ? problems : [problems];
      fields[field] = list.filter((problem): problem is string => typeof problem === 'string');
    }
    return { fields, message: '' };
  }
  const message = str(json.message) ?? str(json.error) ?? `The server answered ${status}`;
  return { fields: {}, message };
}
