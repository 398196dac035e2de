import type { Kysely } from 'kysely';
import type { PlanCode } from '../../../core/domain/plans.ts';
import { formatDay, parseDay } from '../../../core/time/epochDay.ts';
import type { Database } from '../schema.ts';

/**
 * The demo's plans: the groups that show every feature (`workshop` too, where the tests write) are
 * on Ultimate or Premium, a year that began 200 days ago; `sandbox` has no subscription, so it is on
 * Free, where a trial can start.
 */
const DEMO_PLANS: readonly (readonly [fullPath: string, plan: PlanCode, seats: number])[] = [
  ['acme', 'ultimate', 25],
  ['initech', 'premium', 5],
  ['workshop', 'ultimate', 50],
  ['portfolio', 'ultimate', 2_500],
];

const YEAR_STARTED_DAYS_AGO = 200;

/** Writes the demo's subscriptions for the groups that exist; answers how many. */
export async function insertDemoSubscriptions(
  db: Kysely<Database>,
  today: string,
  now: Date,
): Promise<number> {
  const start = parseDay(today) - YEAR_STARTED_DAYS_AGO;
  const groups = await db
    .selectFrom('namespaces')
    .select(['id', 'full_path'])
    .where('parent_id', 'is', null)
    .execute();
  const rows = DEMO_PLANS.flatMap(([fullPath, plan, seats]) => {
    const group = groups.find((found) => found.full_path === fullPath);
    return group
      ? [
          {
            namespace_id: group.id,
            plan_code: plan,
            seats,
            start_date: formatDay(start),
            end_date: formatDay(start + 365),
            auto_renew: true,
            created_at: now,
            updated_at: now,
          },
        ]
      : [];
  });
  if (rows.length > 0) await db.insertInto('gitlab_subscriptions').values(rows).execute();
  return rows.length;
}
