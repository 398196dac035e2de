import { sql } from 'kysely';
import type { Executor } from '../executor.ts';

/**
 * What PostgreSQL says of this database's streaming replication (GitLab's Geo health check): whether
 * it is a standby, whether it is receiving WAL from the primary, and how far behind it replays.
 */
export async function readReplicationState(db: Executor): Promise<{
  readonly inRecovery: boolean;
  readonly receiving: boolean;
  readonly lagSeconds: number | null;
}> {
  const { rows } = await sql<{ in_recovery: boolean; receiving: boolean; lag: number | null }>`
    SELECT pg_is_in_recovery() AS in_recovery,
      EXISTS (SELECT 1 FROM pg_stat_wal_receiver WHERE pid IS NOT NULL) AS receiving,
      CASE WHEN NOT pg_is_in_recovery() THEN NULL
        WHEN pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() THEN 0
        ELSE EXTRACT(EPOCH FROM now() - pg_last_xact_replay_timestamp())::int END AS lag`.execute(db);
  const [row] = rows;
  return {
    inRecovery: row?.in_recovery ?? false,
    receiving: row?.receiving ?? false,
    lagSeconds: row?.lag ?? null,
  };
}
