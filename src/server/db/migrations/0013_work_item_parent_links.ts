import type { Kysely } from 'kysely';
import { executeScript } from '../sqlScript.ts';

/**
 * Work items' hierarchy, GitLab's `work_item_parent_links`: a task (an `issues` row of type 'task')
 * hangs under one parent issue or incident. `work_item_id` is unique because a work item has at most
 * one parent; deleting either side deletes the link (the child survives its parent, as in GitLab).
 * Children are ordered by relative_position, then id. Shown data: it joins the data-version triggers
 * of 0003.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeScript(
    db,
    `
CREATE TABLE work_item_parent_links (
  id serial PRIMARY KEY,
  root_namespace_id integer NOT NULL,
  work_item_id integer NOT NULL UNIQUE REFERENCES issues(id) ON DELETE CASCADE,
  work_item_parent_id integer NOT NULL REFERENCES issues(id) ON DELETE CASCADE,
  relative_position integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (work_item_id <> work_item_parent_id)
);
CREATE INDEX work_item_parent_links_parent
  ON work_item_parent_links (work_item_parent_id, relative_position, id);
CREATE TRIGGER work_item_parent_links_bump_data_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON work_item_parent_links
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
`,
  );
}
