import type { Kysely } from 'kysely';
import { executeScript } from '../sqlScript.ts';

/**
 * Who last edited an epic and when (GitLab's last_edited_at / last_edited_by_id): the issuable view's
 * "Edited … by …" line and realtime_changes' updated_by_* read them. Null until the first edit; a
 * deleted user leaves the time and loses the name.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeScript(
    db,
    `
ALTER TABLE epics ADD COLUMN last_edited_at timestamptz;
ALTER TABLE epics ADD COLUMN last_edited_by_id integer REFERENCES users(id) ON DELETE SET NULL;
`,
  );
}
