import type { Kysely } from 'kysely';
import { executeScript } from '../sqlScript.ts';

/**
 * Labels a project prioritises (GitLab's `label_priorities`): a project's own labels and the group
 * labels it inherits, each with its place in the project's order (0 first). Subscriptions may now
 * name a label too (GitLab's Subscribable label). The new table joins the data-version triggers of
 * 0003: the labels page shows its rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeScript(
    db,
    `
CREATE TABLE label_priorities (
  id serial PRIMARY KEY,
  root_namespace_id integer NOT NULL,
  project_id integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  label_id integer NOT NULL REFERENCES labels(id) ON DELETE CASCADE,
  priority integer NOT NULL CHECK (priority >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX label_priorities_project_label ON label_priorities (project_id, label_id);
CREATE INDEX label_priorities_label ON label_priorities (label_id);
CREATE TRIGGER label_priorities_bump_data_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON label_priorities
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
ALTER TABLE subscriptions DROP CONSTRAINT subscriptions_subscribable_type_check;
ALTER TABLE subscriptions ADD CONSTRAINT subscriptions_subscribable_type_check
  CHECK (subscribable_type IN ('Epic', 'Issue', 'MergeRequest', 'Label'))
`,
  );
}
