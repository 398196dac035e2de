/** The Admin Area's Geo sites page: the primary and its secondaries, their health and replication. */
export { AdminGeoSitesPage } from './AdminGeoSitesPage.tsx';
