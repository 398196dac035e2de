import type { Kysely } from 'kysely';
import { executeScript } from '../sqlScript.ts';

/**
 * The roadmap's counts and weights visit every issue under an epic's subtree (thousands per page at
 * scale). Covering indexes let that walk read the index alone instead of a heap page per issue.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeScript(
    db,
    `
CREATE INDEX epic_issues_epic_covering ON epic_issues (epic_id) INCLUDE (issue_id);
CREATE INDEX issues_summary_covering ON issues (id) INCLUDE (project_id, confidential, state, health_status, weight);
`,
  );
}
