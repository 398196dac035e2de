import type { Kysely } from 'kysely';
import { executeScript } from '../sqlScript.ts';

/** The tables of this migration whose rows responses show: they join the data-version triggers. */
const VERSIONED_TABLES = [
  'vulnerability_scanners',
  'vulnerabilities',
  'vulnerability_state_transitions',
  'vulnerability_issue_links',
  'security_report_ingestions',
] as const;

const REPORT_TYPES = `('sast', 'dependency_scanning', 'container_scanning', 'dast', 'secret_detection',
  'coverage_fuzzing', 'api_fuzzing', 'cluster_image_scanning', 'generic')`;
const STATES = `('detected', 'confirmed', 'resolved', 'dismissed')`;
const REASONS = `('acceptable_risk', 'false_positive', 'mitigating_control', 'used_in_tests', 'not_applicable')`;

/**
 * Vulnerability management, as GitLab keeps it:
 * - vulnerability_scanners: the scanners that reported in a project, by their external id;
 * - vulnerabilities: one per finding, unique per project by the finding's report type, primary
 *   identifier fingerprint and location fingerprint (SHA1s, as GitLab's), which is what makes a
 *   re-uploaded report update rather than duplicate. Identifiers, links and the location are kept as
 *   the report gave them (jsonb). severity_rank orders the report (critical first);
 *   resolved_on_default_branch marks a vulnerability the latest report of its scanner no longer found;
 * - vulnerability_state_transitions: the state history, each change with who, why and the comment;
 * - vulnerability_issue_links: issues created from or linked to a vulnerability (one 'created' each);
 * - security_report_ingestions: every report uploaded, with what it changed.
 * System notes on a vulnerability are notes of noteable type 'Vulnerability'.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const triggers = VERSIONED_TABLES.map(
    (table) => `CREATE TRIGGER ${table}_bump_data_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();`,
  ).join('\n');
  await executeScript(
    db,
    `
ALTER TABLE notes DROP CONSTRAINT notes_noteable_type_check;
ALTER TABLE notes ADD CONSTRAINT notes_noteable_type_check
  CHECK (noteable_type IN ('Epic', 'Issue', 'MergeRequest', 'Vulnerability'));

CREATE TABLE vulnerability_scanners (
  id serial PRIMARY KEY,
  root_namespace_id integer NOT NULL,
  project_id integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  external_id text NOT NULL CHECK (char_length(external_id) BETWEEN 1 AND 255),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 255),
  vendor text NOT NULL DEFAULT '' CHECK (char_length(vendor) <= 255),
  report_type text NOT NULL CHECK (report_type IN ${REPORT_TYPES}),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (project_id, external_id)
);

CREATE TABLE vulnerabilities (
  id serial PRIMARY KEY,
  root_namespace_id integer NOT NULL,
  project_id integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  uuid text NOT NULL CHECK (uuid ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'),
  report_type text NOT NULL CHECK (report_type IN ${REPORT_TYPES}),
  scanner_id integer NOT NULL REFERENCES vulnerability_scanners(id) ON DELETE CASCADE,
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 255),
  description text CHECK (char_length(description) <= 15000),
  solution text CHECK (char_length(solution) <= 7000),
  severity text NOT NULL CHECK (severity IN ('critical', 'high', 'medium', 'low', 'info', 'unknown')),
  severity_rank smallint NOT NULL GENERATED ALWAYS AS (
    CASE severity WHEN 'critical' THEN 7 WHEN 'high' THEN 6 WHEN 'medium' THEN 5 WHEN 'low' THEN 4
      WHEN 'info' THEN 1 ELSE 0 END
  ) STORED,
  state text NOT NULL DEFAULT 'detected' CHECK (state IN ${STATES}),
  dismissal_reason text CHECK (dismissal_reason IN ${REASONS}),
  primary_identifier_fingerprint text NOT NULL CHECK (primary_identifier_fingerprint ~ '^[0-9a-f]{40}$'),
  location_fingerprint text NOT NULL CHECK (location_fingerprint ~ '^[0-9a-f]{40}$'),
  identifiers jsonb NOT NULL,
  location jsonb NOT NULL,
  links jsonb NOT NULL DEFAULT '[]',
  resolved_on_default_branch boolean NOT NULL DEFAULT false,
  author_id integer REFERENCES users(id) ON DELETE SET NULL,
  detected_at timestamptz NOT NULL DEFAULT now(),
  confirmed_at timestamptz,
  confirmed_by_id integer REFERENCES users(id) ON DELETE SET NULL,
  resolved_at timestamptz,
  resolved_by_id integer REFERENCES users(id) ON DELETE SET NULL,
  dismissed_at timestamptz,
  dismissed_by_id integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (project_id, uuid),
  UNIQUE (project_id, report_type, primary_identifier_fingerprint, location_fingerprint),
  CHECK ((dismissal_reason IS NULL) OR state = 'dismissed')
);
-- The report's orders, by severity (the default) and by detection: a project's, and a group's
-- (its projects share the top-level group, whose index gives the order without a sort).
CREATE INDEX vulnerabilities_project_severity ON vulnerabilities (project_id, severity_rank, id);
CREATE INDEX vulnerabilities_project_detected ON vulnerabilities (project_id, detected_at, id);
CREATE INDEX vulnerabilities_root_severity ON vulnerabilities (root_namespace_id, severity_rank, id);
CREATE INDEX vulnerabilities_root_detected ON vulnerabilities (root_namespace_id, detected_at, id);
CREATE INDEX vulnerabilities_project_state ON vulnerabilities (project_id, state, severity);
CREATE INDEX vulnerabilities_scanner ON vulnerabilities (scanner_id, resolved_on_default_branch);

CREATE TABLE vulnerability_state_transitions (
  id serial PRIMARY KEY,
  root_namespace_id integer NOT NULL,
  vulnerability_id integer NOT NULL REFERENCES vulnerabilities(id) ON DELETE CASCADE,
  from_state text NOT NULL CHECK (from_state IN ${STATES}),
  to_state text NOT NULL CHECK (to_state IN ${STATES}),
  author_id integer REFERENCES users(id) ON DELETE SET NULL,
  comment text CHECK (char_length(comment) <= 50000),
  dismissal_reason text CHECK (dismissal_reason IN ${REASONS}),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (from_state <> to_state)
);
CREATE INDEX vulnerability_state_transitions_vulnerability
  ON vulnerability_state_transitions (vulnerability_id, id);

CREATE TABLE vulnerability_issue_links (
  id serial PRIMARY KEY,
  root_namespace_id integer NOT NULL,
  vulnerability_id integer NOT NULL REFERENCES vulnerabilities(id) ON DELETE CASCADE,
  issue_id integer NOT NULL REFERENCES issues(id) ON DELETE CASCADE,
  link_type text NOT NULL CHECK (link_type IN ('related', 'created')),
  author_id integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (vulnerability_id, issue_id)
);
CREATE UNIQUE INDEX vulnerability_issue_links_one_created
  ON vulnerability_issue_links (vulnerability_id) WHERE link_type = 'created';
CREATE INDEX vulnerability_issue_links_issue ON vulnerability_issue_links (issue_id);

CREATE TABLE security_report_ingestions (
  id serial PRIMARY KEY,
  root_namespace_id integer NOT NULL,
  project_id integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  report_type text NOT NULL CHECK (report_type IN ${REPORT_TYPES}),
  scanner_id integer REFERENCES vulnerability_scanners(id) ON DELETE SET NULL,
  schema_version text NOT NULL CHECK (char_length(schema_version) <= 32),
  findings_count integer NOT NULL,
  created_count integer NOT NULL,
  updated_count integer NOT NULL,
  no_longer_detected_count integer NOT NULL,
  skipped_count integer NOT NULL,
  uploaded_by_id integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX security_report_ingestions_project ON security_report_ingestions (project_id, scanner_id, id);
`,
  );
  await executeScript(db, triggers);
}
