import {
  GEO_MESSAGES,
  normalizeSiteUrl,
  percentage,
  type SiteInput,
  STATUS_STALE_MS,
  siteErrors,
} from '../../../core/domain/geo.ts';
import type { GeoConfig } from '../../config.ts';
import { type Executor, inTransaction } from '../../db/executor.ts';
import {
  countBlobs,
  countChecksums,
  deleteSite,
  findLastEvent,
  findSite,
  findSiteGroups,
  findSiteStatuses,
  insertSite,
  listSites,
  primaryTaken,
  replaceSiteGroups,
  type SiteWrite,
  siteNameTaken,
  updateSite,
} from '../../db/repositories/geoRepository.ts';
import { findNamespacesByIds } from '../../db/repositories/namespaceRepository.ts';
import type { GeoNodeRow } from '../../db/schema.ts';
import { type AccessContext, requireAdministrator } from '../access.ts';
import { ServiceError, ValidationError } from '../errors.ts';

/**
 * The Geo sites of this installation as administrators manage them on the primary (GitLab's
 * `/geo_nodes` API), and their statuses: the primary's counted now, each secondary's as it last
 * reported it.
 */

export class SiteNotFoundError extends ServiceError {
  constructor() {
    super('not_found', GEO_MESSAGES.siteNotFound);
  }
}

export interface SiteView {
  readonly site: GeoNodeRow;
  /** The site answering this request (GitLab's `current`). */
  readonly current: boolean;
  /** The groups its selective sync names. */
  readonly groupIds: readonly number[];
}

const isCurrent = (site: GeoNodeRow, geo: GeoConfig) =>
  site.name.toLowerCase() === geo.nodeName.toLowerCase() || normalizeSiteUrl(geo.nodeName) === site.url;

export const siteView = async (db: Executor, site: GeoNodeRow, geo: GeoConfig): Promise<SiteView> => ({
  site,
  current: isCurrent(site, geo),
  groupIds: await findSiteGroups(db, site.id),
});

export async function listSiteViews(
  db: Executor,
  access: AccessContext,
  geo: GeoConfig,
): Promise<SiteView[]> {
  requireAdministrator(access);
  return Promise.all((await listSites(db)).map((site) => siteView(db, site, geo)));
}

export async function findSiteView(db: Executor, access: AccessContext, geo: GeoConfig, id: number) {
  requireAdministrator(access);
  const site = await findSite(db, id);
  if (!site) throw new SiteNotFoundError();
  return siteView(db, site, geo);
}

function writeOf(input: SiteInput, now: Date): SiteWrite {
  const write: SiteWrite = { updated_at: now };
  if (input.name !== undefined) write.name = input.name.trim();
  if (input.url !== undefined) write.url = normalizeSiteUrl(input.url) ?? input.url;
  if (input.internalUrl !== undefined)
    write.internal_url = input.internalUrl ? normalizeSiteUrl(input.internalUrl) : null;
  if (input.primary !== undefined) write.primary = input.primary;
  if (input.enabled !== undefined) write.enabled = input.enabled;
  if (input.filesMaxCapacity !== undefined) write.files_max_capacity = input.filesMaxCapacity;
  if (input.reposMaxCapacity !== undefined) write.repos_max_capacity = input.reposMaxCapacity;
  if (input.verificationMaxCapacity !== undefined)
    write.verification_max_capacity = input.verificationMaxCapacity;
  if (input.containerRepositoriesMaxCapacity !== undefined) {
    write.container_repositories_max_capacity = input.containerRepositoriesMaxCapacity;
  }
  if (input.minimumReverificationInterval !== undefined) {
    write.minimum_reverification_interval = input.minimumReverificationInterval;
  }
  if (input.selectiveSyncType !== undefined) write.selective_sync_type = input.selectiveSyncType;
  return write;
}

