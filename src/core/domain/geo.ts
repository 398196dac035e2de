/**
 * GitLab Geo's rules, shared by the primary's site API, the secondary's replication and the Admin
 * Area's Geo sites page: site validation, the registry's states, the retry backoff and the status
 * figures. Pure: the caller passes clocks and random numbers in.
 */

export const GEO_MESSAGES = {
  /** REST answers these 404 and 403 messages with GitLab's prefixes ("404 …", "403 Forbidden - …"). */
  siteNotFound: 'GeoNode Not Found',
  readOnly: 'You cannot perform write operations on a read-only instance',
  secondaryOnly: 'Registries can only be requested from a secondary node',
  notReported: 'Geo site has not reported its status',
  stale: 'Geo site status is more than 10 minutes old',
  primaryUnreachable: 'The primary site could not be reached',
  databaseWritable:
    'Geo node has a database that is writable which is an indication it is not configured for replication with the primary node.',
  databaseNotReplicating: 'Geo node does not appear to be replicating the database from the primary node.',
  checksumMismatch: 'Checksum does not match the primary checksum',
  missingOnPrimary: 'The file is missing on the primary site',
} as const;

/** GitLab's names for the blob replicable and its statuses' fields. */
export const UPLOADS_REPLICABLE = 'uploads';

/** A registry item's sync state and its verification state (GitLab's state machines). */
export const SYNC_STATES = ['pending', 'started', 'synced', 'failed'] as const;
export type SyncState = (typeof SYNC_STATES)[number];
export const VERIFICATION_STATES = ['pending', 'started', 'succeeded', 'failed', 'disabled'] as const;
export type VerificationState = (typeof VERIFICATION_STATES)[number];

export const isSyncState = (value: unknown): value is SyncState =>
  (SYNC_STATES as readonly unknown[]).includes(value);
export const isVerificationState = (value: unknown): value is VerificationState =>
  (VERIFICATION_STATES as readonly unknown[]).includes(value);

/** How old a secondary's last status may be before its site reads as unhealthy. */
export const STATUS_STALE_MS = 10 * 60_000;

/**
 * Seconds until a failed item's next attempt: GitLab's `n⁴ + 15 + rand(30)·(n+1)` for its n-th
 * retry, capped at `maxSeconds`. `random` is in [0, 1).
 */
export function retryDelaySeconds(retryCount: number, random: number, maxSeconds: number): number {
  const n = Math.max(0, retryCount);
  const delay = n ** 4 + 15 + Math.floor(random * 30) * (n + 1);
  return Math.min(delay, maxSeconds);
}

/** GitLab's `*_in_percentage` strings: "12.50%", "0.00%" when there is nothing to count. */
export function percentage(part: number, total: number): string {
  return `${(total > 0 ? (100 * part) / total : 0).toFixed(2)}%`;
}

/** The fields a site is made or changed with (REST's parameters, already typed). */
export interface SiteInput {
  readonly name?: string | undefined;
  readonly url?: string | undefined;
  readonly internalUrl?: string | null | undefined;
  readonly primary?: boolean | undefined;
  readonly enabled?: boolean | undefined;
  readonly filesMaxCapacity?: number | undefined;
  readonly reposMaxCapacity?: number | undefined;
  readonly verificationMaxCapacity?: number | undefined;
  readonly containerRepositoriesMaxCapacity?: number | undefined;
  readonly minimumReverificationInterval?: number | undefined;
  readonly selectiveSyncType?: 'namespaces' | null | undefined;
  /** The groups a site with selective sync replicates. */
  readonly selectiveSyncNamespaceIds?: readonly number[] | undefined;
}

export type SiteErrors = Record<string, string[]>;

/** A site's URL as GitLab keeps it: an http(s) URL ending with a slash; null when it is none. */
export function normalizeSiteUrl(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.search || url.hash || url.username || url.password) return null;
  return url.href.endsWith('/') ? url.href : `${url.href}/`;
}

const CAPACITIES = [
  ['filesMaxCapacity', 'files_max_capacity'],
  ['reposMaxCapacity', 'repos_max_capacity'],
  ['verificationMaxCapacity', 'verification_max_capacity'],
  ['containerRepositoriesMaxCapacity', 'container_repositories_max_capacity'],
] as const;

/**
 * GitLab's GeoNode validations for a site made (`creating`) or changed: the name and URL, one
 * primary, a primary that stays enabled, capacities of zero or more. `taken` says whether another
 * site has the name (case-insensitive) and whether another is the primary.
 */
export function siteErrors(
  input: SiteInput,
  current: { readonly primary: boolean; readonly enabled: boolean } | null,
  taken: { readonly name: boolean; readonly primary: boolean },
): SiteErrors {
  const errors: SiteErrors = {};
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  if (current === null || input.name !== undefined) {
    const name = input.name?.trim() ?? '';
    if (!name) add('name', "can't be blank");
    else if (name.length > 255) add('name', 'is too long (maximum is 255 characters)');
    else if (taken.name) add('name', 'has already been taken');
  }
  if (current === null || input.url !== undefined) {
    if (!input.url?.trim()) add('url', "can't be blank");
    else if (!normalizeSiteUrl(input.url) || input.url.length > 255)
      add('url', 'is blocked: Only allowed schemes are http, https');
  }
  if (input.internalUrl && !normalizeSiteUrl(input.internalUrl)) {
    add('internal_url', 'is blocked: Only allowed schemes are http, https');
  }
  const primary = input.primary ?? current?.primary ?? false;
  if (primary && taken.primary) add('primary', 'node already exists');
  if (primary && (input.enabled ?? current?.enabled ?? true) === false) {
    add('enabled', 'Geo primary node cannot be disabled');
  }
  for (const [key, field] of CAPACITIES) {
    const value = input[key];
    if (value !== undefined && (!Number.isInteger(value) || value < 0)) {
      add(field, 'must be greater than or equal to 0');
    }
  }
  if (input.minimumReverificationInterval !== undefined && input.minimumReverificationInterval < 1) {
    add('minimum_reverification_interval', 'must be greater than or equal to 1');
  }
  return errors;
}
