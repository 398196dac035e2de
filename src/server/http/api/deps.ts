import type { Kysely } from 'kysely';
import type { ServerConfig } from '../../config.ts';
import type { Database } from '../../db/schema.ts';

/** What every route module needs: the database, the configuration and the clock. */
export interface ApiDeps {
  readonly db: Kysely<Database>;
  readonly config: ServerConfig;
  readonly now: () => Date;
}