async function checked(db: Executor, input: SiteInput, current: GeoNodeRow | null) {
  const errors = siteErrors(input, current, {
    name: input.name !== undefined && (await siteNameTaken(db, input.name.trim(), current?.id ?? null)),
    primary: await primaryTaken(db, current?.id ?? null),
  });
  const groupIds = [...new Set(input.selectiveSyncNamespaceIds ?? [])];
  const groups = await findNamespacesByIds(db, groupIds);
  if (groups.length !== groupIds.length) {
    errors.selective_sync_namespace_ids = ['must name existing groups'];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

export async function createSite(db: Executor, access: AccessContext, input: SiteInput): Promise<GeoNodeRow> {
  requireAdministrator(access);
  return inTransaction(db, async (trx) => {
    await checked(trx, input, null);
    const write = writeOf(input, access.now());
    const site = await insertSite(trx, {
      ...write,
      name: write.name ?? '',
      url: write.url ?? '',
      created_at: access.now(),
    });
    if (input.selectiveSyncNamespaceIds)
      await replaceSiteGroups(trx, site.id, input.selectiveSyncNamespaceIds);
    return site;
  });
}

export async function changeSite(db: Executor, access: AccessContext, id: number, input: SiteInput) {
  requireAdministrator(access);
  return inTransaction(db, async (trx) => {
    const current = await findSite(trx, id);
    if (!current) throw new SiteNotFoundError();
    await checked(trx, input, current);
    const updated = await updateSite(trx, id, writeOf(input, access.now()));
    if (!updated) throw new SiteNotFoundError();
    if (input.selectiveSyncNamespaceIds) await replaceSiteGroups(trx, id, input.selectiveSyncNamespaceIds);
    return updated;
  });
}

export async function removeSite(db: Executor, access: AccessContext, id: number): Promise<void> {
  requireAdministrator(access);
  if (!(await deleteSite(db, id))) throw new SiteNotFoundError();
}

/** A site's status in GitLab's fields (geo_node_status entity), keyed as the REST API names them. */
export type SiteStatus = Record<string, unknown>;

const unix = (date: Date | null | undefined) => (date ? Math.floor(date.getTime() / 1000) : null);

/** The primary's own status: its blobs and their checksums, its event log. */
async function primaryStatus(db: Executor, site: GeoNodeRow, now: Date): Promise<SiteStatus> {
  const [blobs, checksums, lastEvent] = await Promise.all([
    countBlobs(db),
    countChecksums(db),
    findLastEvent(db),
  ]);
  return {
    geo_node_id: site.id,
    healthy: true,
    health: 'Healthy',
    health_status: 'Healthy',
    db_replication_lag_seconds: null,
    db_replication_available: null,
    last_event_id: lastEvent?.id ?? null,
    last_event_timestamp: unix(lastEvent?.created_at),
    cursor_last_event_id: null,
    cursor_last_event_timestamp: null,
    last_successful_status_check_timestamp: unix(now),
    uploads_count: blobs,
    uploads_checksum_total_count: blobs,
    uploads_checksummed_count: checksums.checksummed,
    uploads_checksum_failed_count: checksums.failed,
    uploads_registry_count: null,
    uploads_synced_count: null,
    uploads_failed_count: null,
    uploads_verification_total_count: null,
    uploads_verified_count: null,
    uploads_verification_failed_count: null,
    uploads_synced_in_percentage: percentage(0, 0),
    uploads_verified_in_percentage: percentage(checksums.checksummed, blobs),
    updated_at: now.toISOString(),
  };
}

/** A secondary's status: what it reported, judged for its age. */
function secondaryStatus(
  site: GeoNodeRow,
  reported: { status: SiteStatus; updated_at: Date } | undefined,
  now: Date,
) {
  if (!reported) {
    return {
      geo_node_id: site.id,
      healthy: false,
      health: GEO_MESSAGES.notReported,
      health_status: 'Unhealthy',
      updated_at: null,
    };
  }
  const stale = now.getTime() - reported.updated_at.getTime() > STATUS_STALE_MS;
  const health = stale ? GEO_MESSAGES.stale : String(reported.status.health ?? 'Healthy');
  const healthy = !stale && reported.status.healthy !== false;
  return {
    ...reported.status,
    geo_node_id: site.id,
    healthy,
    health,
    health_status: healthy ? 'Healthy' : 'Unhealthy',
    updated_at: reported.updated_at.toISOString(),
  };
}

/** Every site's status, the primary first (`GET /geo_nodes/status`). */
export async function siteStatuses(db: Executor, access: AccessContext): Promise<SiteStatus[]> {
  requireAdministrator(access);
  const [sites, reports] = await Promise.all([listSites(db), findSiteStatuses(db)]);
  const byId = new Map(reports.map((report) => [report.geo_node_id, report]));
  const now = access.now();
  return Promise.all(
    sites.map((site) =>
      site.primary ? primaryStatus(db, site, now) : secondaryStatus(site, byId.get(site.id), now),
    ),
  );
}

export async function siteStatus(db: Executor, access: AccessContext, id: number): Promise<SiteStatus> {
  const statuses = await siteStatuses(db, access);
  const status = statuses.find((entry) => entry.geo_node_id === id);
  if (!status) throw new SiteNotFoundError();
  return status;
}
