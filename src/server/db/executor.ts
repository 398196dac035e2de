import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';

/** A connection or an open transaction: repositories work inside either. */
export type Executor = Kysely<Database> | Transaction<Database>;
