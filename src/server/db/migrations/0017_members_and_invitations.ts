import type { Kysely } from 'kysely';
import { executeScript } from '../sqlScript.ts';

/**
 * Members that are managed, not only listed (GitLab's members, invitations, sharing and access
 * requests):
 * - members gain GitLab's `expires_at` (a calendar day: access ends when it begins) and who added them;
 * - member_invitations: an access level offered to an email address. GitLab keeps these as member
 *   rows without a user; here they are their own table, so that every query of `members` stays a
 *   query of people who have access. Only the token's digest is stored: the token is in the email.
 * - member_access_requests: users who asked to join a group or project;
 * - group_group_links / project_group_links: a group or project shared with another group, whose
 *   members then get the lesser of their own level and the link's;
 * - member_authorizations: every access a user holds, direct or through a share, unexpired. Access
 *   checks read it instead of `members`;
 * - mailbox_messages: the development mailbox, where mail goes when no SMTP server is configured.
 * What changes access is shown data (who sees what), so those tables join the data-version triggers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeScript(
    db,
    `
ALTER TABLE members ADD COLUMN expires_at date;
ALTER TABLE members ADD COLUMN created_by_id integer REFERENCES users(id) ON DELETE SET NULL;
CREATE INDEX members_expiring ON members (expires_at) WHERE expires_at IS NOT NULL;

CREATE TABLE member_invitations (
  id serial PRIMARY KEY,
  root_namespace_id integer NOT NULL,
  source_type text NOT NULL CHECK (source_type IN ('Namespace', 'Project')),
  source_id integer NOT NULL,
  invite_email text NOT NULL CHECK (char_length(invite_email) BETWEEN 3 AND 255),
  invite_token_digest text NOT NULL UNIQUE,
  access_level smallint NOT NULL CHECK (access_level IN (10, 20, 30, 40, 50)),
  expires_at date,
  created_by_id integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX member_invitations_email
  ON member_invitations (source_type, source_id, lower(invite_email));
CREATE TRIGGER member_invitations_bump_data_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON member_invitations
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();

CREATE TABLE member_access_requests (
  id serial PRIMARY KEY,
  root_namespace_id integer NOT NULL,
  source_type text NOT NULL CHECK (source_type IN ('Namespace', 'Project')),
  source_id integer NOT NULL,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  requested_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (source_type, source_id, user_id)
);
CREATE TRIGGER member_access_requests_bump_data_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON member_access_requests
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();

CREATE TABLE group_group_links (
  id serial PRIMARY KEY,
  shared_group_id integer NOT NULL REFERENCES namespaces(id) ON DELETE CASCADE,
  shared_with_group_id integer NOT NULL REFERENCES namespaces(id) ON DELETE CASCADE,
  group_access smallint NOT NULL CHECK (group_access IN (10, 20, 30, 40, 50)),
  expires_at date,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (shared_group_id, shared_with_group_id),
  CHECK (shared_group_id <> shared_with_group_id)
);
CREATE INDEX group_group_links_shared_with ON group_group_links (shared_with_group_id);
CREATE TRIGGER group_group_links_bump_data_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON group_group_links
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();

CREATE TABLE project_group_links (
  id serial PRIMARY KEY,
  project_id integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  group_id integer NOT NULL REFERENCES namespaces(id) ON DELETE CASCADE,
  group_access smallint NOT NULL CHECK (group_access IN (10, 20, 30, 40, 50)),
  expires_at date,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (project_id, group_id)
);
CREATE INDEX project_group_links_group ON project_group_links (group_id);
CREATE TRIGGER project_group_links_bump_data_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON project_group_links
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();

CREATE VIEW member_authorizations AS
  SELECT user_id, source_type, source_id, access_level
    FROM members
   WHERE expires_at IS NULL OR expires_at > current_date
  UNION ALL
  SELECT m.user_id, 'Namespace', l.shared_group_id, LEAST(m.access_level, l.group_access)
    FROM group_group_links l
    JOIN namespaces g ON g.id = l.shared_with_group_id
    JOIN members m ON m.source_type = 'Namespace' AND m.source_id = ANY(g.traversal_ids)
   WHERE (l.expires_at IS NULL OR l.expires_at > current_date)
     AND (m.expires_at IS NULL OR m.expires_at > current_date)
  UNION ALL
  SELECT m.user_id, 'Project', l.project_id, LEAST(m.access_level, l.group_access)
    FROM project_group_links l
    JOIN namespaces g ON g.id = l.group_id
    JOIN members m ON m.source_type = 'Namespace' AND m.source_id = ANY(g.traversal_ids)
   WHERE (l.expires_at IS NULL OR l.expires_at > current_date)
     AND (m.expires_at IS NULL OR m.expires_at > current_date);

CREATE TABLE mailbox_messages (
  id serial PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text,
  created_at timestamptz NOT NULL DEFAULT now()
);
`,
  );
}
