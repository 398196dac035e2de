import type { Kysely } from 'kysely';
import { executeScript } from '../sqlScript.ts';

/**
 * Indexes the roadmap's hottest reads: its first page lists the root namespace's top-level epics
 * in start or due date order, and moving a milestone looks up the epics it dates.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeScript(
    db,
    `
-- The order GitLab's roadmap sorts by: date ascending (NULLS LAST), then id descending.
CREATE INDEX epics_root_top_level_start ON epics (root_namespace_id, start_date, id DESC) WHERE parent_id IS NULL;
CREATE INDEX epics_root_top_level_due ON epics (root_namespace_id, due_date, id DESC) WHERE parent_id IS NULL;
CREATE INDEX epics_start_sourcing_milestone ON epics (start_date_sourcing_milestone_id)
  WHERE start_date_sourcing_milestone_id IS NOT NULL;
CREATE INDEX epics_due_sourcing_milestone ON epics (due_date_sourcing_milestone_id)
  WHERE due_date_sourcing_milestone_id IS NOT NULL;
`,
  );
}
