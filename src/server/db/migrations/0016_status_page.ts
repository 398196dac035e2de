import type { Kysely } from 'kysely';
import { executeScript } from '../sqlScript.ts';

/**
 * GitLab's Status Page, its two tables:
 * - status_page_settings: a project's bucket and credentials (GitLab's columns) and the address of
 *   its status page site; `s3_endpoint` names an S3-compatible store other than AWS. What was last
 *   written to the bucket's list and whether the last publication failed are kept here too, so a
 *   publication interrupted by a crash is finished by the next one.
 * - status_page_published_incidents: the issues published there. A row outlives its issue
 *   (issue_id set null) until the file is taken off the bucket; `published_digest` is the
 *   digest of the file last written, null while none is.
 * Both are shown data (the published link), so they join the data-version triggers of 0003.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeScript(
    db,
    `
CREATE TABLE status_page_settings (
  project_id integer PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
  root_namespace_id integer NOT NULL,
  enabled boolean NOT NULL DEFAULT false,
  status_page_url text CHECK (char_length(status_page_url) <= 255),
  aws_s3_bucket_name text NOT NULL DEFAULT '' CHECK (char_length(aws_s3_bucket_name) <= 63),
  aws_region text NOT NULL DEFAULT '' CHECK (char_length(aws_region) <= 255),
  aws_access_key text NOT NULL DEFAULT '' CHECK (char_length(aws_access_key) <= 255),
  aws_secret_key text NOT NULL DEFAULT '' CHECK (char_length(aws_secret_key) <= 255),
  s3_endpoint text CHECK (char_length(s3_endpoint) <= 255),
  list_digest text,
  last_error text CHECK (char_length(last_error) <= 1000),
  last_published_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX status_page_settings_enabled ON status_page_settings (project_id) WHERE enabled;
CREATE TRIGGER status_page_settings_bump_data_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON status_page_settings
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();

CREATE TABLE status_page_published_incidents (
  id serial PRIMARY KEY,
  project_id integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  issue_id integer UNIQUE REFERENCES issues(id) ON DELETE SET NULL,
  issue_iid integer NOT NULL,
  published_digest text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (project_id, issue_iid)
);
CREATE TRIGGER status_page_published_incidents_bump_data_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON status_page_published_incidents
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
`,
  );
}
