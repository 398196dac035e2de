import { type Kysely, sql } from 'kysely';
import { executeScript } from '../sqlScript.ts';

/**
 * GitLab Geo's tables on the primary (a secondary's registry lives in its own tracking database,
 * src/server/geo/tracking):
 * - geo_nodes: the sites, one of them the primary, with what they replicate and how fast;
 *   geo_node_namespace_links the groups a site with selective sync replicates;
 * - geo_node_statuses: what each secondary last reported of its replication;
 * - geo_event_log: every blob created or deleted (markdown uploads and metric images, GitLab's
 *   `uploads` replicable), written by triggers so that no write path can skip it, and only while a
 *   secondary site exists; secondaries read it through the Geo API;
 * - geo_upload_checksums: the primary's SHA-256 of each blob, what secondaries verify against.
 * They are the instance's, not a group's: no root_namespace_id, no data-version triggers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeScript(
    db,
    `
CREATE TABLE geo_nodes (
  id serial PRIMARY KEY,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 255),
  url text NOT NULL CHECK (char_length(url) BETWEEN 1 AND 255),
  internal_url text CHECK (char_length(internal_url) <= 255),
  "primary" boolean NOT NULL DEFAULT false,
  enabled boolean NOT NULL DEFAULT true,
  files_max_capacity integer NOT NULL DEFAULT 10 CHECK (files_max_capacity >= 0),
  repos_max_capacity integer NOT NULL DEFAULT 25 CHECK (repos_max_capacity >= 0),
  verification_max_capacity integer NOT NULL DEFAULT 100 CHECK (verification_max_capacity >= 0),
  container_repositories_max_capacity integer NOT NULL DEFAULT 10 CHECK (container_repositories_max_capacity >= 0),
  sync_object_storage boolean NOT NULL DEFAULT false,
  selective_sync_type text CHECK (selective_sync_type IN ('namespaces')),
  minimum_reverification_interval integer NOT NULL DEFAULT 90 CHECK (minimum_reverification_interval >= 1),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX geo_nodes_name ON geo_nodes (lower(name));
CREATE UNIQUE INDEX geo_nodes_one_primary ON geo_nodes ((true)) WHERE "primary";

CREATE TABLE geo_node_namespace_links (
  geo_node_id integer NOT NULL REFERENCES geo_nodes(id) ON DELETE CASCADE,
  namespace_id integer NOT NULL REFERENCES namespaces(id) ON DELETE CASCADE,
  PRIMARY KEY (geo_node_id, namespace_id)
);

CREATE TABLE geo_node_statuses (
  geo_node_id integer PRIMARY KEY REFERENCES geo_nodes(id) ON DELETE CASCADE,
  status jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE geo_event_log (
  id bigserial PRIMARY KEY,
  replicable_name text NOT NULL CHECK (replicable_name = 'upload'),
  event_name text NOT NULL CHECK (event_name IN ('created', 'deleted')),
  model_type text NOT NULL CHECK (model_type IN ('Upload', 'IssuableMetricImage')),
  model_id integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE geo_upload_checksums (
  model_type text NOT NULL CHECK (model_type IN ('Upload', 'IssuableMetricImage')),
  model_id integer NOT NULL,
  checksum text CHECK (checksum ~ '^[0-9a-f]{64}$'),
  checksum_failure text CHECK (char_length(checksum_failure) <= 255),
  checksummed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (model_type, model_id)
);
`,
  );
  // plpgsql bodies hold ';\\n', which executeScript splits on: one statement each, sent whole.
  for (const statement of FUNCTIONS) await sql.raw(statement).execute(db);
  await executeScript(
    db,
    `
CREATE TRIGGER uploads_geo_event AFTER INSERT OR DELETE ON uploads
  FOR EACH ROW EXECUTE FUNCTION geo_log_blob_event('Upload');
CREATE TRIGGER issuable_metric_images_geo_event AFTER INSERT OR DELETE ON issuable_metric_images
  FOR EACH ROW EXECUTE FUNCTION geo_log_blob_event('IssuableMetricImage');
`,
  );
}

const FUNCTIONS = [
  `CREATE FUNCTION geo_log_blob_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- GitLab writes Geo events only while a secondary exists to read them.
  IF EXISTS (SELECT 1 FROM geo_nodes WHERE NOT "primary") THEN
    INSERT INTO geo_event_log (replicable_name, event_name, model_type, model_id)
    VALUES ('upload', CASE TG_OP WHEN 'INSERT' THEN 'created' ELSE 'deleted' END, TG_ARGV[0],
      CASE TG_OP WHEN 'INSERT' THEN NEW.id ELSE OLD.id END);
  END IF;
  IF TG_OP = 'DELETE' THEN
    DELETE FROM geo_upload_checksums WHERE model_type = TG_ARGV[0] AND model_id = OLD.id;
  END IF;
  RETURN NULL;
END $$`,
];
