import type { Kysely } from 'kysely';
import type { ServerConfig } from './config.ts';
import type { Database } from './db/schema.ts';
import type { Mailer } from './mail/mailer.ts';
import type { ApplicationSettingsStore } from './services/settings/applicationSettingsService.ts';

/**
 * What the server's adapters are built over: the database, the configuration, the clock and the mailer. Both the
 * HTTP routes (http/) and the GraphQL endpoint (graphql/) take it; services take only what they use.
 */
export interface ServerDeps {
  readonly db: Kysely<Database>;
  readonly config: ServerConfig;
  /** The clock; tests fix it. */
  readonly now: () => Date;
  /** The instance's mail: SMTP_URL's server, else the development mailbox. */
  readonly mailer: Mailer;
  /** GitLab's application settings, as administrators set them (the configuration's by default). */
  readonly settings: ApplicationSettingsStore;
}
