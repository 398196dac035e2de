import type { Insertable, Updateable } from 'kysely';
import { sql } from 'kysely';
import { metricImageStoreKey, uploadStoreKey } from '../../../core/domain/uploads.ts';
import type { Executor } from '../executor.ts';
import type { GeoBlobModelType, GeoEventRow, GeoNodeRow, GeoNodesTable } from '../schema.ts';

/** The primary's Geo tables: sites, their reported statuses, the event log and the blobs it names. */

export function listSites(db: Executor): Promise<GeoNodeRow[]> {
  return db.selectFrom('geo_nodes').selectAll().orderBy('primary', 'desc').orderBy('id').execute();
}

export function findSite(db: Executor, id: number): Promise<GeoNodeRow | undefined> {
  return db.selectFrom('geo_nodes').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findSiteByName(db: Executor, name: string): Promise<GeoNodeRow | undefined> {
  return db
    .selectFrom('geo_nodes')
    .selectAll()
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst();
}

export async function siteNameTaken(db: Executor, name: string, exceptId: number | null): Promise<boolean> {
  const found = await findSiteByName(db, name);
  return found !== undefined && found.id !== exceptId;
}

export async function primaryTaken(db: Executor, exceptId: number | null): Promise<boolean> {
  const found = await db.selectFrom('geo_nodes').select('id').where('primary', '=', true).executeTakeFirst();
  return found !== undefined && found.id !== exceptId;
}

export type SiteWrite = Omit<Updateable<GeoNodesTable>, 'id' | 'created_at'> & { updated_at: Date };

export function insertSite(db: Executor, write: Omit<Insertable<GeoNodesTable>, 'id'>): Promise<GeoNodeRow> {
  return db.insertInto('geo_nodes').values(write).returningAll().executeTakeFirstOrThrow();
}

export function updateSite(db: Executor, id: number, write: SiteWrite): Promise<GeoNodeRow | undefined> {
  return db.updateTable('geo_nodes').set(write).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function deleteSite(db: Executor, id: number): Promise<boolean> {
  const deleted = await db.deleteFrom('geo_nodes').where('id', '=', id).returning('id').execute();
  return deleted.length > 0;
}

/** Keeps what a secondary reported of itself. */
export async function upsertSiteStatus(
  db: Executor,
  siteId: number,
  status: Record<string, unknown>,
  at: Date,
): Promise<void> {
  await db
    .insertInto('geo_node_statuses')
    .values({ geo_node_id: siteId, status: JSON.stringify(status), updated_at: at })
    .onConflict((conflict) =>
      conflict.column('geo_node_id').doUpdateSet({ status: JSON.stringify(status), updated_at: at }),
    )
    .execute();
}

export function findSiteStatuses(db: Executor) {
  return db.selectFrom('geo_node_statuses').selectAll().execute();
}

/** Events after `afterId`, oldest first. */
export function findEventsAfter(db: Executor, afterId: number, limit: number): Promise<GeoEventRow[]> {
  return db
    .selectFrom('geo_event_log')
    .selectAll()
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export function findLastEvent(db: Executor): Promise<GeoEventRow | undefined> {
  return db.selectFrom('geo_event_log').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** A blob as Geo serves it: what it is, where it is stored, how big it is. */
export interface GeoBlob {
  readonly modelType: GeoBlobModelType;
  readonly modelId: number;
  readonly path: string;
  readonly size: number;
}

const uploadBlob = (row: {
  id: number;
  model_type: string;
  model_id: number;
  secret: string;
  filename: string;
  size: number | string;
}): GeoBlob => ({
  modelType: 'Upload',
  modelId: row.id,
  path: uploadStoreKey(
    row.model_type === 'Project' ? 'project' : 'group',
    row.model_id,
    row.secret,
    row.filename,
  ),
  size: Number(row.size),
});

const metricImageBlob = (row: { id: number; file: string; size: number }): GeoBlob => ({
  modelType: 'IssuableMetricImage',
  modelId: row.id,
  path: metricImageStoreKey(row.id, row.file),
  size: row.size,
});

/**
 * The groups a site with selective sync replicates (their subgroups and projects with them);
 * undefined for a site that replicates everything.
 */
export type BlobScope = readonly number[] | undefined;

/** A page of one kind of blob, by id after `afterId` (a secondary's backfill), within `scope`. */
export async function listBlobs(
  db: Executor,
  modelType: GeoBlobModelType,
  afterId: number,
  limit: number,
  scope?: BlobScope,
  onlyId?: number,
): Promise<GeoBlob[]> {
  const groups = scope ? sql`ARRAY[${sql.join([...scope, 0].map((id) => sql`${id}::int`))}]` : null;
  if (modelType === 'Upload') {
    let query = db
      .selectFrom('uploads')
      .select(['id', 'model_type', 'model_id', 'secret', 'filename', 'size'])
      .where('id', '>', afterId);
    if (onlyId !== undefined) query = query.where('id', '=', onlyId);
    if (groups) {
      query = query.where(
        sql<boolean>`EXISTS (SELECT 1 FROM namespaces n WHERE n.traversal_ids && ${groups} AND n.id =
          CASE WHEN uploads.model_type = 'Project'
            THEN (SELECT p.namespace_id FROM projects p WHERE p.id = uploads.model_id)
            ELSE uploads.model_id END)`,
      );
    }
    return (await query.orderBy('id').limit(limit).execute()).map(uploadBlob);
  }
  let query = db
    .selectFrom('issuable_metric_images')
    .select(['id', 'file', 'size'])
    .where('id', '>', afterId);
  if (onlyId !== undefined) query = query.where('id', '=', onlyId);
  if (groups) {
    query = query.where(
      sql<boolean>`EXISTS (SELECT 1 FROM issues i JOIN projects p ON p.id = i.project_id
        JOIN namespaces n ON n.id = p.namespace_id
        WHERE i.id = issuable_metric_images.issue_id AND n.traversal_ids && ${groups})`,
    );
  }
  return (await query.orderBy('id').limit(limit).execute()).map(metricImageBlob);
}

export async function findBlob(
  db: Executor,
  modelType: GeoBlobModelType,
  id: number,
  scope?: BlobScope,
): Promise<GeoBlob | null> {
  const [blob] = await listBlobs(db, modelType, 0, 1, scope, id);
  return blob ?? null;
}

/** The groups a site replicates when its selective sync names them. */
export async function findSiteGroups(db: Executor, siteId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('geo_node_namespace_links')
    .select('namespace_id')
    .where('geo_node_id', '=', siteId)
    .orderBy('namespace_id')
    .execute();
  return rows.map((row) => row.namespace_id);
}

export async function replaceSiteGroups(
  db: Executor,
  siteId: number,
  groupIds: readonly number[],
): Promise<void> {
  await db.deleteFrom('geo_node_namespace_links').where('geo_node_id', '=', siteId).execute();
  if (groupIds.length === 0) return;
  await db
    .insertInto('geo_node_namespace_links')
    .values([...new Set(groupIds)].map((namespaceId) => ({ geo_node_id: siteId, namespace_id: namespaceId })))
    .execute();
}

export async function countBlobs(db: Executor): Promise<number> {
  const [uploads, images] = await Promise.all([
    db
      .selectFrom('uploads')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('issuable_metric_images')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return Number(uploads.count) + Number(images.count);
}

export function findChecksum(db: Executor, modelType: GeoBlobModelType, id: number) {
  return db
    .selectFrom('geo_upload_checksums')
    .selectAll()
    .where('model_type', '=', modelType)
    .where('model_id', '=', id)
    .executeTakeFirst();
}

export async function saveChecksum(
  db: Executor,
  modelType: GeoBlobModelType,
  id: number,
  result: { readonly checksum: string | null; readonly failure: string | null },
  at: Date,
): Promise<void> {
  const values = { checksum: result.checksum, checksum_failure: result.failure, checksummed_at: at };
  await db
    .insertInto('geo_upload_checksums')
    .values({ model_type: modelType, model_id: id, ...values })
    .onConflict((conflict) => conflict.columns(['model_type', 'model_id']).doUpdateSet(values))
    .execute();
}

export async function countChecksums(db: Executor): Promise<{ checksummed: number; failed: number }> {
  const row = await db
    .selectFrom('geo_upload_checksums')
    .select([
      sql<string>`count(*) FILTER (WHERE checksum IS NOT NULL)`.as('checksummed'),
      sql<string>`count(*) FILTER (WHERE checksum IS NULL)`.as('failed'),
    ])
    .executeTakeFirstOrThrow();
  return { checksummed: Number(row.checksummed), failed: Number(row.failed) };
}
