import type { Kysely } from 'kysely';
import { executeScript } from '../sqlScript.ts';

/** Sign-in sweeps expired sessions a batch at a time; this index finds them without a table scan. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeScript(db, 'CREATE INDEX sessions_expires_at ON sessions (expires_at);');
}
