import type { Kysely } from 'kysely';
import { executeScript } from '../sqlScript.ts';

/**
 * GitLab's application settings: one row for the instance, holding only what an administrator set
 * (by GitLab's names); every setting left out keeps its default.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeScript(
    db,
    `
CREATE TABLE application_settings (
  id integer PRIMARY KEY CHECK (id = 1),
  settings jsonb NOT NULL DEFAULT '{}',
  updated_at timestamptz NOT NULL DEFAULT now()
);
`,
  );
}
