import { type Kysely, sql } from 'kysely';
import { executeScript } from '../sqlScript.ts';

/**
 * The tables of this migration whose rows responses show: they join the data-version triggers. The
 * aggregated stage events do not: they are derived from rows that bump it already, and filling them
 * changes no answer.
 */
const VERSIONED_TABLES = [
  'value_streams',
  'value_stream_stages',
  'vsa_aggregations',
  'resource_label_events',
] as const;

/**
 * Value stream analytics, as GitLab keeps it:
 * - value_streams and their stages: a stage is measured from a start event to an end event (label
 *   events name their label);
 * - the event log the stages read that the domain tables did not keep: resource_label_events (each
 *   label added to or removed from an issue or merge request, written by a trigger on label_links so
 *   that every path records it), and the first time an issue or merge request got a milestone or an
 *   assignee (kept by triggers too);
 * - the aggregated backend: for every distinct (start, end, labels) of a top-level group's stages
 *   (vsa_stage_event_hashes), one row per issue or merge request that completed the stage, with its
 *   start and end instants and duration.
 *   Triggers queue each issue and merge request whose events change (vsa_dirty_issuables); the
 *   aggregator recomputes only those, so reads never recompute the whole group.
 *   vsa_aggregations holds each top-level group's use_aggregated_backend switch.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const versionTriggers = VERSIONED_TABLES.map(
    (table) => `CREATE TRIGGER ${table}_bump_data_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();`,
  ).join('\n');
  await executeScript(
    db,
    `
ALTER TABLE issues
  ADD COLUMN first_associated_with_milestone_at timestamptz,
  ADD COLUMN first_assigned_at timestamptz;
ALTER TABLE merge_requests
  ADD COLUMN first_associated_with_milestone_at timestamptz,
  ADD COLUMN first_assigned_at timestamptz;

CREATE TABLE value_streams (
  id serial PRIMARY KEY,
  root_namespace_id integer NOT NULL,
  group_id integer NOT NULL REFERENCES namespaces(id) ON DELETE CASCADE,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (group_id, name)
);

CREATE TABLE value_stream_stages (
  id serial PRIMARY KEY,
  root_namespace_id integer NOT NULL,
  value_stream_id integer NOT NULL REFERENCES value_streams(id) ON DELETE CASCADE,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 255),
  custom boolean NOT NULL DEFAULT true,
  hidden boolean NOT NULL DEFAULT false,
  relative_position integer NOT NULL,
  start_event_identifier smallint NOT NULL,
  end_event_identifier smallint NOT NULL,
  start_event_label_id integer REFERENCES labels(id) ON DELETE CASCADE,
  end_event_label_id integer REFERENCES labels(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (value_stream_id, name)
);
CREATE INDEX value_stream_stages_stream ON value_stream_stages (value_stream_id, relative_position);

CREATE TABLE resource_label_events (
  id bigserial PRIMARY KEY,
  root_namespace_id integer NOT NULL,
  issue_id integer REFERENCES issues(id) ON DELETE CASCADE,
  merge_request_id integer REFERENCES merge_requests(id) ON DELETE CASCADE,
  label_id integer NOT NULL REFERENCES labels(id) ON DELETE CASCADE,
  action text NOT NULL CHECK (action IN ('add', 'remove')),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((issue_id IS NULL) <> (merge_request_id IS NULL))
);
CREATE INDEX resource_label_events_issue ON resource_label_events (issue_id, label_id, action, created_at)
  WHERE issue_id IS NOT NULL;
CREATE INDEX resource_label_events_merge_request
  ON resource_label_events (merge_request_id, label_id, action, created_at) WHERE merge_request_id IS NOT NULL;
CREATE INDEX resource_label_events_label ON resource_label_events (label_id);

CREATE TABLE vsa_aggregations (
  root_namespace_id integer PRIMARY KEY REFERENCES namespaces(id) ON DELETE CASCADE,
  enabled boolean NOT NULL DEFAULT true
);

-- Keyed by the top-level group (whose labels the stages name), not by the sharding key.
CREATE TABLE vsa_stage_event_hashes (
  id serial PRIMARY KEY,
  root_namespace_id integer NOT NULL REFERENCES namespaces(id) ON DELETE CASCADE,
  start_event_identifier smallint NOT NULL,
  end_event_identifier smallint NOT NULL,
  start_event_label_id integer NOT NULL DEFAULT 0,
  end_event_label_id integer NOT NULL DEFAULT 0,
  backfilled_at timestamptz,
  UNIQUE (root_namespace_id, start_event_identifier, end_event_identifier, start_event_label_id,
    end_event_label_id)
);

CREATE TABLE vsa_issue_stage_events (
  stage_event_hash_id integer NOT NULL REFERENCES vsa_stage_event_hashes(id) ON DELETE CASCADE,
  issue_id integer NOT NULL REFERENCES issues(id) ON DELETE CASCADE,
  project_id integer NOT NULL,
  author_id integer,
  milestone_id integer,
  state text NOT NULL,
  start_event_timestamp timestamptz NOT NULL,
  end_event_timestamp timestamptz NOT NULL,
  duration_in_milliseconds bigint NOT NULL,
  PRIMARY KEY (stage_event_hash_id, issue_id)
);
-- Covering: a stage's median and records over a range read the index alone.
CREATE INDEX vsa_issue_stage_events_end
  ON vsa_issue_stage_events (stage_event_hash_id, end_event_timestamp, issue_id)
  INCLUDE (project_id, start_event_timestamp, duration_in_milliseconds);
CREATE INDEX vsa_issue_stage_events_issue ON vsa_issue_stage_events (issue_id);

CREATE TABLE vsa_merge_request_stage_events (
  stage_event_hash_id integer NOT NULL REFERENCES vsa_stage_event_hashes(id) ON DELETE CASCADE,
  merge_request_id integer NOT NULL REFERENCES merge_requests(id) ON DELETE CASCADE,
  project_id integer NOT NULL,
  author_id integer,
  milestone_id integer,
  state text NOT NULL,
  start_event_timestamp timestamptz NOT NULL,
  end_event_timestamp timestamptz NOT NULL,
  duration_in_milliseconds bigint NOT NULL,
  PRIMARY KEY (stage_event_hash_id, merge_request_id)
);
CREATE INDEX vsa_merge_request_stage_events_end
  ON vsa_merge_request_stage_events (stage_event_hash_id, end_event_timestamp, merge_request_id)
  INCLUDE (project_id, start_event_timestamp, duration_in_milliseconds);
CREATE INDEX vsa_merge_request_stage_events_merge_request ON vsa_merge_request_stage_events (merge_request_id);

-- The issues and merge requests whose stage events the aggregator must recompute.
CREATE TABLE vsa_dirty_issuables (
  issuable_type text NOT NULL CHECK (issuable_type IN ('Issue', 'MergeRequest')),
  issuable_id integer NOT NULL,
  root_namespace_id integer NOT NULL,
  PRIMARY KEY (issuable_type, issuable_id)
);
`,
  );
  for (const statement of FUNCTIONS) await sql.raw(statement).execute(db);
  await executeScript(db, TRIGGERS);
  await executeScript(db, versionTriggers);
}

const FUNCTIONS = [
  `CREATE FUNCTION vsa_mark_dirty(kind text, target integer, root integer) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO vsa_dirty_issuables (issuable_type, issuable_id, root_namespace_id)
  VALUES (kind, target, root) ON CONFLICT DO NOTHING
$$`,
  // Every label added to or removed from an issue or merge request is logged, whichever path made it.
  // A removal that comes with the deletion of its label or issuable logs nothing: those rows are going.
  `CREATE FUNCTION label_links_log_event() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  link label_links;
BEGIN
  IF TG_OP = 'INSERT' THEN link := NEW; ELSE link := OLD; END IF;
  IF link.target_type NOT IN ('Issue', 'MergeRequest') THEN RETURN NULL; END IF;
  IF NOT EXISTS (SELECT 1 FROM labels WHERE labels.id = link.label_id) THEN RETURN NULL; END IF;
  IF link.target_type = 'Issue' THEN
    IF NOT EXISTS (SELECT 1 FROM issues WHERE issues.id = link.target_id) THEN RETURN NULL; END IF;
    INSERT INTO resource_label_events (root_namespace_id, issue_id, label_id, action)
    VALUES (link.root_namespace_id, link.target_id, link.label_id,
      CASE WHEN TG_OP = 'INSERT' THEN 'add' ELSE 'remove' END);
  ELSE
    IF NOT EXISTS (SELECT 1 FROM merge_requests WHERE merge_requests.id = link.target_id) THEN
      RETURN NULL;
    END IF;
    INSERT INTO resource_label_events (root_namespace_id, merge_request_id, label_id, action)
    VALUES (link.root_namespace_id, link.target_id, link.label_id,
      CASE WHEN TG_OP = 'INSERT' THEN 'add' ELSE 'remove' END);
  END IF;
  RETURN NULL;
END $$`,
  `CREATE FUNCTION resource_label_events_mark_dirty() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  event resource_label_events;
BEGIN
  IF TG_OP = 'DELETE' THEN event := OLD; ELSE event := NEW; END IF;
  IF event.issue_id IS NOT NULL THEN
    PERFORM vsa_mark_dirty('Issue', event.issue_id, event.root_namespace_id);
  ELSE
    PERFORM vsa_mark_dirty('MergeRequest', event.merge_request_id, event.root_namespace_id);
  END IF;
  RETURN NULL;
END $$`,
  // The first milestone and the first assignee are kept the first time they happen.
  `CREATE FUNCTION issuables_keep_first_milestone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.milestone_id IS NOT NULL AND NEW.first_associated_with_milestone_at IS NULL THEN
    NEW.first_associated_with_milestone_at := now();
  END IF;
  RETURN NEW;
END $$`,
  `CREATE FUNCTION issue_assignees_keep_first() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE issues SET first_assigned_at = now() WHERE id = NEW.issue_id AND first_assigned_at IS NULL;
  RETURN NULL;
END $$`,
  `CREATE FUNCTION merge_request_assignees_keep_first() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE merge_requests SET first_assigned_at = now()
  WHERE id = NEW.merge_request_id AND first_assigned_at IS NULL;
  RETURN NULL;
END $$`,
  // An issue or merge request is queued when a column a stage event or a filter reads changes.
  `CREATE FUNCTION issues_mark_dirty() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM vsa_dirty_issuables WHERE issuable_type = 'Issue' AND issuable_id = OLD.id;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' OR (OLD.created_at, OLD.closed_at, OLD.state, OLD.milestone_id, OLD.project_id,
      OLD.author_id, OLD.last_edited_at, OLD.first_associated_with_milestone_at, OLD.first_assigned_at)
    IS DISTINCT FROM (NEW.created_at, NEW.closed_at, NEW.state, NEW.milestone_id, NEW.project_id,
      NEW.author_id, NEW.last_edited_at, NEW.first_associated_with_milestone_at, NEW.first_assigned_at)
  THEN
    PERFORM vsa_mark_dirty('Issue', NEW.id, NEW.root_namespace_id);
  END IF;
  RETURN NULL;
END $$`,
  // A merge request's production deployment is also the deployment of the issues it closes.
  `CREATE FUNCTION merge_requests_mark_dirty() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM vsa_dirty_issuables WHERE issuable_type = 'MergeRequest' AND issuable_id = OLD.id;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' OR (OLD.created_at, OLD.closed_at, OLD.merged_at, OLD.state, OLD.milestone_id,
      OLD.project_id, OLD.author_id, OLD.last_edited_at, OLD.first_deployed_to_production_at,
      OLD.first_associated_with_milestone_at, OLD.first_assigned_at)
    IS DISTINCT FROM (NEW.created_at, NEW.closed_at, NEW.merged_at, NEW.state, NEW.milestone_id,
      NEW.project_id, NEW.author_id, NEW.last_edited_at, NEW.first_deployed_to_production_at,
      NEW.first_associated_with_milestone_at, NEW.first_assigned_at)
  THEN
    PERFORM vsa_mark_dirty('MergeRequest', NEW.id, NEW.root_namespace_id);
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.first_deployed_to_production_at IS DISTINCT FROM NEW.first_deployed_to_production_at
  THEN
    INSERT INTO vsa_dirty_issuables (issuable_type, issuable_id, root_namespace_id)
    SELECT 'Issue', closing.issue_id, closing.root_namespace_id
    FROM merge_requests_closing_issues closing WHERE closing.merge_request_id = NEW.id
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$`,
  `CREATE FUNCTION closing_issues_mark_dirty() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  link merge_requests_closing_issues;
BEGIN
  IF TG_OP = 'DELETE' THEN link := OLD; ELSE link := NEW; END IF;
  IF EXISTS (SELECT 1 FROM issues WHERE issues.id = link.issue_id) THEN
    PERFORM vsa_mark_dirty('Issue', link.issue_id, link.root_namespace_id);
  END IF;
  RETURN NULL;
END $$`,
];

const TRIGGERS = `
CREATE TRIGGER label_links_log_event AFTER INSERT OR DELETE ON label_links
  FOR EACH ROW EXECUTE FUNCTION label_links_log_event();
CREATE TRIGGER resource_label_events_mark_dirty AFTER INSERT OR UPDATE OR DELETE ON resource_label_events
  FOR EACH ROW EXECUTE FUNCTION resource_label_events_mark_dirty();
CREATE TRIGGER issues_keep_first_milestone BEFORE INSERT OR UPDATE OF milestone_id ON issues
  FOR EACH ROW EXECUTE FUNCTION issuables_keep_first_milestone();
CREATE TRIGGER merge_requests_keep_first_milestone BEFORE INSERT OR UPDATE OF milestone_id ON merge_requests
  FOR EACH ROW EXECUTE FUNCTION issuables_keep_first_milestone();
CREATE TRIGGER issue_assignees_keep_first AFTER INSERT ON issue_assignees
  FOR EACH ROW EXECUTE FUNCTION issue_assignees_keep_first();
CREATE TRIGGER merge_request_assignees_keep_first AFTER INSERT ON merge_request_assignees
  FOR EACH ROW EXECUTE FUNCTION merge_request_assignees_keep_first();
CREATE TRIGGER issues_mark_dirty AFTER INSERT OR UPDATE OR DELETE ON issues
  FOR EACH ROW EXECUTE FUNCTION issues_mark_dirty();
CREATE TRIGGER merge_requests_mark_dirty AFTER INSERT OR UPDATE OR DELETE ON merge_requests
  FOR EACH ROW EXECUTE FUNCTION merge_requests_mark_dirty();
CREATE TRIGGER closing_issues_mark_dirty AFTER INSERT OR DELETE ON merge_requests_closing_issues
  FOR EACH ROW EXECUTE FUNCTION closing_issues_mark_dirty();
`;
