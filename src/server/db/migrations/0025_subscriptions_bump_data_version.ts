import type { Kysely } from 'kysely';
import { executeScript } from '../sqlScript.ts';

/**
 * A group's plan now decides what its pages and queries show (epics on Premium and up), so a change
 * of plan is a change of shown data: it moves the data version on which cached answers depend.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeScript(
    db,
    `
CREATE TRIGGER gitlab_subscriptions_bump_data_version
  AFTER INSERT OR UPDATE OR DELETE ON gitlab_subscriptions
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
`,
  );
}
