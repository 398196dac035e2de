import type { Kysely } from 'kysely';
import { isAwardEmojiName } from '../../../core/domain/awardEmoji.ts';
import type { Database } from '../../db/schema.ts';
import type { AccessContext } from '../access.ts';
import { ForbiddenError, UnauthorizedError, ValidationError } from '../errors.ts';
import { findReadableNote } from './discussionService.ts';
import type { NoteablePolicy } from './noteable.ts';

/**
 * Awards or takes back the actor's reaction on a note (GitLab's toggle_award_emoji and
 * awardEmojiToggle). Returns whether the reaction is now given.
 */
export async function toggleNoteAward(
  db: Kysely<Database>,
  access: AccessContext,
  policy: NoteablePolicy,
  noteId: number,
  name: string,
): Promise<{ toggledOn: boolean }> {
  const user = access.actor.user;
  if (!user) throw new UnauthorizedError();
  const note = await findReadableNote(db, policy, noteId);
  if (!isAwardEmojiName(name)) throw new ValidationError({ name: ['is not a valid emoji name'] });
  if (!policy.awardEmoji) throw new ForbiddenError();
  return db.transaction().execute(async (trx) => {
    const given = await trx
      .selectFrom('award_emoji')
      .select('id')
      .where('awardable_type', '=', 'Note')
      .where('awardable_id', '=', note.id)
      .where('user_id', '=', user.id)
      .where('name', '=', name)
      .executeTakeFirst();
    if (given) await trx.deleteFrom('award_emoji').where('id', '=', given.id).execute();
    else {
      await trx
        .insertInto('award_emoji')
        .values({
          root_namespace_id: note.root_namespace_id,
          user_id: user.id,
          name,
          awardable_type: 'Note',
          awardable_id: note.id,
          created_at: access.now(),
        })
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    }
    // The note is touched so that pollers pick the reaction up.
    await trx.updateTable('notes').set({ updated_at: access.now() }).where('id', '=', note.id).execute();
    return { toggledOn: given === undefined };
  });
}
