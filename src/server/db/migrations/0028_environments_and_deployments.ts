import type { Kysely } from 'kysely';
import { executeScript } from '../sqlScript.ts';

/** The tables of this migration whose rows responses show: they join the data-version triggers. */
const VERSIONED_TABLES = [
  'environments',
  'deployments',
  'deployment_merge_requests',
  'protected_environments',
  'protected_environment_deploy_access_levels',
  'protected_environment_approval_rules',
  'deployment_approvals',
] as const;

/**
 * Environments and the deployments a CI system reports to them (the product runs no CI), as GitLab
 * keeps them:
 * - environments: a project's places to deploy, unique by name and slug; a tier (guessed from the
 *   name when not given), a state, and GitLab's review-app deletion schedule (auto_delete_at);
 * - deployments: per-project iid, the environment, ref, sha, tag, status and who reported it;
 *   finished_at once it succeeds, fails or is canceled. projects.last_deployment_iid hands out iids;
 * - deployment_merge_requests: the merge requests a successful deployment shipped, and
 *   merge_requests.first_deployed_to_production_at, the first production deployment that shipped
 *   each (what value stream analytics reads);
 * - protected_environments, with who may deploy (deploy access levels) and who must approve
 *   (approval rules: a user, a group or a role, each with its required approvals);
 * - deployment_approvals: one approval or rejection per user and deployment, under the rule its
 *   user acted for.
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
ALTER TABLE projects ADD COLUMN last_deployment_iid integer NOT NULL DEFAULT 0;
ALTER TABLE merge_requests ADD COLUMN first_deployed_to_production_at timestamptz;

CREATE TABLE environments (
  id serial PRIMARY KEY,
  root_namespace_id integer NOT NULL,
  project_id integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 255),
  slug text NOT NULL CHECK (char_length(slug) <= 24 AND slug ~ '^[a-z]([a-z0-9-]*[a-z0-9])?$'),
  environment_type text,
  description text CHECK (char_length(description) <= 10000),
  external_url text CHECK (char_length(external_url) <= 255),
  state text NOT NULL DEFAULT 'available' CHECK (state IN ('available', 'stopping', 'stopped')),
  tier text NOT NULL CHECK (tier IN ('production', 'staging', 'testing', 'development', 'other')),
  auto_stop_setting text NOT NULL DEFAULT 'always' CHECK (auto_stop_setting IN ('always', 'with_action')),
  auto_stop_at timestamptz,
  auto_delete_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (project_id, name),
  UNIQUE (project_id, slug)
);
CREATE INDEX environments_project_state ON environments (project_id, state, id);

CREATE TABLE deployments (
  id serial PRIMARY KEY,
  root_namespace_id integer NOT NULL,
  project_id integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  iid integer NOT NULL,
  environment_id integer NOT NULL REFERENCES environments(id) ON DELETE CASCADE,
  ref text NOT NULL CHECK (char_length(ref) BETWEEN 1 AND 255),
  sha text NOT NULL CHECK (sha ~ '^[0-9a-f]{40}$'),
  tag boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'created'
    CHECK (status IN ('created', 'running', 'success', 'failed', 'canceled', 'blocked')),
  user_id integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  UNIQUE (project_id, iid),
  CHECK ((finished_at IS NOT NULL) = (status IN ('success', 'failed', 'canceled')))
);
CREATE INDEX deployments_project_updated ON deployments (project_id, updated_at, id);
CREATE INDEX deployments_project_finished ON deployments (project_id, finished_at, id) WHERE status = 'success';
CREATE INDEX deployments_environment_status ON deployments (environment_id, status, finished_at, id);
CREATE INDEX deployments_user ON deployments (user_id) WHERE user_id IS NOT NULL;

CREATE TABLE deployment_merge_requests (
  root_namespace_id integer NOT NULL,
  deployment_id integer NOT NULL REFERENCES deployments(id) ON DELETE CASCADE,
  merge_request_id integer NOT NULL REFERENCES merge_requests(id) ON DELETE CASCADE,
  PRIMARY KEY (deployment_id, merge_request_id)
);
CREATE INDEX deployment_merge_requests_merge_request ON deployment_merge_requests (merge_request_id);
CREATE INDEX merge_requests_project_merged ON merge_requests (project_id, merged_at) WHERE state = 'merged';

CREATE TABLE protected_environments (
  id serial PRIMARY KEY,
  root_namespace_id integer NOT NULL,
  project_id integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 255),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (project_id, name)
);

CREATE TABLE protected_environment_deploy_access_levels (
  id serial PRIMARY KEY,
  root_namespace_id integer NOT NULL,
  protected_environment_id integer NOT NULL REFERENCES protected_environments(id) ON DELETE CASCADE,
  access_level smallint CHECK (access_level IN (30, 40, 60)),
  user_id integer REFERENCES users(id) ON DELETE CASCADE,
  group_id integer REFERENCES namespaces(id) ON DELETE CASCADE,
  group_inheritance_type smallint NOT NULL DEFAULT 0 CHECK (group_inheritance_type IN (0, 1)),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (num_nonnulls(access_level, user_id, group_id) = 1)
);
CREATE INDEX protected_environment_deploy_access_levels_environment
  ON protected_environment_deploy_access_levels (protected_environment_id, id);

CREATE TABLE protected_environment_approval_rules (
  id serial PRIMARY KEY,
  root_namespace_id integer NOT NULL,
  protected_environment_id integer NOT NULL REFERENCES protected_environments(id) ON DELETE CASCADE,
  access_level smallint CHECK (access_level IN (30, 40, 60)),
  user_id integer REFERENCES users(id) ON DELETE CASCADE,
  group_id integer REFERENCES namespaces(id) ON DELETE CASCADE,
  group_inheritance_type smallint NOT NULL DEFAULT 0 CHECK (group_inheritance_type IN (0, 1)),
  required_approvals smallint NOT NULL DEFAULT 1 CHECK (required_approvals BETWEEN 1 AND 5),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (num_nonnulls(access_level, user_id, group_id) = 1)
);
CREATE INDEX protected_environment_approval_rules_environment
  ON protected_environment_approval_rules (protected_environment_id, id);

CREATE TABLE deployment_approvals (
  id serial PRIMARY KEY,
  root_namespace_id integer NOT NULL,
  deployment_id integer NOT NULL REFERENCES deployments(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  approval_rule_id integer REFERENCES protected_environment_approval_rules(id) ON DELETE SET NULL,
  status text NOT NULL CHECK (status IN ('approved', 'rejected')),
  comment text CHECK (char_length(comment) <= 255),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (deployment_id, user_id)
);
CREATE INDEX deployment_approvals_user ON deployment_approvals (user_id);
`,
  );
  await executeScript(db, triggers);
}
