import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Executor } from '../../db/executor.ts';
import {
  type BlobScope,
  findBlob,
  findChecksum,
  findEventsAfter,
  findLastEvent,
  findSiteByName,
  findSiteGroups,
  type GeoBlob,
  listBlobs,
  saveChecksum,
  upsertSiteStatus,
} from '../../db/repositories/geoRepository.ts';
import type { GeoBlobModelType, GeoNodeRow } from '../../db/schema.ts';
import type { FileStore } from '../../storage/fileStore.ts';
import { UnauthorizedError } from '../errors.ts';
import { verifyGeoAuthorization } from './geoAuth.ts';

/**
 * The primary's side of Geo (GitLab's API::Geo): what a secondary site asks for, each request
 * signed as that site. A site that is not an enabled secondary of this primary is refused.
 */

/** The most events or blobs one request reads (GitLab's log cursor reads 250 at a time). */
export const GEO_PAGE_LIMIT = 1000;

export const GEO_BLOB_MODEL_TYPES: readonly GeoBlobModelType[] = ['Upload', 'IssuableMetricImage'];
export const isGeoBlobModelType = (value: unknown): value is GeoBlobModelType =>
  (GEO_BLOB_MODEL_TYPES as readonly unknown[]).includes(value);

/** The secondary site a signed Geo request comes from, asking for `data`; 401 otherwise. */
export async function geoCallerSite(
  db: Executor,
  secretKeyBase: string | undefined,
  header: string | undefined,
  now: Date,
  expected?: Record<string, string | number>,
): Promise<GeoNodeRow> {
  const caller = secretKeyBase ? verifyGeoAuthorization(secretKeyBase, header, now) : null;
  const site = caller ? await findSiteByName(db, caller.siteName) : undefined;
  if (!caller || !site || site.primary || !site.enabled) throw new UnauthorizedError();
  // GitLab's JwtRequestDecoder: the signed data must be what the request asks for.
  for (const [key, value] of Object.entries(expected ?? {})) {
    if (String(caller.data[key]) !== String(value)) throw new UnauthorizedError();
  }
  return site;
}

export interface GeoEventView {
  readonly id: number;
  readonly eventName: 'created' | 'deleted';
  readonly modelType: GeoBlobModelType;
  readonly modelId: number;
  /** Where a created blob is stored; null when it is gone again (a later event deletes it). */
  readonly path: string | null;
  readonly size: number | null;
  readonly createdAt: Date;
}

/** What a site replicates: the groups its selective sync names, or everything (undefined). */
export async function scopeOf(db: Executor, site: GeoNodeRow): Promise<BlobScope> {
  return site.selective_sync_type === 'namespaces' ? findSiteGroups(db, site.id) : undefined;
}

/**
 * The events after `after`, oldest first, with where each created blob is; a blob outside the
 * site's scope reads as gone (no path), so the site never copies it.
 */
export async function eventsAfter(db: Executor, after: number, limit: number, scope?: BlobScope) {
  const [events, last] = await Promise.all([findEventsAfter(db, after, limit), findLastEvent(db)]);
  const views: GeoEventView[] = [];
  for (const event of events) {
    const blob =
      event.event_name === 'created' ? await findBlob(db, event.model_type, event.model_id, scope) : null;
    views.push({
      id: event.id,
      eventName: event.event_name,
      modelType: event.model_type,
      modelId: event.model_id,
      path: blob?.path ?? null,
      size: blob?.size ?? null,
      createdAt: event.created_at,
    });
  }
  return { events: views, lastEventId: last?.id ?? 0, lastEventAt: last?.created_at ?? null };
}

/** A page of the blobs of one kind (a secondary's backfill of what predates its events). */
export const blobsAfter = (
  db: Executor,
  modelType: GeoBlobModelType,
  afterId: number,
  limit: number,
  scope?: BlobScope,
) => listBlobs(db, modelType, afterId, limit, scope);

async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * A blob to send, with the primary's checksum of it (computed and kept the first time it is asked
 * for); null when the primary has no such blob or no longer has its bytes.
 */
export async function blobToSend(
  db: Executor,
  store: FileStore,
  modelType: GeoBlobModelType,
  id: number,
  now: Date,
  scope?: BlobScope,
): Promise<{ blob: GeoBlob; checksum: string; body: Readable } | null> {
  const blob = await findBlob(db, modelType, id, scope);
  if (!blob) return null;
  let checksum = (await findChecksum(db, modelType, id))?.checksum ?? null;
  if (!checksum) {
    const bytes = await store.read(blob.path);
    if (!bytes) {
      await saveChecksum(db, modelType, id, { checksum: null, failure: 'File is missing' }, now);
      return null;
    }
    checksum = await sha256Of(bytes);
    await saveChecksum(db, modelType, id, { checksum, failure: null }, now);
  }
  const body = await store.read(blob.path);
  return body ? { blob, checksum, body } : null;
}

/** Keeps what a secondary reports of its replication (GitLab's POST /geo/status). */
export async function recordSiteStatus(
  db: Executor,
  site: GeoNodeRow,
  status: unknown,
  now: Date,
): Promise<void> {
  const fields =
    status && typeof status === 'object' && !Array.isArray(status) ? (status as Record<string, unknown>) : {};
  // Only GitLab's status fields, as numbers, strings, booleans or nulls: nothing else is kept.
  const kept = Object.fromEntries(
    Object.entries(fields)
      .filter(([key]) => /^[a-z_]{1,64}$/.test(key))
      .filter(([, value]) => value === null || ['number', 'string', 'boolean'].includes(typeof value))
      .map(([key, value]) => [key, typeof value === 'string' ? value.slice(0, 500) : value])
      .slice(0, 100),
  );
  await upsertSiteStatus(db, site.id, kept, now);
}
