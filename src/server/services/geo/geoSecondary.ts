import { createHash } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import type { Kysely } from 'kysely';
import { GEO_MESSAGES, percentage, retryDelaySeconds } from '../../../core/domain/geo.ts';
import type { GeoConfig } from '../../config.ts';
import type { Executor } from '../../db/executor.ts';
import {
  claimForSync,
  claimForVerification,
  findCursor,
  markSynced,
  markSyncFailed,
  markVerificationFailed,
  markVerified,
  registerBlobs,
  registryCounts,
  requeue,
  resetStarted,
  saveCursor,
  unregisterBlob,
} from '../../db/geoTracking/registryRepository.ts';
import type { RegistryRow, TrackingDatabase } from '../../db/geoTracking/trackingDatabase.ts';
import { readReplicationState } from '../../db/repositories/replicationRepository.ts';
import type { GeoBlobModelType } from '../../db/schema.ts';
import type { FileStore } from '../../storage/fileStore.ts';
import { geoAuthorization } from './geoAuth.ts';

/**
 * A Geo secondary's replication (GitLab's Geo::LogCursor and its blob sync and verification
 * workers), one pass at a time:
 * 1. read the primary's event log after the cursor: a created blob is registered to copy, a deleted
 *    one is removed here too;
 * 2. backfill: register the blobs the primary had before its events were read (at start, then
 *    every ten minutes);
 * 3. copy up to the site's files capacity of due items, hashing the bytes as they arrive and
 *    keeping them only when they match the primary's checksum; a failure waits with GitLab's backoff;
 * 4. verify up to the verification capacity of copies queued for it (reverify), hashing them again;
 * 5. report its status to the primary.
 * When the primary cannot be reached, nothing is lost: items go back to pending uncounted, and the
 * passes back off (1 s doubling to 30 s) until it answers again.
 */

export interface GeoSecondaryDeps {
  readonly geo: GeoConfig & { readonly primaryUrl: string };
  readonly secretKeyBase: string;
  readonly tracking: Kysely<TrackingDatabase>;
  /** The main database: a streaming standby of the primary's, or this site's own. */
  readonly db: Executor;
  readonly mainIsPostgres: boolean;
  readonly store: FileStore;
  readonly now: () => Date;
  readonly random: () => number;
  readonly log: (message: string) => void;
}

/** The primary could not be reached, or answered with a server error: try again later. */
export class PrimaryUnreachableError extends Error {}

const BACKFILL_EVERY_MS = 10 * 60_000;
const STATUS_EVERY_MS = 10_000;
const MAX_BACKOFF_MS = 30_000;
const REQUEST_TIMEOUT_MS = 30_000;

interface SiteSettings {
  readonly files_max_capacity: number;
  readonly verification_max_capacity: number;
}

export class GeoSecondary {
  private nextBackfillAt = 0;
  private nextStatusAt = 0;
  private blockedUntil = 0;
  private backoffMs = 0;
  private lastError: string | null = null;

  constructor(private readonly deps: GeoSecondaryDeps) {}

  /** Before the first pass: items a stopped process left half copied or verified start again. */
  async prepare(): Promise<void> {
    await resetStarted(this.deps.tracking);
  }

