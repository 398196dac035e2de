import type { Kysely } from 'kysely';
import { executeScript } from '../sqlScript.ts';

/**
 * Merge requests become issuables, tracked rather than hosted (there is no git repository: a merge
 * records who merged and when):
 * - merge_requests gain GitLab's `locked` state, a milestone, the lock version and discussion lock
 *   issues have, who merged or closed them and when, and the last edit. A draft is a title prefix,
 *   as in GitLab, so there is no draft column;
 * - merge_request_assignees and merge_request_reviewers (a reviewer's state, as GitLab's
 *   merge_request_reviewers.state);
 * - merge_request_approvals: one approval per user;
 * - merge_requests_closing_issues: the issues a merge request closes when it merges, written from its
 *   description's closing patterns ('Closes #12') or added by hand (GitLab's
 *   workItemAddClosingMergeRequest), which `from_mr_description` tells apart.
 * Everything shown joins the data-version triggers of 0003.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeScript(
    db,
    `
ALTER TABLE merge_requests DROP CONSTRAINT merge_requests_state_check;
ALTER TABLE merge_requests ADD CONSTRAINT merge_requests_state_check
  CHECK (state IN ('opened', 'closed', 'locked', 'merged'));
ALTER TABLE merge_requests
  ADD COLUMN milestone_id integer REFERENCES milestones(id) ON DELETE SET NULL,
  ADD COLUMN lock_version integer NOT NULL DEFAULT 0,
  ADD COLUMN discussion_locked boolean NOT NULL DEFAULT false,
  ADD COLUMN merged_at timestamptz,
  ADD COLUMN merge_user_id integer REFERENCES users(id) ON DELETE SET NULL,
  ADD COLUMN merge_commit_sha text CHECK (merge_commit_sha ~ '^[0-9a-f]{40}$'),
  ADD COLUMN squash boolean NOT NULL DEFAULT false,
  ADD COLUMN closed_at timestamptz,
  ADD COLUMN closed_by_id integer REFERENCES users(id) ON DELETE SET NULL,
  ADD COLUMN last_edited_at timestamptz,
  ADD COLUMN last_edited_by_id integer REFERENCES users(id) ON DELETE SET NULL;
ALTER TABLE merge_requests ADD CONSTRAINT merge_requests_merged_has_time
  CHECK (state <> 'merged' OR merged_at IS NOT NULL);
CREATE INDEX merge_requests_project_created ON merge_requests (project_id, created_at, id);
CREATE INDEX merge_requests_author ON merge_requests (author_id);
CREATE INDEX merge_requests_milestone ON merge_requests (milestone_id) WHERE milestone_id IS NOT NULL;

CREATE TABLE merge_request_assignees (
  root_namespace_id integer NOT NULL,
  merge_request_id integer NOT NULL REFERENCES merge_requests(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merge_request_id, user_id)
);
CREATE INDEX merge_request_assignees_user ON merge_request_assignees (user_id);

CREATE TABLE merge_request_reviewers (
  root_namespace_id integer NOT NULL,
  merge_request_id integer NOT NULL REFERENCES merge_requests(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  state text NOT NULL DEFAULT 'unreviewed'
    CHECK (state IN ('unreviewed', 'reviewed', 'requested_changes', 'approved', 'unapproved', 'review_started')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merge_request_id, user_id)
);
CREATE INDEX merge_request_reviewers_user ON merge_request_reviewers (user_id);

CREATE TABLE merge_request_approvals (
  root_namespace_id integer NOT NULL,
  merge_request_id integer NOT NULL REFERENCES merge_requests(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merge_request_id, user_id)
);

CREATE TABLE merge_requests_closing_issues (
  id serial PRIMARY KEY,
  root_namespace_id integer NOT NULL,
  merge_request_id integer NOT NULL REFERENCES merge_requests(id) ON DELETE CASCADE,
  issue_id integer NOT NULL REFERENCES issues(id) ON DELETE CASCADE,
  from_mr_description boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (merge_request_id, issue_id)
);
CREATE INDEX merge_requests_closing_issues_issue ON merge_requests_closing_issues (issue_id);

ALTER TABLE description_versions DROP CONSTRAINT description_versions_issuable_type_check;
ALTER TABLE description_versions ADD CONSTRAINT description_versions_issuable_type_check
  CHECK (issuable_type IN ('Epic', 'Issue', 'MergeRequest'));

CREATE TRIGGER merge_request_assignees_bump_data_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON merge_request_assignees
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
CREATE TRIGGER merge_request_reviewers_bump_data_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON merge_request_reviewers
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
CREATE TRIGGER merge_request_approvals_bump_data_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON merge_request_approvals
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
CREATE TRIGGER merge_requests_closing_issues_bump_data_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON merge_requests_closing_issues
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
`,
  );
}
