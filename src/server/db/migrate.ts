import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as domain from './migrations/0001_domain.ts';
import * as roadmapIndexes from './migrations/0002_roadmap_indexes.ts';
import * as dataVersion from './migrations/0003_data_version.ts';
import * as sessionExpiry from './migrations/0004_session_expiry.ts';
import * as summaryCoveringIndexes from './migrations/0005_summary_covering_indexes.ts';
import * as epicLastEdited from './migrations/0006_epic_last_edited.ts';
import type { Database } from './schema.ts';

/** Migrations are listed here, in order; they only ever run forward. */
const MIGRATIONS: Record<string, Migration> = {
  '0001_domain': domain,
  '0002_roadmap_indexes': roadmapIndexes,
  '0003_data_version': dataVersion,
  '0004_session_expiry': sessionExpiry,
  '0005_summary_covering_indexes': summaryCoveringIndexes,
  '0006_epic_last_edited': epicLastEdited,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
