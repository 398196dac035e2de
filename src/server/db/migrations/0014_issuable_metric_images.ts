import type { Kysely } from 'kysely';
import { executeScript } from '../sqlScript.ts';

/**
 * Metric images of incidents (GitLab's `issuable_metric_images`): a picture of a graph kept with the
 * incident, with an optional link to where the graph lives and the link's text. The bytes live in the
 * file store (services/metricImages/), named by the row's id and `file`; the row keeps what serving
 * them needs: the type read from the bytes and the size. Shown on the incident's Metrics tab, so the
 * table joins the data-version triggers of 0003.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeScript(
    db,
    `
CREATE TABLE issuable_metric_images (
  id serial PRIMARY KEY,
  root_namespace_id integer NOT NULL,
  issue_id integer NOT NULL REFERENCES issues(id) ON DELETE CASCADE,
  file text NOT NULL CHECK (char_length(file) BETWEEN 1 AND 255),
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/gif', 'image/webp')),
  size integer NOT NULL CHECK (size > 0),
  url text CHECK (char_length(url) <= 255),
  url_text text CHECK (char_length(url_text) <= 128),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX issuable_metric_images_issue ON issuable_metric_images (issue_id, created_at, id);
CREATE TRIGGER issuable_metric_images_bump_data_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON issuable_metric_images
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
`,
  );
}
