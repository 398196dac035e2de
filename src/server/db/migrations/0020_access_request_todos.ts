import type { Kysely } from 'kysely';
import { executeScript } from '../sqlScript.ts';

/**
 * To-dos about a group or a project: GitLab's `member_access_requested` to-do points at the source
 * someone asked to join ("Namespace" or "Project"), so its approvers find the request in their list.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeScript(
    db,
    `
ALTER TABLE todos DROP CONSTRAINT todos_target_type_check;
ALTER TABLE todos ADD CONSTRAINT todos_target_type_check
  CHECK (target_type IN ('Epic', 'Issue', 'MergeRequest', 'Namespace', 'Project'));
`,
  );
}
