import { type Kysely, sql } from 'kysely';

/** Runs a script of several statements one by one (prepared statements take a single statement). */
export async function executeScript(db: Kysely<unknown>, script: string): Promise<void> {
  const statements = script
    .split(/;\s*\n/)
    .map((statement) => statement.trim())
    .filter((statement) => statement.length > 0);
  for (const statement of statements) await sql.raw(statement).execute(db);
}
