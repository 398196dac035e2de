import type { Kysely } from 'kysely';
import { isAwardEmojiName } from '../../../core/domain/awardEmoji.ts';
import type { Executor } from '../../db/executor.ts';
import {
  type AwardableType,
  deleteAward,
  findAwardOfItem,
  findAwardPage,
  findAwardsOf,
  findUserAward,
  insertAward,
} from '../../db/repositories/awardEmojiRepository.ts';
import { updateNoteRow } from '../../db/repositories/noteRepository.ts';
import { findUsersByIds } from '../../db/repositories/userRepository.ts';
import type { AwardEmojiRow, Database, UserRow } from '../../db/schema.ts';
import { fitsSqlInteger } from '../../db/sqlInteger.ts';
import { type AccessContext, isAdministrator } from '../access.ts';
import { NotFoundError, UnauthorizedError, ValidationError } from '../errors.ts';
import { findReadableNote } from './discussionService.ts';
import type { NoteablePolicy } from './noteable.ts';

/**
 * Emoji reactions on an epic, an issue, or one of their notes (GitLab's award emoji): who may read
 * the item reads them, who may award on it (a signed-in reader, as award_emoji) gives and takes back
 * their own. Every API (REST, GraphQL, the page JSON) goes through these functions.
 */

/** What is reacted to: the epic or issue of the policy, or one of its notes (by id). */
export type AwardTarget = { readonly kind: 'item' } | { readonly kind: 'note'; readonly noteId: number };

export interface Awardable {
  readonly type: AwardableType;
  readonly id: number;
  readonly rootNamespaceId: number;
}

/** The awardable the target names, once the reader may see it (a hidden note is not found). */
export async function awardableOf(
  db: Executor,
  policy: NoteablePolicy,
  target: AwardTarget,
): Promise<Awardable> {
  if (target.kind === 'item') {
    return { type: policy.type, id: policy.id, rootNamespaceId: policy.rootNamespaceId };
  }
  const note = await findReadableNote(db, policy, target.noteId);
  return { type: 'Note', id: note.id, rootNamespaceId: note.root_namespace_id };
}

function requireAwarder(access: AccessContext, policy: NoteablePolicy): UserRow {
  const user = access.actor.user;
  if (!user) throw new UnauthorizedError();
  // GitLab answers "404 Award Emoji Not Found" when the user may not award on the item.
  if (!policy.awardEmoji) throw new NotFoundError('Award Emoji');
  return user;
}

/** A note's reaction changes its updated_at, so the activity's pollers see it. */
async function touch(db: Executor, awardable: Awardable, now: Date): Promise<void> {
  if (awardable.type === 'Note') await updateNoteRow(db, awardable.id, { updated_at: now });
}

/** A reaction with the user who gave it. */
export interface AwardView {
  readonly row: AwardEmojiRow;
  readonly user: UserRow;
}

/** Reactions with their users, read in one statement. */
export async function presentAwards(db: Executor, rows: readonly AwardEmojiRow[]): Promise<AwardView[]> {
  const users = new Map(
    (await findUsersByIds(db, [...new Set(rows.map((row) => row.user_id))])).map((user) => [user.id, user]),
  );
  return rows.flatMap((row) => {
    const user = users.get(row.user_id);
    return user ? [{ row, user }] : [];
  });
}

/** Whether the actor may react to the item: a signed-in reader (GitLab's award_emoji). */
export function mayAward(access: AccessContext, policy: NoteablePolicy): boolean {
  return access.actor.user !== null && policy.awardEmoji;
}

/** The epic's or issue's own reactions, oldest first, with who gave them. */
export async function listItemAwards(db: Executor, policy: NoteablePolicy): Promise<AwardView[]> {
  return presentAwards(db, await findAwardsOf(db, policy.type, [policy.id]));
}

