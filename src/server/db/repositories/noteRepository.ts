import { type Insertable, type Selectable, type SqlBool, sql, type Updateable } from 'kysely';
import type { Executor } from '../executor.ts';
import type { DescriptionVersionsTable, NoteRow, NotesTable } from '../schema.ts';
import { intArray } from '../sqlInteger.ts';

export type NewNote = Insertable<NotesTable>;
export type NoteUpdate = Updateable<NotesTable>;

/** A note the system writes about a change (GitLab's system notes), by the user who made it. */
export interface SystemNote {
  readonly rootNamespaceId: number;
  readonly authorId: number;
  readonly noteableType: NotesTable['noteable_type'];
  readonly noteableId: number;
  readonly note: string;
  /** GitLab's system_note_metadata.action: what kind of change the note records. */
  readonly action: string;
  /** The description version a 'changed the description' note links. */
  readonly descriptionVersionId?: number | undefined;
  readonly createdAt: Date;
}

export async function insertSystemNotes(db: Executor, notes: readonly SystemNote[]): Promise<void> {
  if (notes.length === 0) return;
  await db
    .insertInto('notes')
    .values(
      notes.map((note) => ({
        root_namespace_id: note.rootNamespaceId,
        author_id: note.authorId,
        noteable_type: note.noteableType,
        noteable_id: note.noteableId,
        note: note.note,
        system: true,
        system_note_action: note.action,
        description_version_id: note.descriptionVersionId ?? null,
        created_at: note.createdAt,
        updated_at: note.createdAt,
      })),
    )
    .execute();
}

export type DescriptionVersionRow = Selectable<DescriptionVersionsTable>;

