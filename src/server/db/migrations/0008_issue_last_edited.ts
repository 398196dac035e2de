import type { Kysely } from 'kysely';
import { executeScript } from '../sqlScript.ts';

/**
 * The issue page edits issues as the epic page edits epics: who last edited an issue and when (the
 * "Edited … by …" line and realtime_changes' updated_by_*), and GitLab's discussion_locked (the
 * sticky header's lock icon; the REST issue's `discussion_locked`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeScript(
    db,
    `
ALTER TABLE issues ADD COLUMN last_edited_at timestamptz;
ALTER TABLE issues ADD COLUMN last_edited_by_id integer REFERENCES users(id) ON DELETE SET NULL;
ALTER TABLE issues ADD COLUMN discussion_locked boolean NOT NULL DEFAULT false;
`,
  );
}