export async function listAwards(
  db: Executor,
  awardable: Awardable,
  page: { readonly offset: number; readonly limit: number },
): Promise<{ awards: AwardView[]; total: number }> {
  const found = await findAwardPage(db, awardable.type, awardable.id, page);
  return { awards: await presentAwards(db, found.rows), total: found.total };
}

export async function findAward(db: Executor, awardable: Awardable, awardId: number): Promise<AwardEmojiRow> {
  const award = fitsSqlInteger(awardId)
    ? await findAwardOfItem(db, awardable.type, awardable.id, awardId)
    : undefined;
  if (!award) throw new NotFoundError('Award Emoji');
  return award;
}

/** Gives the actor's reaction; an unknown name or one already given is GitLab's validation error. */
export async function addAward(
  db: Kysely<Database>,
  access: AccessContext,
  policy: NoteablePolicy,
  awardable: Awardable,
  name: string,
): Promise<AwardEmojiRow> {
  const user = requireAwarder(access, policy);
  if (!isAwardEmojiName(name)) throw new ValidationError({ Name: ['is not a valid emoji name'] });
  return db.transaction().execute(async (trx) => {
    const award = await insertAward(trx, {
      root_namespace_id: awardable.rootNamespaceId,
      user_id: user.id,
      name,
      awardable_type: awardable.type,
      awardable_id: awardable.id,
      created_at: access.now(),
    });
    if (!award) throw new ValidationError({ Name: ['has already been taken'] });
    await touch(trx, awardable, access.now());
    return award;
  });
}

/**
 * Takes back a reaction by id: only the user who gave it, or an administrator (GitLab answers 401
 * to anyone else).
 */
export async function removeAward(
  db: Kysely<Database>,
  access: AccessContext,
  awardable: Awardable,
  awardId: number,
): Promise<void> {
  const user = access.actor.user;
  if (!user) throw new UnauthorizedError();
  const award = await findAward(db, awardable, awardId);
  if (award.user_id !== user.id && !isAdministrator(access)) throw new UnauthorizedError();
  await db.transaction().execute(async (trx) => {
    await deleteAward(trx, award.id);
    await touch(trx, awardable, access.now());
  });
}

/** Takes back the actor's reaction of this name (GraphQL's awardEmojiRemove). */
export async function removeOwnAward(
  db: Kysely<Database>,
  access: AccessContext,
  policy: NoteablePolicy,
  awardable: Awardable,
  name: string,
): Promise<void> {
  const user = requireAwarder(access, policy);
  const award = await findUserAward(db, awardable.type, awardable.id, user.id, name);
  if (!award) {
    throw new ValidationError({ User: [`has not awarded emoji of type ${name} on the awardable`] });
  }
  await db.transaction().execute(async (trx) => {
    await deleteAward(trx, award.id);
    await touch(trx, awardable, access.now());
  });
}

/**
 * Gives the actor's reaction, or takes it back when already given (GitLab's toggle_award_emoji and
 * awardEmojiToggle). Returns the reaction when it is now given.
 */
export async function toggleAward(
  db: Kysely<Database>,
  access: AccessContext,
  policy: NoteablePolicy,
  awardable: Awardable,
  name: string,
): Promise<{ toggledOn: boolean; award: AwardEmojiRow | null }> {
  const user = requireAwarder(access, policy);
  if (!isAwardEmojiName(name)) throw new ValidationError({ Name: ['is not a valid emoji name'] });
  return db.transaction().execute(async (trx) => {
    const given = await findUserAward(trx, awardable.type, awardable.id, user.id, name);
    let award: AwardEmojiRow | null = null;
    if (given) await deleteAward(trx, given.id);
    else {
      award =
        (await insertAward(trx, {
          root_namespace_id: awardable.rootNamespaceId,
          user_id: user.id,
          name,
          awardable_type: awardable.type,
          awardable_id: awardable.id,
          created_at: access.now(),
        })) ?? null;
    }
    await touch(trx, awardable, access.now());
    return { toggledOn: given === undefined, award };
  });
}
