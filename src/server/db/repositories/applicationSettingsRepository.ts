/** The instance's settings row: what an administrator set, as GitLab names it. */
import { sql } from 'kysely';
import type { Executor } from '../executor.ts';

export async function readStoredSettings(db: Executor): Promise<unknown> {
  const row = await db
    .selectFrom('application_settings')
    .select('settings')
    .where('id', '=', 1)
    .executeTakeFirst();
  return row?.settings ?? {};
}

/** Merges `change` into what is stored, in one statement, and answers the whole of it. */
export async function mergeStoredSettings(db: Executor, change: object, now: Date): Promise<unknown> {
  const row = await db
    .insertInto('application_settings')
    .values({ id: 1, settings: JSON.stringify(change), updated_at: now })
    .onConflict((conflict) =>
      conflict.column('id').doUpdateSet({
        settings: sql<string>`application_settings.settings || excluded.settings`,
        updated_at: now,
      }),
    )
    .returning('settings')
    .executeTakeFirstOrThrow();
  return row.settings;
}
