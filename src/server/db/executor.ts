import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';

/** A connection or an open transaction: repositories work inside either. */
export type Executor = Kysely<Database> | Transaction<Database>;

/**
 * `run` in a transaction: the caller's when `db` already is one (so several writes of one request
 * commit or roll back together), else a new one. Kysely refuses to nest transactions itself.
 */
export function inTransaction<T>(db: Executor, run: (trx: Executor) => Promise<T>): Promise<T> {
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}
