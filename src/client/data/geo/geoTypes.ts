/**
 * GitLab's Geo sites and their statuses (REST `/api/v4/geo_nodes`) as the Admin Area's Geo sites
 * page shows them. Times are Instants (ISO 8601) from the mapper on.
 */
import type { Instant } from '../dates.ts';

/** A Geo site: the primary or a secondary. */
export interface GeoSite {
  readonly id: number;
  readonly name: string;
  /** The external URL, ending with `/`. */
  readonly url: string;
  /** The URL the secondaries reach the primary at; null when it is the external URL. */
  readonly internalUrl: string | null;
  readonly primary: boolean;
  readonly enabled: boolean;
  /** The site answering the request (this server). */
  readonly current: boolean;
  readonly filesMaxCapacity: number;
  readonly verificationMaxCapacity: number;
}

/** How many of a replicable's items stand where (a secondary's sync, or either site's checks). */
export interface GeoCounts {
  /** Of this many items in all… */
  readonly total: number;
  /** …this many succeeded (synced, verified, checksummed)… */
  readonly succeeded: number;
  /** …this many failed; the rest are pending. */
  readonly failed: number;
  /** The server's `*_in_percentage` of those that succeeded, as sent ('12.50%'); null when it sent none. */
  readonly percentText: string | null;
}

/** What a site last told of itself (GitLab's GeoNodeStatus). */
export interface GeoSiteStatus {
  readonly siteId: number;
  readonly healthy: boolean;
  /** 'Healthy', or why not ('Geo site has not reported its status'). */
  readonly health: string;
  readonly healthStatus: 'Healthy' | 'Unhealthy';
  /** Seconds the secondary's database is behind; null when unknown. */
  readonly dbReplicationLagSeconds: number | null;
  /** False on a secondary whose database cannot be replicated (the embedded one): the lag is unavailable. */
  readonly dbReplicationAvailable: boolean;
  /** The primary's newest event. */
  readonly lastEventId: number | null;
  readonly lastEventAt: Instant | null;
  /** The newest event the secondary has processed. */
  readonly cursorLastEventId: number | null;
  readonly cursorLastEventAt: Instant | null;
  /** When the status was last reported. */
  readonly updatedAt: Instant | null;
  /** The primary's uploads and their checksums; null on a secondary's status. */
  readonly uploadsCount: number | null;
  readonly uploadsChecksums: GeoCounts | null;
  /** A secondary's uploads: synced of its registry, and verified; null on the primary's status. */
  readonly uploadsSync: GeoCounts | null;
  readonly uploadsVerification: GeoCounts | null;
}

/** What the site form sends (GitLab's POST / PUT parameters). */
export interface GeoSiteFields {
  readonly name: string;
  readonly url: string;
  readonly primary: boolean;
  /** '' sends null: the external URL is used. */
  readonly internalUrl: string;
  readonly filesMaxCapacity: number;
  readonly verificationMaxCapacity: number;
}

/** Why a save was refused: the server's messages by field (GitLab's names), or one message. */
export interface GeoSiteRefusal {
  readonly fields: Readonly<Record<string, readonly string[]>>;
  readonly message: string;
}
