import { DEFAULT_LDAP_PROVIDER, LDAP_MAX_TIMEOUT_MS, type LdapProviderConfig } from '../core/domain/ldap.ts';
import { DEFAULT_METRIC_IMAGE_MAX_BYTES } from '../core/domain/metricImages.ts';
import type { S3Location } from '../core/domain/objectStore.ts';

/** Server configuration, read once from the environment (README, "Configuration"). */
export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  /**
   * WEB_CONCURRENCY: how many processes serve requests on PostgreSQL (one per core but one, up to 8,
   * when unset). PGlite and a Geo secondary always serve from one.
   */
  readonly webConcurrency: number | undefined;
  readonly demoSeed: boolean;
  readonly demoPassword: string;
  /** Public origin used in `web_url` fields; defaults to http://<host>:<port>. */
  readonly externalUrl: string;
  /** Sign-in attempts allowed per IP and minute before GitLab-style 429s. */
  readonly signInRateLimit: number;
  /** GitLab's API rate limits: requests per minute and user, and per minute and address when anonymous. */
  readonly apiRateLimit: { readonly authenticated: number; readonly unauthenticated: number };
  /** Shared store of the rate limits' counters (several app servers); in memory when undefined. */
  readonly redisUrl: string | undefined;
  /** Prefix of this instance's keys in Redis, so that installations may share one Redis. */
  readonly redisKeyPrefix: string;
  /**
   * A request's database time budget in ms (db/timeBudget.ts): PostgreSQL's statement timeout and
   * pool wait, PGlite's wait for its session. Undefined (`DB_STATEMENT_TIMEOUT_MS=0`) for none.
   */
  readonly dbStatementTimeoutMs: number | undefined;
  /**
   * DATABASE_PREPARED_STATEMENTS: repeated statements are parsed and planned once per connection
   * (PGlite: per session); `off` behind a PostgreSQL pooler in transaction mode that cannot keep them.
   */
  readonly databasePreparedStatements: boolean;
  /** Folder of the built client (Vite output). */
  readonly clientDir: string;
  readonly logLevel: string;
  /** Whether repeated GraphQL queries are answered from memory while no shown data has changed. */
  readonly graphqlResponseCache: boolean;
  /** GitLab's feature flags that this server honours, fixed for the process's life. */
  readonly featureFlags: FeatureFlags;
  /** Largest metric image an incident accepts, in bytes (GitLab's 1 MB unless configured). */
  readonly metricImageMaxBytes: number;
  /**
   * The key secrets stored in the database are sealed under (GitLab's db_key_base): SECRET_KEY_BASE,
   * else the one main.ts keeps in DATA_DIR. Undefined only where nothing seals (some tests).
   */
  readonly secretKeyBase: string | undefined;
  /** The S3-compatible bucket uploads are kept in (GitLab's object storage); the disk when undefined. */
  readonly objectStore: S3Location | undefined;
  /** SMTP_URL: the server mail is sent through; the development mailbox (`/-/mailbox`) when undefined. */
  readonly smtpUrl: string | undefined;
  /** EMAIL_FROM: the sender of the instance's mail. */
  readonly emailFrom: string;
  /** The LDAP server groups link to (GitLab's LDAP group sync); none when LDAP_URL is unset. */
  readonly ldap: LdapProviderConfig | undefined;
  /** Geo: this site's name, and the primary it replicates from when it is a secondary. */
  readonly geo: GeoConfig;
}

/** GitLab Geo's settings of this server (README, "Geo"). */
export interface GeoConfig {
  /** GEO_NODE_NAME: this site's name among the Geo sites (GitLab's geo_node_name); EXTERNAL_URL by default. */
  readonly nodeName: string;
  /** GEO_PRIMARY_URL: set on a secondary, the primary's base URL it replicates from. */
  readonly primaryUrl: string | undefined;
  /** GEO_TRACKING_DATABASE_URL: a secondary's registry on PostgreSQL; PGlite in DATA_DIR/geo otherwise. */
  readonly trackingDatabaseUrl: string | undefined;
  /** GEO_POLL_MS: how often a secondary reads the primary's events and syncs. */
  readonly pollMs: number;
  /** GEO_RETRY_MAX_SECONDS: the longest a failed item waits before its next sync. */
  readonly retryMaxSeconds: number;
}

