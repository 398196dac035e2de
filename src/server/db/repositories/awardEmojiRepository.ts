import type { Insertable } from 'kysely';
import type { Executor } from '../executor.ts';
import type { AwardEmojiRow, AwardEmojiTable } from '../schema.ts';

export type { AwardEmojiRow };
export type AwardableType = AwardEmojiTable['awardable_type'];

/** The reactions on several items of one type, oldest first, in one statement. */
export async function findAwardsOf(
  db: Executor,
  awardableType: AwardableType,
  ids: readonly number[],
): Promise<AwardEmojiRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('award_emoji')
    .selectAll()
    .where('awardable_type', '=', awardableType)
    .where('awardable_id', 'in', [...ids])
    .orderBy('id')
    .execute();
}

/** One offset page of an item's reactions, oldest first, and how many it has. */
export async function findAwardPage(
  db: Executor,
  awardableType: AwardableType,
  awardableId: number,
  page: { readonly offset: number; readonly limit: number },
): Promise<{ rows: AwardEmojiRow[]; total: number }> {
  const ofItem = db
    .selectFrom('award_emoji')
    .where('awardable_type', '=', awardableType)
    .where('awardable_id', '=', awardableId);
  const [rows, count] = await Promise.all([
    ofItem.selectAll().orderBy('id').offset(page.offset).limit(page.limit).execute(),
    ofItem.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.count) };
}

export function findAwardOfItem(
  db: Executor,
  awardableType: AwardableType,
  awardableId: number,
  awardId: number,
): Promise<AwardEmojiRow | undefined> {
  return db
    .selectFrom('award_emoji')
    .selectAll()
    .where('id', '=', awardId)
    .where('awardable_type', '=', awardableType)
    .where('awardable_id', '=', awardableId)
    .executeTakeFirst();
}

/** The user's reaction of this name on the item, if given. */
export function findUserAward(
  db: Executor,
  awardableType: AwardableType,
  awardableId: number,
  userId: number,
  name: string,
): Promise<AwardEmojiRow | undefined> {
  return db
    .selectFrom('award_emoji')
    .selectAll()
    .where('awardable_type', '=', awardableType)
    .where('awardable_id', '=', awardableId)
    .where('user_id', '=', userId)
    .where('name', '=', name)
    .executeTakeFirst();
}

/** Inserts a reaction; undefined when the user already gave this one (the unique key holds). */
export function insertAward(
  db: Executor,
  award: Insertable<AwardEmojiTable>,
): Promise<AwardEmojiRow | undefined> {
  return db
    .insertInto('award_emoji')
    .values(award)
    .onConflict((conflict) => conflict.doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function deleteAward(db: Executor, awardId: number): Promise<void> {
  await db.deleteFrom('award_emoji').where('id', '=', awardId).execute();
}
