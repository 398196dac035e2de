import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { SyncState, VerificationState } from '../../../core/domain/geo.ts';
import type { GeoBlobModelType } from '../schema.ts';
import type { RegistryRow, TrackingDatabase } from './trackingDatabase.ts';

/** The secondary's registry of blobs: what to copy, what it copied, what it verified. */

type Tracking = Kysely<TrackingDatabase>;

export interface RegistryItem {
  readonly modelType: GeoBlobModelType;
  readonly modelId: number;
  readonly path: string;
  readonly size: number | null;
}

/** Registers blobs to copy; those registered already stay as they are. Returns how many are new. */
export async function registerBlobs(db: Tracking, items: readonly RegistryItem[], at: Date): Promise<number> {
  if (items.length === 0) return 0;
  const inserted = await db
    .insertInto('file_registry')
    .values(
      items.map((item) => ({
        model_type: item.modelType,
        model_id: item.modelId,
        path: item.path,
        size: item.size,
        created_at: at,
      })),
    )
    .onConflict((conflict) => conflict.columns(['model_type', 'model_id']).doNothing())
    .returning('id')
    .execute();
  return inserted.length;
}

/** Forgets a blob the primary deleted; its row (for its path), when there was one. */
export function unregisterBlob(db: Tracking, modelType: GeoBlobModelType, modelId: number) {
  return db
    .deleteFrom('file_registry')
    .where('model_type', '=', modelType)
    .where('model_id', '=', modelId)
    .returningAll()
    .executeTakeFirst();
}

/** Puts items a crash left half done back to pending (GitLab's "started" that never finished). */
export async function resetStarted(db: Tracking): Promise<void> {
  await db.updateTable('file_registry').set({ state: 'pending' }).where('state', '=', 'started').execute();
  await db
    .updateTable('file_registry')
    .set({ verification_state: 'pending' })
    .where('verification_state', '=', 'started')
    .execute();
}

/** Takes up to `limit` items due for a sync (pending, or failed and past their retry time). */
export async function claimForSync(db: Tracking, limit: number, now: Date): Promise<RegistryRow[]> {
  if (limit <= 0) return [];
  return db
    .updateTable('file_registry')
    .set({ state: 'started' })
    .where(
      'id',
      'in',
      db
        .selectFrom('file_registry')
        .select('id')
        .where((eb) =>
          eb.or([
            eb('state', '=', 'pending'),
            eb.and([eb('state', '=', 'failed'), eb('retry_at', '<=', now)]),
          ]),
        )
        .orderBy('id')
        .limit(limit),
    )
    .returningAll()
    .execute();
}

export async function markSynced(
  db: Tracking,
  id: number,
  result: { readonly checksum: string; readonly size: number },
  at: Date,
): Promise<void> {
  await db
    .updateTable('file_registry')
    .set({
      state: 'synced',
      size: result.size,
      retry_count: 0,
      retry_at: null,
      last_synced_at: at,
      last_sync_failure: null,
      missing_on_primary: false,
      primary_checksum: result.checksum,
      // The bytes were hashed as they arrived and matched the primary's: verified as copied.
      verification_state: 'succeeded',
      verification_checksum: result.checksum,
      verification_failure: null,
      verification_retry_count: 0,
      verified_at: at,
      checksum_mismatch: false,
    })
    .where('id', '=', id)
    .where('state', '=', 'started')
    .execute();
}

export async function markSyncFailed(
  db: Tracking,
  id: number,
  failure: { readonly message: string; readonly retryAt: Date; readonly missingOnPrimary: boolean },
): Promise<void> {
  await db
    .updateTable('file_registry')
    .set((eb) => ({
      state: 'failed',
      retry_count: eb('retry_count', '+', 1),
      retry_at: failure.retryAt,
      last_sync_failure: failure.message.slice(0, 255),
      missing_on_primary: failure.missingOnPrimary,
    }))
    .where('id', '=', id)
    .execute();
}

/** An item the primary could not be asked about (it is down): pending again, no retry counted. */
export async function requeue(db: Tracking, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('file_registry')
    .set({ state: 'pending' })
    .where('id', 'in', [...ids])
    .execute();
}

/** GitLab's resync: the item is copied again at once. */
export function resync(db: Tracking, id?: number) {
  let query = db.updateTable('file_registry').set({ state: 'pending', retry_count: 0, retry_at: null });
  if (id !== undefined) query = query.where('id', '=', id);
  return query.returningAll().execute();
}

