import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import type { ColumnType, Generated, Kysely, Selectable } from 'kysely';
import type { SyncState, VerificationState } from '../../../core/domain/geo.ts';
import { openDatabase } from '../database.ts';
import type { GeoBlobModelType } from '../schema.ts';
import { executeScript } from '../sqlScript.ts';

/**
 * A Geo secondary's tracking database (GitLab's geo tracking database): the registry of what it has
 * copied from the primary and verified, and how far it has read the primary's event log. It is a
 * database of its own, never the main one: a secondary's main database may be a read-only streaming
 * standby of the primary's. PGlite in DATA_DIR/geo unless GEO_TRACKING_DATABASE_URL names PostgreSQL.
 */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type MaybeTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface FileRegistryTable {
  id: Generated<number>;
  model_type: GeoBlobModelType;
  model_id: number;
  /** Its key in the file store, the same as on the primary. */
  path: string;
  size: number | null;
  state: Generated<SyncState>;
  retry_count: Generated<number>;
  retry_at: MaybeTimestamp;
  last_synced_at: MaybeTimestamp;
  last_sync_failure: string | null;
  missing_on_primary: Generated<boolean>;
  /** The primary's SHA-256 of the blob, as it was when copied. */
  primary_checksum: string | null;
  verification_state: Generated<VerificationState>;
  verification_checksum: string | null;
  verification_failure: string | null;
  verification_retry_count: Generated<number>;
  verified_at: MaybeTimestamp;
  checksum_mismatch: Generated<boolean>;
  created_at: Timestamp;
}

/** How far the event log has been read. */
export interface EventLogStatesTable {
  id: Generated<number>;
  event_id: number;
  event_created_at: Timestamp;
}

export interface TrackingDatabase {
  file_registry: FileRegistryTable;
  event_log_states: EventLogStatesTable;
}

export type RegistryRow = Selectable<FileRegistryTable>;

export interface TrackingDatabaseHandle {
  readonly db: Kysely<TrackingDatabase>;
  close(): Promise<void>;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS file_registry (
  id serial PRIMARY KEY,
  model_type text NOT NULL CHECK (model_type IN ('Upload', 'IssuableMetricImage')),
  model_id integer NOT NULL,
  path text NOT NULL,
  size bigint,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'started', 'synced', 'failed')),
  retry_count integer NOT NULL DEFAULT 0,
  retry_at timestamptz,
  last_synced_at timestamptz,
  last_sync_failure text,
  missing_on_primary boolean NOT NULL DEFAULT false,
  primary_checksum text,
  verification_state text NOT NULL DEFAULT 'pending'
    CHECK (verification_state IN ('pending', 'started', 'succeeded', 'failed', 'disabled')),
  verification_checksum text,
  verification_failure text,
  verification_retry_count integer NOT NULL DEFAULT 0,
  verified_at timestamptz,
  checksum_mismatch boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (model_type, model_id)
);
CREATE INDEX IF NOT EXISTS file_registry_state ON file_registry (state, retry_at, id);
CREATE INDEX IF NOT EXISTS file_registry_verification ON file_registry (verification_state, id);
CREATE TABLE IF NOT EXISTS event_log_states (
  id serial PRIMARY KEY,
  event_id bigint NOT NULL,
  event_created_at timestamptz NOT NULL
);
`;

/** Opens (and makes, the first time) the secondary's tracking database. */
export async function openTrackingDatabase(config: {
  readonly trackingDatabaseUrl: string | undefined;
  readonly dataDir: string;
}): Promise<TrackingDatabaseHandle> {
  const dataDir = config.dataDir.startsWith('memory://') ? config.dataDir : join(config.dataDir, 'geo');
  if (!config.trackingDatabaseUrl && !dataDir.startsWith('memory://'))
    await fs.mkdir(dataDir, { recursive: true });
  const handle = await openDatabase({ databaseUrl: config.trackingDatabaseUrl, dataDir });
  // The main database's handle, typed for the tracking tables it holds instead.
  const db = handle.db as unknown as Kysely<TrackingDatabase>;
  await executeScript(db as unknown as Kysely<unknown>, SCHEMA);
  return { db, close: () => handle.close() };
}
