import type { Kysely } from 'kysely';
import { executeScript } from '../sqlScript.ts';

/**
 * GitLab's gitlab_subscriptions: the plan a top-level group is on, its seats and its dates, a trial
 * included. A group without a row is on the Free plan; its subgroups and projects follow their
 * top-level group. Seats in use are counted from the memberships when asked; the most ever used is
 * kept here, since a seat used once is owed until the subscription renews (GitLab's true-up).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeScript(
    db,
    `
CREATE TABLE gitlab_subscriptions (
  id serial PRIMARY KEY,
  namespace_id integer NOT NULL UNIQUE REFERENCES namespaces(id) ON DELETE CASCADE,
  plan_code text NOT NULL CHECK (plan_code IN ('free', 'premium', 'ultimate')),
  seats integer NOT NULL DEFAULT 0 CHECK (seats >= 0),
  max_seats_used integer NOT NULL DEFAULT 0 CHECK (max_seats_used >= 0),
  start_date date NOT NULL,
  end_date date,
  auto_renew boolean,
  trial boolean NOT NULL DEFAULT false,
  trial_starts_on date,
  trial_ends_on date,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (end_date IS NULL OR end_date >= start_date),
  CHECK (NOT trial OR (trial_starts_on IS NOT NULL AND trial_ends_on IS NOT NULL AND trial_ends_on >= trial_starts_on))
);
`,
  );
}