/** GitLab's reverify: the copy is hashed again and compared with the primary's checksum. */
export function reverify(db: Tracking, id?: number) {
  let query = db
    .updateTable('file_registry')
    .set({ verification_state: 'pending' })
    .where('state', '=', 'synced');
  if (id !== undefined) query = query.where('id', '=', id);
  return query.returningAll().execute();
}

export function claimForVerification(db: Tracking, limit: number): Promise<RegistryRow[]> {
  return db
    .updateTable('file_registry')
    .set({ verification_state: 'started' })
    .where(
      'id',
      'in',
      db
        .selectFrom('file_registry')
        .select('id')
        .where('verification_state', '=', 'pending')
        .where('state', '=', 'synced')
        .orderBy('id')
        .limit(limit),
    )
    .returningAll()
    .execute();
}

export async function markVerified(db: Tracking, id: number, checksum: string, at: Date): Promise<void> {
  await db
    .updateTable('file_registry')
    .set({
      verification_state: 'succeeded',
      verification_checksum: checksum,
      verification_failure: null,
      verification_retry_count: 0,
      verified_at: at,
      checksum_mismatch: false,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * A copy that no longer matches (GitLab's verification_failed_due_to_mismatch): verification and
 * sync both fail, and the item is copied again when its retry falls due.
 */
export async function markVerificationFailed(
  db: Tracking,
  id: number,
  failure: {
    readonly message: string;
    readonly checksum: string | null;
    readonly mismatch: boolean;
    readonly retryAt: Date;
  },
): Promise<void> {
  await db
    .updateTable('file_registry')
    .set((eb) => ({
      verification_state: 'failed',
      verification_checksum: failure.checksum,
      verification_failure: failure.message.slice(0, 255),
      verification_retry_count: eb('verification_retry_count', '+', 1),
      checksum_mismatch: failure.mismatch,
      state: 'failed',
      retry_count: eb('retry_count', '+', 1),
      retry_at: failure.retryAt,
      last_sync_failure: failure.message.slice(0, 255),
    }))
    .where('id', '=', id)
    .execute();
}

export interface RegistryFilter {
  readonly syncState?: SyncState | undefined;
  readonly verificationState?: VerificationState | undefined;
  readonly search?: string | undefined;
}

export async function listRegistry(
  db: Tracking,
  filter: RegistryFilter,
  page: { readonly offset: number; readonly limit: number },
): Promise<{ rows: RegistryRow[]; total: number }> {
  let query = db.selectFrom('file_registry');
  if (filter.syncState) query = query.where('state', '=', filter.syncState);
  if (filter.verificationState) query = query.where('verification_state', '=', filter.verificationState);
  if (filter.search) {
    const pattern = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where('path', 'ilike', pattern);
  }
  const [rows, counted] = await Promise.all([
    query.selectAll().orderBy('id').offset(page.offset).limit(page.limit).execute(),
    query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(counted.count) };
}

export function findRegistryItem(db: Tracking, id: number) {
  return db.selectFrom('file_registry').selectAll().where('id', '=', id).executeTakeFirst();
}

/** All registered ids of one kind (a backfill compares them with the primary's). */
export async function registeredIds(db: Tracking, modelType: GeoBlobModelType): Promise<Set<number>> {
  const rows = await db
    .selectFrom('file_registry')
    .select('model_id')
    .where('model_type', '=', modelType)
    .execute();
  return new Set(rows.map((row) => row.model_id));
}

export async function registryCounts(db: Tracking) {
  const row = await db
    .selectFrom('file_registry')
    .select([
      sql<string>`count(*)`.as('total'),
      sql<string>`count(*) FILTER (WHERE state = 'synced')`.as('synced'),
      sql<string>`count(*) FILTER (WHERE state = 'failed')`.as('failed'),
      sql<string>`count(*) FILTER (WHERE verification_state = 'succeeded')`.as('verified'),
      sql<string>`count(*) FILTER (WHERE verification_state = 'failed')`.as('verification_failed'),
    ])
    .executeTakeFirstOrThrow();
  return {
    total: Number(row.total),
    synced: Number(row.synced),
    failed: Number(row.failed),
    verified: Number(row.verified),
    verificationFailed: Number(row.verification_failed),
  };
}

export function findCursor(db: Tracking) {
  return db.selectFrom('event_log_states').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export async function saveCursor(db: Tracking, eventId: number, eventCreatedAt: Date): Promise<void> {
  await db.deleteFrom('event_log_states').execute();
  await db
    .insertInto('event_log_states')
    .values({ event_id: eventId, event_created_at: eventCreatedAt })
    .execute();
}
