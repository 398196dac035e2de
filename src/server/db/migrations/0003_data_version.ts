import { type Kysely, sql } from 'kysely';
import { executeScript } from '../sqlScript.ts';

/** Every table whose rows a response may show (sessions and tokens only say who asks). */
const VERSIONED_TABLES = [
  'users',
  'namespaces',
  'projects',
  'members',
  'milestones',
  'epics',
  'issues',
  'epic_issues',
  'merge_requests',
  'labels',
  'label_links',
  'issue_assignees',
  'issue_links',
  'related_epic_links',
  'todos',
  'subscriptions',
  'award_emoji',
  'notes',
  'uploads',
] as const;

/**
 * One number that changes whenever any shown data changes, in the same transaction as the change:
 * a response computed after reading version N is valid for as long as the version stays N (the
 * GraphQL response cache relies on it). A statement-level trigger bumps it once per statement.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const triggers = VERSIONED_TABLES.map(
    (table) => `CREATE TRIGGER ${table}_bump_data_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();`,
  ).join('\n');
  await executeScript(
    db,
    `
CREATE TABLE data_version (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  version bigint NOT NULL
);
INSERT INTO data_version (version) VALUES (1);
`,
  );
  // One statement of its own: the script splitter would cut the body at its inner semicolon.
  await sql
    .raw(`CREATE FUNCTION bump_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE data_version SET version = version + 1;
  RETURN NULL;
END;
$$`)
    .execute(db);
  await executeScript(db, triggers);
}
