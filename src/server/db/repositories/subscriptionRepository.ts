import type { Executor } from '../executor.ts';

/** The user's explicit choice, if any: true subscribed, false unsubscribed, undefined never chose. */
export async function findSubscriptionChoice(
  db: Executor,
  userId: number,
  type: 'Epic' | 'Issue' | 'MergeRequest',
  id: number,
): Promise<boolean | undefined> {
  const row = await db
    .selectFrom('subscriptions')
    .select('subscribed')
    .where('user_id', '=', userId)
    .where('subscribable_type', '=', type)
    .where('subscribable_id', '=', id)
    .executeTakeFirst();
  return row?.subscribed;
}