/** Feature flags by GitLab's names, camel-cased as GitLab pushes them to its pages (`gon.features`). */
export interface FeatureFlags {
  /**
   * `epic_color_highlight`: epics' colour can be set (GraphQL `color`, REST `color`) and the epic
   * sidebar shows its colour select. Off by default, as on GitLab; a demo instance turns it on.
   */
  readonly epicColorHighlight: boolean;
  /**
   * `work_items_mvc_2`: the work item view shows and edits assignees and labels. Off by default, as
   * GitLab's development flag; a demo instance turns it on.
   */
  readonly workItemsMvc2: boolean;
  /**
   * GitLab's `issue_weights` feature (a licensed feature there): work items carry the weight widget
   * and the work item view shows weight. On unless ISSUE_WEIGHTS=off, as issues here always have weight.
   */
  readonly issueWeights: boolean;
}

export const DEFAULT_DEMO_PASSWORD = 'demo-password';

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = parsePort(env.PORT ?? '3000');
  const host = env.HOST ?? '127.0.0.1';
  return {
    port,
    host,
    dataDir: env.DATA_DIR ?? './data',
    databaseUrl: env.DATABASE_URL || undefined,
    webConcurrency: env.WEB_CONCURRENCY ? wholeNumberBetween(env, 'WEB_CONCURRENCY', 1, 64) : undefined,
    demoSeed: (env.DEMO_SEED ?? 'on') !== 'off',
    demoPassword: env.DEMO_PASSWORD ?? DEFAULT_DEMO_PASSWORD,
    externalUrl: (env.EXTERNAL_URL ?? `http://${host}:${port}`).replace(/\/$/, ''),
    signInRateLimit: Number(env.SIGN_IN_RATE_LIMIT ?? 10),
    apiRateLimit: {
      authenticated: Number(env.API_RATE_LIMIT_AUTHENTICATED ?? 2000),
      unauthenticated: Number(env.API_RATE_LIMIT_UNAUTHENTICATED ?? 500),
    },
    redisUrl: env.REDIS_URL || undefined,
    redisKeyPrefix: env.REDIS_KEY_PREFIX ?? 'plantrack:',
    dbStatementTimeoutMs: optionalPositive(env, 'DB_STATEMENT_TIMEOUT_MS', 2000),
    databasePreparedStatements: (env.DATABASE_PREPARED_STATEMENTS ?? 'on') !== 'off',
    clientDir: env.CLIENT_DIR ?? 'dist/client',
    logLevel: env.LOG_LEVEL ?? 'info',
    graphqlResponseCache: (env.GRAPHQL_RESPONSE_CACHE ?? 'on') !== 'off',
    featureFlags: readFeatureFlags(env),
    metricImageMaxBytes: positiveInteger(env, 'METRIC_IMAGE_MAX_BYTES', DEFAULT_METRIC_IMAGE_MAX_BYTES),
    objectStore: readObjectStore(env),
    secretKeyBase: readSecretKeyBase(env),
    smtpUrl: readSmtpUrl(env),
    emailFrom: env.EMAIL_FROM?.trim() || 'Plantrack <plantrack@localhost>',
    geo: {
      nodeName:
        env.GEO_NODE_NAME?.trim() || (env.EXTERNAL_URL ?? `http://${host}:${port}`).replace(/\/$/, ''),
      primaryUrl: env.GEO_PRIMARY_URL?.trim().replace(/\/+$/, '') || undefined,
      trackingDatabaseUrl: env.GEO_TRACKING_DATABASE_URL?.trim() || undefined,
      pollMs: positiveNumber(env.GEO_POLL_MS, 1000),
      retryMaxSeconds: positiveNumber(env.GEO_RETRY_MAX_SECONDS, 3600),
    },
    ldap: readLdap(env),
  };
}

/**
 * `LDAP_URL` turns the LDAP provider on; searches bind as `LDAP_BIND_DN` (anonymously when unset)
 * under `LDAP_BASE`, which it then needs. Groups are searched under `LDAP_GROUP_BASE`, else the base.
 */
function positiveNumber(value: string | undefined, fallback: number): number {
  const number = Number(value);
  return value !== undefined && Number.isFinite(number) && number > 0 ? number : fallback;
}

function readLdap(env: NodeJS.ProcessEnv): LdapProviderConfig | undefined {
  const url = env.LDAP_URL?.trim();
  if (!url) return undefined;
  if (!/^ldaps?:\/\/[^\s/]+\/?$/.test(url))
    throw new Error(`LDAP_URL must be an ldap:// or ldaps:// address, got "${url}"`);
  const base = env.LDAP_BASE?.trim() ?? '';
  if (!base) throw new Error('LDAP_URL needs LDAP_BASE');
  const provider = env.LDAP_PROVIDER?.trim() || DEFAULT_LDAP_PROVIDER;
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(provider))
    throw new Error(`LDAP_PROVIDER must be letters, digits, - and _, got "${provider}"`);
  const timeoutMs = positiveInteger(env, 'LDAP_TIMEOUT_MS', LDAP_MAX_TIMEOUT_MS);
  if (timeoutMs > LDAP_MAX_TIMEOUT_MS)
    throw new Error(`LDAP_TIMEOUT_MS must be at most ${LDAP_MAX_TIMEOUT_MS}, got "${timeoutMs}"`);
  return {
    provider,
    url: url.replace(/\/$/, ''),
    bindDn: env.LDAP_BIND_DN?.trim() ?? '',
    bindPassword: env.LDAP_BIND_PASSWORD ?? '',
    base,
    groupBase: env.LDAP_GROUP_BASE?.trim() || base,
    uidAttribute: env.LDAP_USER_UID_ATTRIBUTE?.trim() || 'uid',
    timeoutMs,
  };
}

