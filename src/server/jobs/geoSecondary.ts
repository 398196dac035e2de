import type { GeoSecondary } from '../services/geo/geoSecondary.ts';
import { type PeriodicJob, startPeriodicJob } from './periodicJob.ts';

/** A Geo secondary's replication, a pass every GEO_POLL_MS (services/geo/geoSecondary.ts). */
export async function startGeoSecondary(
  secondary: GeoSecondary,
  pollMs: number,
  log: (message: string) => void,
): Promise<PeriodicJob> {
  await secondary.prepare();
  return startPeriodicJob('geo secondary', pollMs, () => secondary.pass(), log);
}
