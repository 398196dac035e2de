import type { Kysely } from 'kysely';
import type { SyncState, VerificationState } from '../../../core/domain/geo.ts';
import { findRegistryItem, listRegistry, resync, reverify } from '../../db/geoTracking/registryRepository.ts';
import type { RegistryRow, TrackingDatabase } from '../../db/geoTracking/trackingDatabase.ts';
import { ServiceError } from '../errors.ts';

/** A secondary's tracking database, as its adapters are handed it. */
export type GeoTrackingDb = Kysely<TrackingDatabase>;

/**
 * A secondary's registry as administrators read and act on it (GitLab's /geo_replication API): the
 * items with their sync and verification states, and resync and reverify, one item or all.
 */

export class RegistryItemNotFoundError extends ServiceError {
  constructor() {
    super('not_found', 'Registry Not Found');
  }
}

export type RegistryAction = 'resync' | 'reverify';
export const isRegistryAction = (value: unknown): value is RegistryAction =>
  value === 'resync' || value === 'reverify';

export function listRegistryItems(
  tracking: Kysely<TrackingDatabase>,
  filter: {
    syncState?: SyncState | undefined;
    verificationState?: VerificationState | undefined;
    search?: string | undefined;
  },
  page: { offset: number; limit: number },
) {
  return listRegistry(tracking, filter, page);
}

export async function actOnItem(
  tracking: Kysely<TrackingDatabase>,
  id: number,
  action: RegistryAction,
): Promise<RegistryRow> {
  if (!(await findRegistryItem(tracking, id))) throw new RegistryItemNotFoundError();
  if (action === 'resync') await resync(tracking, id);
  else await reverify(tracking, id);
  const item = await findRegistryItem(tracking, id);
  if (!item) throw new RegistryItemNotFoundError();
  return item;
}

export async function actOnAll(tracking: Kysely<TrackingDatabase>, action: RegistryAction): Promise<number> {
  return (action === 'resync' ? await resync(tracking) : await reverify(tracking)).length;
}
