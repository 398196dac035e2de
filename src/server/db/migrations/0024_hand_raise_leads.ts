import type { Kysely } from 'kysely';
import { executeScript } from '../sqlScript.ts';

/**
 * GitLab's hand-raise leads: someone asks the sales team to get in touch about a group's plan (the
 * trial widget's contact-sales variant). Kept with the group's top-level group; the instance's
 * administrators are mailed each one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeScript(
    db,
    `
CREATE TABLE hand_raise_leads (
  id serial PRIMARY KEY,
  namespace_id integer NOT NULL REFERENCES namespaces(id) ON DELETE CASCADE,
  user_id integer REFERENCES users(id) ON DELETE SET NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  company_name text NOT NULL,
  company_size text NOT NULL,
  phone_number text NOT NULL,
  country text NOT NULL,
  state text NOT NULL DEFAULT '',
  comment text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX hand_raise_leads_namespace ON hand_raise_leads (namespace_id, id);
`,
  );
}
