import type { Kysely } from 'kysely';
import { executeScript } from '../sqlScript.ts';

/**
 * Notes become GitLab's discussions: every note belongs to a discussion (a 40-hex id, as GitLab's),
 * a standalone comment is the only note of its discussion (type NULL), and the notes of a thread are
 * `DiscussionNote`s. A thread is resolved when its notes carry resolved_at. System notes keep the
 * kind of change they record (GitLab's system_note_metadata.action) so the activity can show its icon
 * and 'Compare with previous version' can find the description versions it links.
 *
 * Description versions keep every saved description of an epic or issue, so a reader can compare one
 * change with the version before it. Both tables join the data-version triggers of 0003.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeScript(
    db,
    `
ALTER TABLE notes
  ADD COLUMN discussion_id text NOT NULL
    DEFAULT (md5(random()::text || clock_timestamp()::text) || substr(md5(random()::text), 1, 8)),
  ADD COLUMN type text CHECK (type IN ('DiscussionNote')),
  ADD COLUMN resolved_at timestamptz,
  ADD COLUMN resolved_by_id integer REFERENCES users(id) ON DELETE SET NULL,
  ADD COLUMN last_edited_at timestamptz,
  ADD COLUMN updated_by_id integer REFERENCES users(id) ON DELETE SET NULL,
  ADD COLUMN system_note_action text,
  ADD COLUMN description_version_id integer;
DROP INDEX notes_noteable;
CREATE INDEX notes_noteable ON notes (noteable_type, noteable_id, id);
CREATE INDEX notes_discussion ON notes (discussion_id);

-- A to-do raised by a note (a mention) keeps it: GitLab's to-do body is then the note's text.
ALTER TABLE todos ADD COLUMN note_id integer REFERENCES notes(id) ON DELETE SET NULL;

CREATE TABLE description_versions (
  id serial PRIMARY KEY,
  root_namespace_id integer NOT NULL,
  issuable_type text NOT NULL CHECK (issuable_type IN ('Epic', 'Issue')),
  issuable_id integer NOT NULL,
  description text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX description_versions_issuable ON description_versions (issuable_type, issuable_id, id);
CREATE TRIGGER description_versions_bump_data_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON description_versions
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
`,
  );
}
