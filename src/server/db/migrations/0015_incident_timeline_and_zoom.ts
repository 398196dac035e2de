import type { Kysely } from 'kysely';
import { executeScript } from '../sqlScript.ts';

/**
 * Incidents' timeline and video-meeting links, GitLab's tables of the same names:
 * - incident_management_timeline_events: what happened during an incident, when (occurred_at, a
 *   UTC instant), as markdown of at most 280 characters when a person writes it (GitLab's user-input
 *   rule; one promoted from a comment keeps the comment's text, up to GitLab's 10,000). `editable`
 *   is GitLab's: events people write may be edited, those the system writes may only be deleted.
 * - incident_management_timeline_event_tags and _tag_links: a project's tags of events (GitLab's
 *   'Start time' and 'End time' are made the first time an event takes them), names unique per
 *   project whatever their case, and which event carries which.
 * - zoom_meetings: the Zoom links pinned to an issue. Removing one keeps its row with issue_status
 *   2 (removed), as GitLab does; at most one per issue is added (1) at a time.
 * Both are shown data, so they join the data-version triggers of 0003.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeScript(
    db,
    `
CREATE TABLE incident_management_timeline_events (
  id serial PRIMARY KEY,
  root_namespace_id integer NOT NULL,
  project_id integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  issue_id integer NOT NULL REFERENCES issues(id) ON DELETE CASCADE,
  author_id integer REFERENCES users(id) ON DELETE SET NULL,
  updated_by_user_id integer REFERENCES users(id) ON DELETE SET NULL,
  promoted_from_note_id integer REFERENCES notes(id) ON DELETE SET NULL,
  occurred_at timestamptz NOT NULL,
  note text NOT NULL CHECK (char_length(note) BETWEEN 1 AND 10000),
  action text NOT NULL DEFAULT 'comment' CHECK (char_length(action) <= 128),
  editable boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX incident_management_timeline_events_issue
  ON incident_management_timeline_events (issue_id, occurred_at, id);
CREATE TRIGGER incident_management_timeline_events_bump_data_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON incident_management_timeline_events
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();

CREATE TABLE incident_management_timeline_event_tags (
  id serial PRIMARY KEY,
  root_namespace_id integer NOT NULL,
  project_id integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 255 AND position(',' in name) = 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX incident_management_timeline_event_tags_name
  ON incident_management_timeline_event_tags (project_id, lower(name));
CREATE TABLE incident_management_timeline_event_tag_links (
  id serial PRIMARY KEY,
  root_namespace_id integer NOT NULL,
  timeline_event_id integer NOT NULL REFERENCES incident_management_timeline_events(id) ON DELETE CASCADE,
  timeline_event_tag_id integer NOT NULL REFERENCES incident_management_timeline_event_tags(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (timeline_event_id, timeline_event_tag_id)
);
CREATE INDEX incident_management_timeline_event_tag_links_tag
  ON incident_management_timeline_event_tag_links (timeline_event_tag_id);
CREATE TRIGGER incident_management_timeline_event_tags_bump_data_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON incident_management_timeline_event_tags
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
CREATE TRIGGER incident_management_timeline_event_tag_links_bump_data_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON incident_management_timeline_event_tag_links
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();

CREATE TABLE zoom_meetings (
  id serial PRIMARY KEY,
  root_namespace_id integer NOT NULL,
  project_id integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  issue_id integer NOT NULL REFERENCES issues(id) ON DELETE CASCADE,
  url text NOT NULL CHECK (char_length(url) <= 255),
  issue_status smallint NOT NULL DEFAULT 1 CHECK (issue_status IN (1, 2)),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX zoom_meetings_one_added_per_issue ON zoom_meetings (issue_id) WHERE issue_status = 1;
CREATE TRIGGER zoom_meetings_bump_data_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON zoom_meetings
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
`,
  );
}