/** Keeps a saved description of an epic or issue; answers the new version's id. */
export async function insertDescriptionVersion(
  db: Executor,
  version: {
    readonly rootNamespaceId: number;
    readonly issuableType: DescriptionVersionsTable['issuable_type'];
    readonly issuableId: number;
    readonly description: string;
    readonly createdAt: Date;
  },
): Promise<number> {
  const row = await db
    .insertInto('description_versions')
    .values({
      root_namespace_id: version.rootNamespaceId,
      issuable_type: version.issuableType,
      issuable_id: version.issuableId,
      description: version.description,
      created_at: version.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function hasDescriptionVersions(
  db: Executor,
  issuableType: DescriptionVersionsTable['issuable_type'],
  issuableId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('description_versions')
    .select('id')
    .where('issuable_type', '=', issuableType)
    .where('issuable_id', '=', issuableId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** A version of this epic's or issue's description, and the one saved just before it (if any). */
export async function findDescriptionVersionPair(
  db: Executor,
  issuableType: DescriptionVersionsTable['issuable_type'],
  issuableId: number,
  versionId: number,
): Promise<{ version: DescriptionVersionRow; previous: DescriptionVersionRow | undefined } | undefined> {
  const version = await db
    .selectFrom('description_versions')
    .selectAll()
    .where('id', '=', versionId)
    .where('issuable_type', '=', issuableType)
    .where('issuable_id', '=', issuableId)
    .executeTakeFirst();
  if (!version) return undefined;
  const previous = await db
    .selectFrom('description_versions')
    .selectAll()
    .where('issuable_type', '=', issuableType)
    .where('issuable_id', '=', issuableId)
    .where('id', '<', versionId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return { version, previous };
}

/** Which notes of one epic or issue a reader may see. */
export interface NoteableScope {
  readonly noteableType: NotesTable['noteable_type'];
  readonly noteableId: number;
  /** Internal notes are for Reporters and up. */
  readonly includeInternal: boolean;
  /** System notes naming items the reader may not see. */
  readonly hiddenNoteIds: readonly number[];
}

function visibleNotes(db: Executor, scope: NoteableScope) {
  let query = db
    .selectFrom('notes')
    .where('notes.noteable_type', '=', scope.noteableType)
    .where('notes.noteable_id', '=', scope.noteableId);
  if (!scope.includeInternal) query = query.where('notes.confidential', '=', false);
  if (scope.hiddenNoteIds.length > 0)
    query = query.where(sql<SqlBool>`notes.id <> ALL(${intArray(scope.hiddenNoteIds)})`);
  return query;
}

/** The system notes of one epic or issue that record one of these actions, in id order. */
export function findSystemNotesWithActions(
  db: Executor,
  noteableType: NotesTable['noteable_type'],
  noteableId: number,
  actions: readonly string[],
): Promise<{ id: number; note: string }[]> {
  return db
    .selectFrom('notes')
    .select(['id', 'note'])
    .where('noteable_type', '=', noteableType)
    .where('noteable_id', '=', noteableId)
    .where('system', '=', true)
    .where('system_note_action', 'in', [...actions])
    .orderBy('id')
    .execute();
}

/**
 * One page of discussions ordered by their first note: the discussions whose first visible note
 * comes after `afterNoteId`, with all their visible notes in id order. One more discussion than
 * asked for tells whether another page follows.
 */
export async function findDiscussionPage(
  db: Executor,
  scope: NoteableScope,
  afterNoteId: number,
  limit: number,
): Promise<{ notes: NoteRow[]; hasMore: boolean; lastFirstNoteId: number | null }> {
  const firsts = await visibleNotes(db, scope)
    .select(['notes.discussion_id', (eb) => eb.fn.min('notes.id').as('first_id')])
    .groupBy('notes.discussion_id')
    .having((eb) => eb.fn.min('notes.id'), '>', afterNoteId)
    .orderBy('first_id')
    .limit(limit + 1)
    .execute();
  const page = firsts.slice(0, limit);
  if (page.length === 0) return { notes: [], hasMore: false, lastFirstNoteId: null };
  const notes = await visibleNotes(db, scope)
    .selectAll('notes')
    .where(
      'notes.discussion_id',
      'in',
      page.map((row) => row.discussion_id),
    )
    .orderBy('notes.id')
    .execute();
  return { notes, hasMore: firsts.length > limit, lastFirstNoteId: Number(page[page.length - 1]?.first_id) };
}

/** The visible notes created or changed after `since`, in id order. */
export function findNotesChangedSince(db: Executor, scope: NoteableScope, since: Date): Promise<NoteRow[]> {
  return visibleNotes(db, scope)
    .selectAll('notes')
    .where('notes.updated_at', '>', since)
    .orderBy('notes.id')
    .execute();
}

export async function countVisibleNotes(db: Executor, scope: NoteableScope): Promise<number> {
  const row = await visibleNotes(db, scope)
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * What a poll compares: how many notes there are and when the latest changed. Deleting a note
 * lowers the count, every other change moves the time.
 */
export async function noteStamp(db: Executor, scope: NoteableScope): Promise<string> {
  const row = await visibleNotes(db, scope)
    .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.max('notes.updated_at').as('latest')])
    .executeTakeFirstOrThrow();
  const latest = row.latest === null ? 'none' : new Date(row.latest as Date | string).toISOString();
  return `${row.count}:${latest}`;
}

export function findNoteById(db: Executor, id: number): Promise<NoteRow | undefined> {
  return db.selectFrom('notes').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findNotesOfDiscussion(db: Executor, discussionId: string): Promise<NoteRow[]> {
  return db.selectFrom('notes').selectAll().where('discussion_id', '=', discussionId).orderBy('id').execute();
}

export function insertNote(db: Executor, note: NewNote): Promise<NoteRow> {
  return db.insertInto('notes').values(note).returningAll().executeTakeFirstOrThrow();
}

export function updateNoteRow(db: Executor, id: number, changes: NoteUpdate): Promise<NoteRow | undefined> {
  return db.updateTable('notes').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
}

/** Deletes a note and what hangs off it (its award emoji); to-dos it raised keep their target. */
export async function deleteNoteRow(db: Executor, id: number): Promise<void> {
  await db
    .deleteFrom('award_emoji')
    .where('awardable_type', '=', 'Note')
    .where('awardable_id', '=', id)
    .execute();
  await db.deleteFrom('notes').where('id', '=', id).execute();
}

/** Marks the thread's resolvable notes resolved (or not), touching them so pollers see the change. */
export function setDiscussionResolution(
  db: Executor,
  discussionId: string,
  resolution: { resolvedAt: Date | null; resolvedById: number | null; now: Date },
): Promise<NoteRow[]> {
  return db
    .updateTable('notes')
    .set({
      resolved_at: resolution.resolvedAt,
      resolved_by_id: resolution.resolvedById,
      updated_at: resolution.now,
    })
    .where('discussion_id', '=', discussionId)
    .where('system', '=', false)
    .returningAll()
    .execute();
}

/** How GitLab's notes API orders a list: by creation or last update, then by id the same way. */
export interface NoteListOrder {
  readonly column: 'created_at' | 'updated_at';
  readonly direction: 'asc' | 'desc';
}

/**
 * One offset page of the notes the notes API lists (standalone comments and system notes: the notes
 * of threads, `DiscussionNote`s, are not in it), and how many there are in all.
 */
export async function findNoteListPage(
  db: Executor,
  scope: NoteableScope,
  order: NoteListOrder,
  page: { readonly offset: number; readonly limit: number },
): Promise<{ rows: NoteRow[]; total: number }> {
  const listed = visibleNotes(db, scope).where('notes.type', 'is', null);
  const [rows, count] = await Promise.all([
    listed
      .selectAll('notes')
      .orderBy(`notes.${order.column}`, order.direction)
      .orderBy('notes.id', order.direction)
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    listed.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.count) };
}

/**
 * Which notes or discussions a GraphQL list keeps: all, comments (a discussion with a comment in it),
 * or history (system notes; a discussion of nothing but system notes).
 */
export type NoteKind = 'all' | 'comments' | 'history';

/** One offset page of the visible notes of the kind, in id order, and how many there are in all. */
export async function findNoteOffsetPage(
  db: Executor,
  scope: NoteableScope,
  kind: NoteKind,
  page: { readonly offset: number; readonly limit: number },
): Promise<{ rows: NoteRow[]; total: number }> {
  let listed = visibleNotes(db, scope);
  if (kind !== 'all') listed = listed.where('notes.system', '=', kind === 'history');
  const [rows, count] = await Promise.all([
    page.limit === 0
      ? Promise.resolve([])
      : listed.selectAll('notes').orderBy('notes.id').offset(page.offset).limit(page.limit).execute(),
    listed.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.count) };
}

/**
 * One offset page of discussions of the kind ordered by their first note, with all their visible
 * notes in id order, and how many such discussions there are in all (the discussions API's page and
 * x-total, GraphQL's discussions).
 */
export async function findDiscussionOffsetPage(
  db: Executor,
  scope: NoteableScope,
  page: { readonly offset: number; readonly limit: number },
  kind: NoteKind = 'all',
): Promise<{ notes: NoteRow[]; total: number }> {
  let firsts = visibleNotes(db, scope)
    .select(['notes.discussion_id', (eb) => eb.fn.min('notes.id').as('first_id')])
    .groupBy('notes.discussion_id');
  if (kind !== 'all') {
    // History is a discussion of system notes only; anything else holds a comment.
    firsts = firsts.having(sql<boolean>`bool_and(notes.system)`, '=', kind === 'history');
  }
  const [paged, count] = await Promise.all([
    page.limit === 0
      ? Promise.resolve([])
      : firsts.orderBy('first_id').offset(page.offset).limit(page.limit).execute(),
    db
      .selectFrom(firsts.as('discussions'))
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.count);
  if (paged.length === 0) return { notes: [], total };
  const notes = await visibleNotes(db, scope)
    .selectAll('notes')
    .where(
      'notes.discussion_id',
      'in',
      paged.map((row) => row.discussion_id),
    )
    .orderBy('notes.id')
    .execute();
  return { notes, total };
}

/**
 * Every visible note of several epics or issues of one type, in id order, in one statement (the
 * GraphQL notes and discussions of a page of items). `withInternal` names the items whose internal
 * notes the reader may see.
 */
export async function findNotesOfNoteables(
  db: Executor,
  noteableType: NotesTable['noteable_type'],
  ids: readonly number[],
  withInternal: ReadonlySet<number>,
): Promise<NoteRow[]> {
  if (ids.length === 0) return [];
  const internalIds = ids.filter((id) => withInternal.has(id));
  return db
    .selectFrom('notes')
    .selectAll()
    .where('noteable_type', '=', noteableType)
    .where('noteable_id', 'in', [...ids])
    .where((eb) =>
      internalIds.length === 0
        ? eb('confidential', '=', false)
        : eb.or([eb('confidential', '=', false), eb('noteable_id', 'in', internalIds)]),
    )
    .orderBy('id')
    .execute();
}

/** Comments (not system notes) and the discussions they are in, per item: all, and without internal ones. */
export interface UserNoteCounts {
  readonly notes: number;
  readonly discussions: number;
  readonly publicNotes: number;
  readonly publicDiscussions: number;
}

export async function countUserNotes(
  db: Executor,
  noteableType: NotesTable['noteable_type'],
  ids: readonly number[],
): Promise<Map<number, UserNoteCounts>> {
  const counts = new Map<number, UserNoteCounts>();
  if (ids.length === 0) return counts;
  const rows = await db
    .selectFrom('notes')
    .select((eb) => [
      'noteable_id',
      eb.fn.countAll<string>().as('notes'),
      eb.fn.count<string>('discussion_id').distinct().as('discussions'),
      eb.fn
        .count<string>(eb.case().when('confidential', '=', false).then(eb.ref('id')).end())
        .as('public_notes'),
      eb.fn
        .count<string>(eb.case().when('confidential', '=', false).then(eb.ref('discussion_id')).end())
        .distinct()
        .as('public_discussions'),
    ])
    .where('noteable_type', '=', noteableType)
    .where('noteable_id', 'in', [...ids])
    .where('system', '=', false)
    .groupBy('noteable_id')
    .execute();
  for (const row of rows) {
    counts.set(row.noteable_id, {
      notes: Number(row.notes),
      discussions: Number(row.discussions),
      publicNotes: Number(row.public_notes),
      publicDiscussions: Number(row.public_discussions),
    });
  }
  return counts;
}

/** The text of each note, by id (a to-do raised by a note shows it). */
export async function findNoteTexts(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('notes')
    .select(['id', 'note'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, row.note]));
}
