import type { Kysely } from 'kysely';
import { executeScript } from '../sqlScript.ts';

/**
 * The whole domain in one migration. Forward-only: later changes add migrations, never edit this one.
 * Every domain table carries root_namespace_id, and every index that serves a query leads with it
 * or with a column that implies it, so that the schema distributes by that column (Citus).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeScript(
    db,
    `
CREATE TABLE users (
  id serial PRIMARY KEY,
  username text NOT NULL,
  email text NOT NULL,
  name text NOT NULL,
  password_hash text NOT NULL,
  is_admin boolean NOT NULL DEFAULT false,
  state text NOT NULL DEFAULT 'active',
  bio text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_username_lower ON users (lower(username));
CREATE UNIQUE INDEX users_email_lower ON users (lower(email));

CREATE TABLE sessions (
  id_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  csrf_token text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE access_tokens (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('personal', 'oauth')),
  token_digest text NOT NULL UNIQUE,
  scopes text[] NOT NULL,
  expires_at timestamptz,
  revoked boolean NOT NULL DEFAULT false,
  last_used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE namespaces (
  id serial PRIMARY KEY,
  root_namespace_id integer NOT NULL,
  parent_id integer REFERENCES namespaces(id) ON DELETE CASCADE,
  traversal_ids integer[] NOT NULL,
  path text NOT NULL,
  name text NOT NULL,
  full_path text NOT NULL,
  full_name text NOT NULL,
  description text NOT NULL DEFAULT '',
  visibility_level smallint NOT NULL CHECK (visibility_level IN (0, 10, 20)),
  emails_disabled boolean NOT NULL DEFAULT false,
  last_epic_iid integer NOT NULL DEFAULT 0,
  last_milestone_iid integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX namespaces_full_path_lower ON namespaces (lower(full_path));
CREATE INDEX namespaces_parent ON namespaces (parent_id);
CREATE INDEX namespaces_traversal ON namespaces USING gin (traversal_ids);
CREATE INDEX namespaces_root ON namespaces (root_namespace_id);

CREATE TABLE projects (
  id serial PRIMARY KEY,
  root_namespace_id integer NOT NULL,
  namespace_id integer NOT NULL REFERENCES namespaces(id) ON DELETE CASCADE,
  path text NOT NULL,
  name text NOT NULL,
  full_path text NOT NULL,
  description text NOT NULL DEFAULT '',
  visibility_level smallint NOT NULL CHECK (visibility_level IN (0, 10, 20)),
  last_issue_iid integer NOT NULL DEFAULT 0,
  last_merge_request_iid integer NOT NULL DEFAULT 0,
  last_milestone_iid integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX projects_full_path_lower ON projects (lower(full_path));
CREATE INDEX projects_namespace ON projects (namespace_id);

CREATE TABLE members (
  id serial PRIMARY KEY,
  root_namespace_id integer NOT NULL,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  source_type text NOT NULL CHECK (source_type IN ('Namespace', 'Project')),
  source_id integer NOT NULL,
  access_level smallint NOT NULL CHECK (access_level IN (10, 20, 30, 40, 50)),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (source_type, source_id, user_id)
);
CREATE INDEX members_user ON members (user_id);

CREATE TABLE milestones (
  id serial PRIMARY KEY,
  root_namespace_id integer NOT NULL,
  group_id integer REFERENCES namespaces(id) ON DELETE CASCADE,
  project_id integer REFERENCES projects(id) ON DELETE CASCADE,
  iid integer NOT NULL,
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  state text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'closed')),
  start_date date,
  due_date date,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((group_id IS NULL) <> (project_id IS NULL))
);
CREATE INDEX milestones_group ON milestones (group_id) WHERE group_id IS NOT NULL;
CREATE INDEX milestones_project ON milestones (project_id) WHERE project_id IS NOT NULL;
CREATE UNIQUE INDEX milestones_group_title ON milestones (group_id, title) WHERE group_id IS NOT NULL;
CREATE UNIQUE INDEX milestones_project_title ON milestones (project_id, title) WHERE project_id IS NOT NULL;

CREATE TABLE epics (
  id serial PRIMARY KEY,
  root_namespace_id integer NOT NULL,
  group_id integer NOT NULL REFERENCES namespaces(id) ON DELETE CASCADE,
  iid integer NOT NULL,
  author_id integer NOT NULL REFERENCES users(id),
  parent_id integer REFERENCES epics(id) ON DELETE SET NULL,
  relative_position integer,
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  state text NOT NULL DEFAULT 'opened' CHECK (state IN ('opened', 'closed')),
  confidential boolean NOT NULL DEFAULT false,
  color text NOT NULL DEFAULT '#1068bf',
  start_date date,
  start_date_fixed date,
  start_date_is_fixed boolean NOT NULL DEFAULT false,
  start_date_sourcing_milestone_id integer REFERENCES milestones(id) ON DELETE SET NULL,
  due_date date,
  due_date_fixed date,
  due_date_is_fixed boolean NOT NULL DEFAULT false,
  due_date_sourcing_milestone_id integer REFERENCES milestones(id) ON DELETE SET NULL,
  lock_version integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  closed_at timestamptz,
  UNIQUE (group_id, iid)
);
CREATE INDEX epics_parent ON epics (parent_id, relative_position);
CREATE INDEX epics_root_start ON epics (root_namespace_id, start_date, id);
CREATE INDEX epics_root_due ON epics (root_namespace_id, due_date, id);
CREATE INDEX epics_group_created ON epics (group_id, created_at, id);

CREATE TABLE issues (
  id serial PRIMARY KEY,
  root_namespace_id integer NOT NULL,
  project_id integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  iid integer NOT NULL,
  author_id integer NOT NULL REFERENCES users(id),
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  state text NOT NULL DEFAULT 'opened' CHECK (state IN ('opened', 'closed')),
  issue_type text NOT NULL DEFAULT 'issue' CHECK (issue_type IN ('issue', 'incident', 'task')),
  confidential boolean NOT NULL DEFAULT false,
  weight integer CHECK (weight IS NULL OR weight >= 0),
  health_status smallint CHECK (health_status IS NULL OR health_status IN (1, 2, 3)),
  milestone_id integer REFERENCES milestones(id) ON DELETE SET NULL,
  due_date date,
  relative_position integer,
  lock_version integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  closed_at timestamptz,
  UNIQUE (project_id, iid)
);
CREATE INDEX issues_project_created ON issues (project_id, created_at, id);
CREATE INDEX issues_milestone ON issues (milestone_id) WHERE milestone_id IS NOT NULL;

CREATE TABLE epic_issues (
  id serial PRIMARY KEY,
  root_namespace_id integer NOT NULL,
  epic_id integer NOT NULL REFERENCES epics(id) ON DELETE CASCADE,
  issue_id integer NOT NULL UNIQUE REFERENCES issues(id) ON DELETE CASCADE,
  relative_position integer,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX epic_issues_epic ON epic_issues (epic_id, relative_position);

CREATE TABLE merge_requests (
  id serial PRIMARY KEY,
  root_namespace_id integer NOT NULL,
  project_id integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  iid integer NOT NULL,
  author_id integer NOT NULL REFERENCES users(id),
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  state text NOT NULL DEFAULT 'opened' CHECK (state IN ('opened', 'merged', 'closed')),
  source_branch text NOT NULL,
  target_branch text NOT NULL,
  can_merge boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (project_id, iid)
);

CREATE TABLE labels (
  id serial PRIMARY KEY,
  root_namespace_id integer NOT NULL,
  group_id integer REFERENCES namespaces(id) ON DELETE CASCADE,
  project_id integer REFERENCES projects(id) ON DELETE CASCADE,
  title text NOT NULL,
  color text NOT NULL,
  description text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((group_id IS NULL) <> (project_id IS NULL))
);
CREATE UNIQUE INDEX labels_group_title ON labels (group_id, title) WHERE group_id IS NOT NULL;
CREATE UNIQUE INDEX labels_project_title ON labels (project_id, title) WHERE project_id IS NOT NULL;

CREATE TABLE label_links (
  id serial PRIMARY KEY,
  root_namespace_id integer NOT NULL,
  label_id integer NOT NULL REFERENCES labels(id) ON DELETE CASCADE,
  target_type text NOT NULL CHECK (target_type IN ('Epic', 'Issue', 'MergeRequest')),
  target_id integer NOT NULL,
  UNIQUE (target_type, target_id, label_id)
);
CREATE INDEX label_links_label ON label_links (label_id, target_type);

CREATE TABLE issue_assignees (
  root_namespace_id integer NOT NULL,
  issue_id integer NOT NULL REFERENCES issues(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  PRIMARY KEY (issue_id, user_id)
);
CREATE INDEX issue_assignees_user ON issue_assignees (user_id);

CREATE TABLE issue_links (
  id serial PRIMARY KEY,
  root_namespace_id integer NOT NULL,
  source_id integer NOT NULL REFERENCES issues(id) ON DELETE CASCADE,
  target_id integer NOT NULL REFERENCES issues(id) ON DELETE CASCADE,
  link_type text NOT NULL DEFAULT 'relates_to' CHECK (link_type IN ('relates_to', 'blocks')),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (source_id, target_id),
  CHECK (source_id <> target_id)
);
CREATE INDEX issue_links_target ON issue_links (target_id);

CREATE TABLE related_epic_links (
  id serial PRIMARY KEY,
  root_namespace_id integer NOT NULL,
  source_id integer NOT NULL REFERENCES epics(id) ON DELETE CASCADE,
  target_id integer NOT NULL REFERENCES epics(id) ON DELETE CASCADE,
  link_type text NOT NULL DEFAULT 'relates_to' CHECK (link_type IN ('relates_to', 'blocks')),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (source_id, target_id),
  CHECK (source_id <> target_id)
);
CREATE INDEX related_epic_links_target ON related_epic_links (target_id);

CREATE TABLE todos (
  id serial PRIMARY KEY,
  root_namespace_id integer NOT NULL,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  author_id integer NOT NULL REFERENCES users(id),
  target_type text NOT NULL CHECK (target_type IN ('Epic', 'Issue', 'MergeRequest')),
  target_id integer NOT NULL,
  group_id integer REFERENCES namespaces(id) ON DELETE CASCADE,
  project_id integer REFERENCES projects(id) ON DELETE CASCADE,
  action smallint NOT NULL,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'done')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX todos_user_state ON todos (user_id, state);
CREATE INDEX todos_target ON todos (target_type, target_id);

CREATE TABLE subscriptions (
  id serial PRIMARY KEY,
  root_namespace_id integer NOT NULL,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  subscribable_type text NOT NULL CHECK (subscribable_type IN ('Epic', 'Issue', 'MergeRequest')),
  subscribable_id integer NOT NULL,
  subscribed boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (subscribable_type, subscribable_id, user_id)
);

CREATE TABLE award_emoji (
  id serial PRIMARY KEY,
  root_namespace_id integer NOT NULL,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  awardable_type text NOT NULL CHECK (awardable_type IN ('Epic', 'Issue', 'MergeRequest', 'Note')),
  awardable_id integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (awardable_type, awardable_id, user_id, name)
);
CREATE INDEX award_emoji_user_name ON award_emoji (user_id, name, awardable_type);

CREATE TABLE notes (
  id serial PRIMARY KEY,
  root_namespace_id integer NOT NULL,
  author_id integer NOT NULL REFERENCES users(id),
  noteable_type text NOT NULL CHECK (noteable_type IN ('Epic', 'Issue', 'MergeRequest')),
  noteable_id integer NOT NULL,
  note text NOT NULL,
  system boolean NOT NULL DEFAULT false,
  confidential boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notes_noteable ON notes (noteable_type, noteable_id);

CREATE TABLE uploads (
  id serial PRIMARY KEY,
  root_namespace_id integer NOT NULL,
  uploaded_by_id integer NOT NULL REFERENCES users(id),
  model_type text NOT NULL CHECK (model_type IN ('Namespace', 'Project')),
  model_id integer NOT NULL,
  secret text NOT NULL,
  filename text NOT NULL,
  mime_type text NOT NULL,
  size integer NOT NULL CHECK (size >= 0),
  checksum text NOT NULL,
  content bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (model_type, model_id, secret)
);
`,
  );
}
