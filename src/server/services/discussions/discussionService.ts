import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { NOTE_MAX_LENGTH } from '../../../core/domain/discussions.ts';
import type { Executor } from '../../db/executor.ts';
import { findAwardsOf } from '../../db/repositories/awardEmojiRepository.ts';
import {
  countVisibleNotes,
  deleteNoteRow,
  findDiscussionOffsetPage,
  findDiscussionPage,
  findNoteById,
  findNoteListPage,
  findNotesChangedSince,
  findNotesOfDiscussion,
  insertNote,
  type NoteListOrder,
  noteStamp,
  setDiscussionResolution,
  updateNoteRow,
} from '../../db/repositories/noteRepository.ts';
import { findUsersByIds } from '../../db/repositories/userRepository.ts';
import type { Database, NoteRow, UserRow } from '../../db/schema.ts';
import { fitsSqlInteger } from '../../db/sqlInteger.ts';
import type { AccessContext } from '../access.ts';
import { ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../errors.ts';
import { renderManyFor } from '../markdown/referenceRendering.ts';
import { raiseMentionTodos } from './mentionTodos.ts';
import {
  internalRuleScope,
  isHiddenNote,
  markdownContextOf,
  type NoteablePolicy,
  noteableScope,
} from './noteable.ts';

/** A note with the people and reactions the activity shows, and what the reader may do with it. */
export interface NoteView {
  readonly row: NoteRow;
  readonly html: string;
  readonly author: UserRow;
  readonly lastEditedBy: UserRow | null;
  readonly resolvedBy: UserRow | null;
  readonly resolvable: boolean;
  readonly awards: readonly { readonly name: string; readonly user: UserRow }[];
  readonly canEdit: boolean;
  readonly canResolve: boolean;
  readonly canAward: boolean;
}

export interface DiscussionView {
  readonly id: string;
  readonly notes: readonly NoteView[];
}

export interface DiscussionPage {
  readonly discussions: readonly DiscussionView[];
  /** The first note id of the page's last discussion, when another page follows. */
  readonly nextAfter: number | null;
}

/** GitLab resolves threads, not standalone comments or system notes. */
export function isResolvable(row: NoteRow): boolean {
  return !row.system && row.type === 'DiscussionNote';
}

function mayEdit(policy: NoteablePolicy, access: AccessContext, row: NoteRow): boolean {
  const user = access.actor.user;
  if (!user || row.system) return false;
  if (policy.discussionLocked && !policy.createNote) return false;
  return row.author_id === user.id || policy.adminNotes;
}

/** What the reader may do with one note (GitLab's note policy), as every API presents it. */
export function notePermissions(
  policy: NoteablePolicy,
  access: AccessContext,
  row: NoteRow,
): Pick<NoteView, 'canEdit' | 'canResolve' | 'canAward'> {
  return {
    canEdit: mayEdit(policy, access, row),
    canResolve: policy.resolve && isResolvable(row),
    canAward: policy.awardEmoji && access.actor.user !== null,
  };
}

/** Attaches authors, editors, resolvers and reactions to note rows with as few statements as possible. */
export async function presentNotes(
  db: Executor,
  access: AccessContext,
  policy: NoteablePolicy,
  rows: readonly NoteRow[],
): Promise<NoteView[]> {
  if (rows.length === 0) return [];
  const awards = await findAwardsOf(
    db,
    'Note',
    rows.map((row) => row.id),
  );
  const userIds = new Set<number>();
  for (const row of rows) {
    userIds.add(row.author_id);
    if (row.updated_by_id !== null) userIds.add(row.updated_by_id);
    if (row.resolved_by_id !== null) userIds.add(row.resolved_by_id);
  }
  for (const award of awards) userIds.add(award.user_id);
  const users = new Map((await findUsersByIds(db, [...userIds])).map((user) => [user.id, user]));
  // Every note of the page resolves its references in one batch, for this reader.
  const rendered = await renderManyFor(
    db,
    access,
    markdownContextOf(policy.target),
    rows.map((row) => row.note),
  );
  const userOf = (id: number | null) => (id === null ? null : (users.get(id) ?? null));
  return rows.flatMap((row, index) => {
    const author = userOf(row.author_id);
    if (!author) return [];
    const noteAwards = awards.flatMap((award) => {
      const user = award.awardable_id === row.id ? userOf(award.user_id) : null;
      return user ? [{ name: award.name, user }] : [];
    });
    return [
      {
        row,
        html: rendered[index]!.html,
        author,
        lastEditedBy: row.last_edited_at === null ? null : userOf(row.updated_by_id),
        resolvedBy: userOf(row.resolved_by_id),
        resolvable: isResolvable(row),
        awards: noteAwards,
        ...notePermissions(policy, access, row),
      },
    ];
  });
}

function groupIntoDiscussions(notes: readonly NoteView[]): DiscussionView[] {
  const byId = new Map<string, NoteView[]>();
  for (const note of notes) {
    const list = byId.get(note.row.discussion_id);
    if (list) list.push(note);
    else byId.set(note.row.discussion_id, [note]);
  }
  return [...byId].map(([id, list]) => ({ id, notes: list }));
}

/** A page of the item's discussions in the order they started. */
export async function listDiscussions(
  db: Executor,
  access: AccessContext,
  policy: NoteablePolicy,
  page: { readonly afterNoteId: number; readonly perPage: number },
): Promise<DiscussionPage> {
  const found = await findDiscussionPage(db, await noteableScope(policy), page.afterNoteId, page.perPage);
  const views = await presentNotes(db, access, policy, found.notes);
  return {
    discussions: groupIntoDiscussions(views),
    nextAfter: found.hasMore ? found.lastFirstNoteId : null,
  };
}

/**
 * One page of the notes GitLab's notes API lists (standalone comments and system notes, not the
 * notes of threads), in the order asked for, and how many there are.
 */
export async function listNotePage(
  db: Executor,
  access: AccessContext,
  policy: NoteablePolicy,
  order: NoteListOrder,
  page: { readonly offset: number; readonly limit: number },
): Promise<{ notes: NoteView[]; total: number }> {
  const found = await findNoteListPage(db, await noteableScope(policy), order, page);
  return { notes: await presentNotes(db, access, policy, found.rows), total: found.total };
}

/** One offset page of discussions in the order they started, and how many there are (REST). */
export async function listDiscussionOffsetPage(
  db: Executor,
  access: AccessContext,
  policy: NoteablePolicy,
  page: { readonly offset: number; readonly limit: number },
): Promise<{ discussions: DiscussionView[]; total: number }> {
  const found = await findDiscussionOffsetPage(db, await noteableScope(policy), page);
  const views = await presentNotes(db, access, policy, found.notes);
  return { discussions: groupIntoDiscussions(views), total: found.total };
}

/** One note the reader may see, presented. */
export async function findNote(
  db: Executor,
  access: AccessContext,
  policy: NoteablePolicy,
  noteId: number,
): Promise<NoteView> {
  const [view] = await presentNotes(db, access, policy, [await findReadableNote(db, policy, noteId)]);
  if (!view) throw new NotFoundError('Note');
  return view;
}

/** The notes created or changed after `since`, and how many the reader may see now. */
export async function notesChangedSince(
  db: Executor,
  access: AccessContext,
  policy: NoteablePolicy,
  since: Date,
): Promise<{ notes: NoteView[]; count: number }> {
  const scope = await noteableScope(policy);
  const rows = await findNotesChangedSince(db, scope, since);
  return { notes: await presentNotes(db, access, policy, rows), count: await countVisibleNotes(db, scope) };
}

/**
 * Changes whenever a note the reader may see is added, edited, resolved, reacted to or deleted (and
 * when one naming a hidden item is, as GitLab's notes ETag does): deciding those notes on every poll
 * would cost more than the poll. Hashed, so that it tells nothing of them.
 */
export async function discussionStamp(db: Executor, policy: NoteablePolicy): Promise<string> {
  const stamp = await noteStamp(db, internalRuleScope(policy));
  return createHash('sha256').update(stamp).digest('base64url').slice(0, 22);
}

/** One discussion, if the reader may see it (an internal one only with read_internal_note). */
export async function findDiscussion(
  db: Executor,
  access: AccessContext,
  policy: NoteablePolicy,
  discussionId: string,
): Promise<DiscussionView> {
  const rows = await readableDiscussionNotes(db, policy, discussionId);
  return { id: discussionId, notes: await presentNotes(db, access, policy, rows) };
}

async function readableDiscussionNotes(
  db: Executor,
  policy: NoteablePolicy,
  discussionId: string,
): Promise<NoteRow[]> {
  const rows = /^[0-9a-f]{40}$/.test(discussionId) ? await findNotesOfDiscussion(db, discussionId) : [];
  const visible: NoteRow[] = [];
  for (const row of rows) {
    if (row.noteable_type !== policy.type || row.noteable_id !== policy.id) continue;
    if ((policy.readInternal || !row.confidential) && !(await isHiddenNote(policy, row))) visible.push(row);
  }
  if (visible.length === 0) throw new NotFoundError('Discussion');
  return visible;
}

/** A note of this item the reader may see; 404 otherwise. */
export async function findReadableNote(
  db: Executor,
  policy: NoteablePolicy,
  noteId: number,
): Promise<NoteRow> {
  const row = fitsSqlInteger(noteId) ? await findNoteById(db, noteId) : undefined;
  if (
    !row ||
    row.noteable_type !== policy.type ||
    row.noteable_id !== policy.id ||
    (row.confidential && !policy.readInternal) ||
    (await isHiddenNote(policy, row))
  ) {
    throw new NotFoundError('Note');
  }
  return row;
}

export interface NoteInput {
  readonly body: string;
  /** Reply to this discussion; otherwise a new one. */
  readonly discussionId?: string | undefined;
  /** Start a thread (GitLab's 'Start thread'): the note can be replied to and resolved. */
  readonly startThread?: boolean | undefined;
  readonly internal?: boolean | undefined;
}

function checkBody(body: string): string {
  if (body.trim() === '') throw new ValidationError({ note: ["can't be blank"] });
  if (body.length > NOTE_MAX_LENGTH) {
    throw new ValidationError({ note: [`is too long (maximum is ${NOTE_MAX_LENGTH} characters)`] });
  }
  return body;
}

function requireUser(access: AccessContext): UserRow {
  const user = access.actor.user;
  if (!user) throw new UnauthorizedError();
  return user;
}

function newDiscussionId(): string {
  return randomBytes(20).toString('hex');
}

/**
 * Adds a comment, a new thread, or a reply. Replies to an internal note are internal ("all replies
 * to an internal note are internal"); replying to a standalone comment turns it into a thread. The
 * users it mentions get a to-do when they may read the item.
 */
export async function createNote(
  db: Kysely<Database>,
  access: AccessContext,
  policy: NoteablePolicy,
  input: NoteInput,
): Promise<NoteView> {
  const user = requireUser(access);
  if (!policy.createNote) throw new ForbiddenError();
  const body = checkBody(input.body);
  if (input.internal && !policy.createInternal) throw new ForbiddenError();
  const now = access.now();
  const row = await db.transaction().execute(async (trx) => {
    let discussionId = newDiscussionId();
    let type: NoteRow['type'] = input.startThread ? 'DiscussionNote' : null;
    let internal = input.internal === true;
    if (input.discussionId !== undefined) {
      const thread = await readableDiscussionNotes(trx, policy, input.discussionId);
      discussionId = input.discussionId;
      type = 'DiscussionNote';
      internal = thread.some((note) => note.confidential);
      const first = thread[0];
      if (first && !first.system && first.type === null) {
        await updateNoteRow(trx, first.id, { type: 'DiscussionNote', updated_at: now });
      }
    }
    const inserted = await insertNote(trx, {
      root_namespace_id: policy.rootNamespaceId,
      author_id: user.id,
      noteable_type: policy.type,
      noteable_id: policy.id,
      note: body,
      confidential: internal,
      discussion_id: discussionId,
      type,
      created_at: now,
      updated_at: now,
    });
    await raiseMentionTodos(trx, policy, { note: inserted, author: user, now });
    return inserted;
  });
  const [view] = await presentNotes(db, access, policy, [row]);
  if (!view) throw new NotFoundError('Note');
  return view;
}

/** Edits a note's text: its author, or a Maintainer for anyone's. */
export async function updateNote(
  db: Kysely<Database>,
  access: AccessContext,
  policy: NoteablePolicy,
  noteId: number,
  body: string,
): Promise<NoteView> {
  const user = requireUser(access);
  const current = await findReadableNote(db, policy, noteId);
  if (!mayEdit(policy, access, current)) throw new ForbiddenError();
  const text = checkBody(body);
  const now = access.now();
  const row = await db.transaction().execute(async (trx) => {
    const saved = await updateNoteRow(trx, current.id, {
      note: text,
      last_edited_at: now,
      updated_by_id: user.id,
      updated_at: now,
    });
    if (!saved) throw new NotFoundError('Note');
    await raiseMentionTodos(trx, policy, { note: saved, author: user, now, previousText: current.note });
    return saved;
  });
  const [view] = await presentNotes(db, access, policy, [row]);
  if (!view) throw new NotFoundError('Note');
  return view;
}

/** Deletes a note: its author, or a Maintainer for anyone's. System notes stay. */
export async function deleteNote(
  db: Kysely<Database>,
  access: AccessContext,
  policy: NoteablePolicy,
  noteId: number,
): Promise<void> {
  requireUser(access);
  const current = await findReadableNote(db, policy, noteId);
  if (!mayEdit(policy, access, current)) throw new ForbiddenError();
  await db.transaction().execute((trx) => deleteNoteRow(trx, current.id));
}

/** Resolves or unresolves a thread ("Resolve thread"); standalone comments cannot be resolved. */
export async function setDiscussionResolved(
  db: Kysely<Database>,
  access: AccessContext,
  policy: NoteablePolicy,
  discussionId: string,
  resolved: boolean,
): Promise<DiscussionView> {
  const user = requireUser(access);
  const notes = await readableDiscussionNotes(db, policy, discussionId);
  if (!notes.some(isResolvable)) throw new ValidationError({ discussion: ['is not resolvable'] });
  if (!policy.resolve) throw new ForbiddenError();
  const now = access.now();
  await setDiscussionResolution(db, discussionId, {
    resolvedAt: resolved ? now : null,
    resolvedById: resolved ? user.id : null,
    now,
  });
  return findDiscussion(db, access, policy, discussionId);
}

/** A note of this discussion the reader may see; 404 for one of another discussion. */
export async function findReadableNoteOfDiscussion(
  db: Executor,
  policy: NoteablePolicy,
  discussionId: string,
  noteId: number,
): Promise<NoteRow> {
  const row = await findReadableNote(db, policy, noteId);
  if (row.discussion_id !== discussionId) throw new NotFoundError('Note');
  return row;
}
