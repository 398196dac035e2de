import type { Kysely } from 'kysely';
import { executeScript } from '../sqlScript.ts';

/**
 * Profile settings (GitLab's User settings):
 * - users gain their preferences: the colour mode (`light`, `dark`, `auto`; null until chosen, when
 *   the browser's choice stands) and the first day of the week (0 Sunday, 1 Monday, 6 Saturday; null
 *   for the instance default, Sunday).
 * - user_statuses, GitLab's table of the same name: an emoji, a message of at most 100 characters,
 *   'Busy' (availability 1), and when the status clears itself. Shown next to names, so it joins
 *   the data-version triggers of 0003.
 * - sessions gain what the Active sessions page lists: a public id (the cookie's digest stays
 *   private), the browser's user agent, its address, and the last activity (written at most once a
 *   minute). Sessions are not shown data: no trigger.
 * - access tokens are listed per user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeScript(
    db,
    `
ALTER TABLE users ADD COLUMN color_mode text CHECK (color_mode IN ('light', 'dark', 'auto'));
ALTER TABLE users ADD COLUMN first_day_of_week smallint CHECK (first_day_of_week IN (0, 1, 6));
CREATE TABLE user_statuses (
  user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  emoji text NOT NULL DEFAULT 'speech_balloon',
  message text NOT NULL DEFAULT '' CHECK (char_length(message) <= 100),
  availability smallint NOT NULL DEFAULT 0 CHECK (availability IN (0, 1)),
  clear_status_at timestamptz
);
CREATE INDEX user_statuses_clear_at ON user_statuses (clear_status_at) WHERE clear_status_at IS NOT NULL;
CREATE TRIGGER user_statuses_bump_data_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_statuses
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
ALTER TABLE sessions ADD COLUMN id serial;
CREATE UNIQUE INDEX sessions_id ON sessions (id);
ALTER TABLE sessions ADD COLUMN user_agent text NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN ip_address text NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN last_activity_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX access_tokens_user ON access_tokens (user_id, id);
`,
  );
}
