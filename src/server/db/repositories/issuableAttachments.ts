import type { Executor } from '../executor.ts';

/**
 * Rows that point at an epic, issue or merge request by type and id rather than by foreign key: its labels,
 * votes, to-dos, subscriptions and notes (with the votes on those notes). Deleting an issuable
 * deletes them first, in the same transaction.
 */
export async function deleteIssuableAttachments(
  db: Executor,
  type: 'Epic' | 'Issue' | 'MergeRequest',
  ids: readonly number[],
): Promise<void> {
  if (ids.length === 0) return;
  const list = [...ids];
  await db.deleteFrom('label_links').where('target_type', '=', type).where('target_id', 'in', list).execute();
  await db
    .deleteFrom('award_emoji')
    .where('awardable_type', '=', 'Note')
    .where('awardable_id', 'in', (eb) =>
      eb.selectFrom('notes').select('id').where('noteable_type', '=', type).where('noteable_id', 'in', list),
    )
    .execute();
  await db
    .deleteFrom('award_emoji')
    .where('awardable_type', '=', type)
    .where('awardable_id', 'in', list)
    .execute();
  await db.deleteFrom('todos').where('target_type', '=', type).where('target_id', 'in', list).execute();
  await db
    .deleteFrom('subscriptions')
    .where('subscribable_type', '=', type)
    .where('subscribable_id', 'in', list)
    .execute();
  await db.deleteFrom('notes').where('noteable_type', '=', type).where('noteable_id', 'in', list).execute();
}
