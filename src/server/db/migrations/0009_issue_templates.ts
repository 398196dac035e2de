import type { Kysely } from 'kysely';
import { executeScript } from '../sqlScript.ts';

/**
 * Description templates of a project's issues (GitLab's `.gitlab/issue_templates/*.md`; without a
 * repository they are rows). The name is unique per project, as a file name in one folder is. The
 * table joins the data-version triggers of 0003: the new-issue page shows its rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeScript(
    db,
    `
CREATE TABLE issue_templates (
  id serial PRIMARY KEY,
  root_namespace_id integer NOT NULL,
  project_id integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  name text NOT NULL,
  content text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX issue_templates_project_name ON issue_templates (project_id, name);
CREATE TRIGGER issue_templates_bump_data_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON issue_templates
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
`,
  );
}
