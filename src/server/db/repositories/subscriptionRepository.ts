import type { Executor } from '../executor.ts';

/** What a user may subscribe to: an issuable, or a label (notifications of items given it). */
export type SubscribableType = 'Epic' | 'Issue' | 'MergeRequest' | 'Label';

/** The user's explicit choice, if any: true subscribed, false unsubscribed, undefined never chose. */
export async function findSubscriptionChoice(
  db: Executor,
  userId: number,
  type: SubscribableType,
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

/** The user's explicit choices for many items at once. */
export async function findSubscriptionChoices(
  db: Executor,
  userId: number,
  type: SubscribableType,
  ids: readonly number[],
): Promise<Map<number, boolean>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('subscriptions')
    .select(['subscribable_id', 'subscribed'])
    .where('user_id', '=', userId)
    .where('subscribable_type', '=', type)
    .where('subscribable_id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [row.subscribable_id, row.subscribed]));
}

/** Records the user's choice, replacing an earlier one (one row per user and item). */
export async function saveSubscriptionChoice(
  db: Executor,
  choice: {
    rootNamespaceId: number;
    userId: number;
    type: SubscribableType;
    id: number;
    subscribed: boolean;
  },
): Promise<void> {
  await db
    .insertInto('subscriptions')
    .values({
      root_namespace_id: choice.rootNamespaceId,
      user_id: choice.userId,
      subscribable_type: choice.type,
      subscribable_id: choice.id,
      subscribed: choice.subscribed,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['subscribable_type', 'subscribable_id', 'user_id'])
        .doUpdateSet({ subscribed: choice.subscribed }),
    )
    .execute();
}
