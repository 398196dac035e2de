import type { Kysely } from 'kysely';
import type { ServerConfig } from './config.ts';
import type { Database } from './db/schema.ts';

/**
 * What the server's adapters are built over: the database, the configuration and the clock. Both the
 * HTTP routes (http/) and the GraphQL endpoint (graphql/) take it; services take only what they use.
 */
export interface ServerDeps {
  readonly db: Kysely<Database>;
  readonly config: ServerConfig;
  /** The clock; tests fix it. */
  readonly now: () => Date;
}
