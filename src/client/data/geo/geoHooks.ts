import { type Reloadable, useReloadable } from '../reloadable.ts';
import { fetchGeoSites, fetchGeoStatuses } from './geoRest.ts';
import type { GeoSite, GeoSiteStatus } from './geoTypes.ts';

/** The Geo sites, the primary first; `reload` after a change. */
export function useGeoSites(): Reloadable<readonly GeoSite[]> {
  return useReloadable('geo-sites', fetchGeoSites);
}

/** Every site's last status; `reload` polls again, keeping the last answer while it reads. */
export function useGeoStatuses(): Reloadable<readonly GeoSiteStatus[]> {
  return useReloadable('geo-statuses', fetchGeoStatuses);
}