  /** One request to the primary's Geo API, signed for `data`. */
  private async request(path: string, data: Record<string, string | number>, init: RequestInit = {}) {
    const { geo, secretKeyBase, now } = this.deps;
    let response: Response;
    try {
      response = await fetch(`${geo.primaryUrl}${path}`, {
        ...init,
        headers: {
          ...(init.headers as Record<string, string> | undefined),
          authorization: geoAuthorization(secretKeyBase, geo.nodeName, data, now()),
        },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new PrimaryUnreachableError(error instanceof Error ? error.message : String(error));
    }
    if (response.status >= 500) {
      await response.body?.cancel();
      throw new PrimaryUnreachableError(`The primary answered ${response.status}`);
    }
    return response;
  }

  private async json<T>(path: string, data: Record<string, string | number>): Promise<T> {
    const response = await this.request(path, data);
    if (!response.ok) {
      throw new Error(
        `The primary refused ${path.split('?')[0]} (${response.status}): ${await response.text()}`,
      );
    }
    return (await response.json()) as T;
  }

  /** One pass; errors are reported in the status and the next pass tries again. */
  async pass(): Promise<void> {
    const started = this.deps.now().getTime();
    if (started < this.blockedUntil) return;
    try {
      const settings = await this.json<SiteSettings>('/api/v4/geo/node', { scope: 'node' });
      await this.readEvents();
      if (started >= this.nextBackfillAt) {
        await this.backfill();
        this.nextBackfillAt = started + BACKFILL_EVERY_MS;
      }
      await this.sync(settings.files_max_capacity);
      await this.verify(settings.verification_max_capacity);
      this.backoffMs = 0;
      this.lastError = null;
      if (this.deps.now().getTime() >= this.nextStatusAt) {
        await this.reportStatus();
        this.nextStatusAt = this.deps.now().getTime() + STATUS_EVERY_MS;
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.lastError = error instanceof PrimaryUnreachableError ? GEO_MESSAGES.primaryUnreachable : message;
      this.backoffMs = Math.min(Math.max(this.backoffMs * 2, 1000), MAX_BACKOFF_MS);
      this.blockedUntil = this.deps.now().getTime() + this.backoffMs;
      this.deps.log(`Geo: ${message}; next try in ${this.backoffMs / 1000} s`);
    }
  }

  /** Applies the primary's events after the cursor, a page at a time, the cursor moving with them. */
  private async readEvents(): Promise<void> {
    const { tracking, store, now } = this.deps;
    for (let page = 0; page < 20; page++) {
      const after = (await findCursor(tracking))?.event_id ?? 0;
      const answer = await this.json<{
        events: {
          id: number;
          event_name: 'created' | 'deleted';
          model_type: GeoBlobModelType;
          model_id: number;
          path: string | null;
          size: number | null;
          created_at: string;
        }[];
      }>(`/api/v4/geo/events?after=${after}&limit=250`, { scope: 'events' });
      if (answer.events.length === 0) return;
      for (const event of answer.events) {
        if (event.event_name === 'created' && event.path) {
          await registerBlobs(
            tracking,
            [{ modelType: event.model_type, modelId: event.model_id, path: event.path, size: event.size }],
            now(),
          );
        } else if (event.event_name === 'deleted') {
          const gone = await unregisterBlob(tracking, event.model_type, event.model_id);
          if (gone) await store.remove(gone.path);
        }
      }
      const last = answer.events.at(-1);
      if (last) await saveCursor(tracking, last.id, new Date(last.created_at));
      if (answer.events.length < 250) return;
    }
  }

  /** Registers every blob the primary has (those that predate the events read, or were missed). */
  private async backfill(): Promise<void> {
    for (const modelType of ['Upload', 'IssuableMetricImage'] as const) {
      let afterId = 0;
      for (;;) {
        const blobs = await this.json<{ model_id: number; path: string; size: number }[]>(
          `/api/v4/geo/blobs/${modelType}?after_id=${afterId}&limit=1000`,
          { scope: 'blobs' },
        );
        await registerBlobs(
          this.deps.tracking,
          blobs.map((blob) => ({ modelType, modelId: blob.model_id, path: blob.path, size: blob.size })),
          this.deps.now(),
        );
        const last = blobs.at(-1);
        if (!last || blobs.length < 1000) break;
        afterId = last.model_id;
      }
    }
  }

  private retryAt(item: RegistryRow, missing: boolean): Date {
    const { geo, random, now } = this.deps;
    // GitLab waits up to 4 hours for a file missing on the primary, an hour for other failures.
    const cap = missing ? geo.retryMaxSeconds * 4 : geo.retryMaxSeconds;
    return new Date(now().getTime() + 1000 * retryDelaySeconds(item.retry_count, random(), cap));
  }

  /** Copies due items, `capacity` at a time. */
  private async sync(capacity: number): Promise<void> {
    const { tracking, now } = this.deps;
    const items = await claimForSync(tracking, capacity, now());
    const outcomes = await Promise.allSettled(items.map((item) => this.copy(item)));
    const unreachable = items.filter((_, index) => {
      const outcome = outcomes[index];
      return outcome?.status === 'rejected' && outcome.reason instanceof PrimaryUnreachableError;
    });
    // Anything else that went wrong with an item is its failure, retried with the backoff.
    for (const [index, outcome] of outcomes.entries()) {
      const item = items[index];
      if (!item || outcome.status !== 'rejected' || outcome.reason instanceof PrimaryUnreachableError)
        continue;
      await markSyncFailed(tracking, item.id, {
        message: outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason),
        retryAt: this.retryAt(item, false),
        missingOnPrimary: false,
      });
    }
    // The primary is down: nothing failed, the items wait for it.
    await requeue(
      tracking,
      unreachable.map((item) => item.id),
    );
    const down = outcomes.find(
      (outcome): outcome is PromiseRejectedResult =>
        outcome.status === 'rejected' && outcome.reason instanceof PrimaryUnreachableError,
    );
    if (down) throw down.reason;
  }

  private async copy(item: RegistryRow): Promise<void> {
    const { tracking, store, now } = this.deps;
    const data = { model_type: item.model_type, model_id: item.model_id };
    const response = await this.request(`/api/v4/geo/retrieve/${item.model_type}/${item.model_id}`, data);
    if (response.status === 404) {
      await response.body?.cancel();
      await markSyncFailed(tracking, item.id, {
        message: GEO_MESSAGES.missingOnPrimary,
        retryAt: this.retryAt(item, true),
        missingOnPrimary: true,
      });
      return;
    }
    const expected = response.headers.get('x-geo-checksum');
    if (!response.ok || !response.body || !expected) {
      await response.body?.cancel();
      await markSyncFailed(tracking, item.id, {
        message: `The primary answered ${response.status}`,
        retryAt: this.retryAt(item, false),
        missingOnPrimary: false,
      });
      return;
    }
    const hash = createHash('sha256');
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        done(null, chunk);
      },
    });
    let staged: Awaited<ReturnType<FileStore['stage']>>;
    try {
      staged = await store.stage(Readable.fromWeb(response.body as never).pipe(hashing), 0);
    } catch (error) {
      // The connection broke mid-transfer: the primary went away.
      throw new PrimaryUnreachableError(error instanceof Error ? error.message : String(error));
    }
    const actual = hash.digest('hex');
    if (actual !== expected) {
      await store.discard(staged);
      await markSyncFailed(tracking, item.id, {
        message: GEO_MESSAGES.checksumMismatch,
        retryAt: this.retryAt(item, false),
        missingOnPrimary: false,
      });
      return;
    }
    await store.publish(staged, item.path);
    await markSynced(tracking, item.id, { checksum: actual, size: staged.size }, now());
  }

  /** Hashes copies queued for verification and compares them with the primary's checksum. */
  private async verify(capacity: number): Promise<void> {
    const { tracking, store, now } = this.deps;
    for (const item of await claimForVerification(tracking, capacity)) {
      const bytes = await store.read(item.path);
      let checksum: string | null = null;
      if (bytes) {
        const hash = createHash('sha256');
        for await (const chunk of bytes) hash.update(chunk as Buffer);
        checksum = hash.digest('hex');
      }
      if (checksum !== null && checksum === item.primary_checksum) {
        await markVerified(tracking, item.id, checksum, now());
      } else {
        await markVerificationFailed(tracking, item.id, {
          message: checksum === null ? 'The file is missing' : GEO_MESSAGES.checksumMismatch,
          checksum,
          mismatch: checksum !== null,
          retryAt: this.retryAt(item, false),
        });
      }
    }
  }

  /** This site's status, in GitLab's fields: its registry, its cursor, its database. */
  async status(): Promise<Record<string, unknown>> {
    const { tracking, db, mainIsPostgres, now } = this.deps;
    const [counts, cursor] = await Promise.all([registryCounts(tracking), findCursor(tracking)]);
    let lag: number | null = null;
    let available = false;
    let databaseProblem: string | null = null;
    if (mainIsPostgres) {
      const replication = await readReplicationState(db);
      available = replication.inRecovery;
      lag = replication.lagSeconds;
      if (!replication.inRecovery) databaseProblem = GEO_MESSAGES.databaseWritable;
      else if (!replication.receiving) databaseProblem = GEO_MESSAGES.databaseNotReplicating;
    }
    const problem = this.lastError ?? databaseProblem;
    return {
      healthy: problem === null,
      health: problem ?? 'Healthy',
      db_replication_lag_seconds: lag,
      db_replication_available: available,
      cursor_last_event_id: cursor?.event_id ?? null,
      cursor_last_event_timestamp: cursor ? Math.floor(cursor.event_created_at.getTime() / 1000) : null,
      last_successful_status_check_timestamp: Math.floor(now().getTime() / 1000),
      uploads_registry_count: counts.total,
      uploads_synced_count: counts.synced,
      uploads_failed_count: counts.failed,
      uploads_verification_total_count: counts.total,
      uploads_verified_count: counts.verified,
      uploads_verification_failed_count: counts.verificationFailed,
      uploads_synced_in_percentage: percentage(counts.synced, counts.total),
      uploads_verified_in_percentage: percentage(counts.verified, counts.total),
    };
  }

  private async reportStatus(): Promise<void> {
    const response = await this.request(
      '/api/v4/geo/status',
      { scope: 'status' },
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(await this.status()),
      },
    );
    await response.body?.cancel();
  }
}