function readSmtpUrl(env: NodeJS.ProcessEnv): string | undefined {
  const value = env.SMTP_URL?.trim();
  if (!value) return undefined;
  if (!/^smtps?:\/\/[^\s/]+/.test(value)) throw new Error('SMTP_URL must be an smtp:// or smtps:// address');
  return value;
}

/** At least 32 characters when given: a short key would make the sealed secrets guessable. */
function readSecretKeyBase(env: NodeJS.ProcessEnv): string | undefined {
  const value = env.SECRET_KEY_BASE?.trim();
  if (!value) return undefined;
  if (value.length < 32) throw new Error('SECRET_KEY_BASE must be at least 32 characters long');
  return value;
}

/**
 * `OBJECT_STORE_BUCKET` turns the object store on; it then needs both keys. The region defaults to
 * us-east-1; `OBJECT_STORE_ENDPOINT` names an S3-compatible store (path-style addressing unless
 * `OBJECT_STORE_PATH_STYLE=off`), AWS itself when unset.
 */
function readObjectStore(env: NodeJS.ProcessEnv): S3Location | undefined {
  const bucket = env.OBJECT_STORE_BUCKET?.trim();
  if (!bucket) return undefined;
  const accessKeyId = env.OBJECT_STORE_ACCESS_KEY_ID?.trim() ?? '';
  const secretAccessKey = env.OBJECT_STORE_SECRET_ACCESS_KEY?.trim() ?? '';
  if (!accessKeyId || !secretAccessKey)
    throw new Error(
      'OBJECT_STORE_BUCKET needs OBJECT_STORE_ACCESS_KEY_ID and OBJECT_STORE_SECRET_ACCESS_KEY',
    );
  const endpoint = env.OBJECT_STORE_ENDPOINT?.trim() || undefined;
  if (endpoint && !/^https?:\/\/[^\s/]+/.test(endpoint))
    throw new Error(`OBJECT_STORE_ENDPOINT must be an http(s) address, got "${endpoint}"`);
  const pathStyle = env.OBJECT_STORE_PATH_STYLE;
  return {
    bucket,
    region: env.OBJECT_STORE_REGION?.trim() || 'us-east-1',
    accessKeyId,
    secretAccessKey,
    ...(endpoint ? { endpoint } : {}),
    ...(pathStyle === undefined || pathStyle === '' ? {} : { pathStyle: pathStyle !== 'off' }),
  };
}

/** Each flag is `on` or `off`; unset, it follows DEMO_SEED (a demo shows the feature, production does not). */
function readFeatureFlags(env: NodeJS.ProcessEnv): FeatureFlags {
  const demo = (env.DEMO_SEED ?? 'on') !== 'off';
  const flag = (value: string | undefined) => (value === undefined || value === '' ? demo : value !== 'off');
  return {
    epicColorHighlight: flag(env.EPIC_COLOR_HIGHLIGHT),
    workItemsMvc2: flag(env.WORK_ITEMS_MVC_2),
    issueWeights: env.ISSUE_WEIGHTS !== 'off',
  };
}

/** A positive number from the environment, its default when unset, undefined when `0`. */
function optionalPositive(env: NodeJS.ProcessEnv, name: string, fallback: number): number | undefined {
  const text = env[name];
  const value = text === undefined || text === '' ? fallback : Number(text);
  if (!Number.isFinite(value) || value < 0)
    throw new Error(`${name} must be a number of 0 or more, got "${text}"`);
  return value === 0 ? undefined : value;
}

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name];
  const value = text === undefined || text === '' ? fallback : Number(text);
  if (!Number.isSafeInteger(value) || value <= 0)
    throw new Error(`${name} must be a whole number above 0, got "${text}"`);
  return value;
}

function wholeNumberBetween(env: NodeJS.ProcessEnv, name: string, min: number, max: number): number {
  const text = env[name] ?? '';
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max)
    throw new Error(`${name} must be a whole number from ${min} to ${max}, got "${text}"`);
  return value;
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be 0-65535, got "${value}"`);
  return port;
}
