/**
 * Discussions of an epic or issue, as the activity section and GitLab's page JSON carry them: a
 * discussion is a standalone comment (`individual_note`), a thread of replies, or a system note
 * recording a change.
 */

/** What may carry notes. */
export type NoteableType = 'Epic' | 'Issue' | 'MergeRequest';

/** A note's author, as the activity shows them. */
export interface NoteAuthorJson {
  readonly id: number;
  readonly name: string;
  readonly username: string;
  readonly state: string;
  readonly avatar_url: string | null;
  readonly path: string;
}

export interface NoteAwardJson {
  readonly name: string;
  readonly user: { readonly id: number; readonly name: string; readonly username: string };
}

/**
 * An epic's or issue's own reactions (`<item>/award_emoji.json`), oldest first, and whether the
 * reader may react (a signed-in reader of the item; nobody anonymous).
 */
export interface IssuableAwardsJson {
  readonly award_emoji: readonly NoteAwardJson[];
  readonly can_award_emoji: boolean;
}

export interface NoteJson {
  readonly id: number;
  readonly discussion_id: string;
  /** null for a standalone comment or a system note; 'DiscussionNote' inside a thread. */
  readonly type: 'DiscussionNote' | null;
  readonly note: string;
  readonly note_html: string;
  readonly author: NoteAuthorJson;
  readonly created_at: string;
  readonly updated_at: string;
  readonly last_edited_at: string | null;
  readonly last_edited_by: NoteAuthorJson | null;
  readonly system: boolean;
  /** What a system note records (GitLab's system_note_metadata.action), for its icon. */
  readonly system_note_action: string | null;
  /** A description change this system note records, comparable with the version before it. */
  readonly description_version_id: number | null;
  readonly internal: boolean;
  readonly resolvable: boolean;
  readonly resolved: boolean;
  readonly resolved_by: NoteAuthorJson | null;
  readonly resolved_at: string | null;
  readonly award_emoji: readonly NoteAwardJson[];
  readonly current_user: {
    readonly can_edit: boolean;
    readonly can_award_emoji: boolean;
    readonly can_resolve: boolean;
  };
}

export interface DiscussionJson {
  readonly id: string;
  readonly individual_note: boolean;
  readonly resolvable: boolean;
  readonly resolved: boolean;
  readonly notes: readonly NoteJson[];
}

/** One page of discussions, oldest first; `next_cursor` is null on the last page. */
export interface DiscussionPageJson {
  readonly discussions: readonly DiscussionJson[];
  readonly next_cursor: string | null;
  readonly permissions: NoteablePermissionsJson;
  /** The server's time before it read the page: where polling for changes starts. */
  readonly last_fetched_at: string;
}

/**
 * What changed since the last poll: notes created or updated after `last_fetched_at`, and how many
 * notes the reader may see now (a smaller number than the client holds means notes were deleted).
 */
export interface NoteChangesJson {
  readonly notes: readonly NoteJson[];
  readonly notes_count: number;
  readonly last_fetched_at: string;
}

/** What the comment form tells the reader it may do (GitLab's noteable permissions). */
export interface NoteablePermissionsJson {
  readonly create_note: boolean;
  readonly create_internal_note: boolean;
  readonly discussion_locked: boolean;
}

/** The activity filter, as GitLab's: 'All activity', 'Comments only', 'History only'. */
export type ActivityFilter = 'all' | 'comments' | 'history';
export type ActivitySort = 'asc' | 'desc';

export const ACTIVITY_FILTERS: readonly ActivityFilter[] = ['all', 'comments', 'history'];

/** A note body may be as long as GitLab allows ("max 1,000,000 characters"). */
export const NOTE_MAX_LENGTH = 1_000_000;

/** Discussions per page of the activity (GitLab's notes API pages at 20; the page JSON is larger). */
export const DISCUSSIONS_PER_PAGE = 100;
export const MAX_DISCUSSIONS_PER_PAGE = 100;

/** A discussion is history when it is a system note nobody replied to. */
export function isHistory(discussion: Pick<DiscussionJson, 'notes'>): boolean {
  return discussion.notes.length > 0 && discussion.notes.every((note) => note.system);
}

export function matchesActivityFilter(
  discussion: Pick<DiscussionJson, 'notes'>,
  filter: ActivityFilter,
): boolean {
  if (filter === 'all') return true;
  return filter === 'history' ? isHistory(discussion) : !isHistory(discussion);
}

/** A thread is resolved when every resolvable note in it is. */
export function discussionResolved(notes: readonly Pick<NoteJson, 'resolvable' | 'resolved'>[]): boolean {
  const resolvable = notes.filter((note) => note.resolvable);
  return resolvable.length > 0 && resolvable.every((note) => note.resolved);
}

/**
 * The discussions to show: filtered, and sorted by their first note (oldest or newest first; the
 * replies inside a thread always read oldest first).
 */
export function visibleDiscussions(
  discussions: readonly DiscussionJson[],
  filter: ActivityFilter,
  sort: ActivitySort,
): DiscussionJson[] {
  const shown = discussions.filter((discussion) => matchesActivityFilter(discussion, filter));
  const firstId = (discussion: DiscussionJson) => discussion.notes[0]?.id ?? 0;
  shown.sort((a, b) => (sort === 'asc' ? firstId(a) - firstId(b) : firstId(b) - firstId(a)));
  return shown;
}

/**
 * Folds changed notes into the discussions held: a new note of a known discussion joins it (in id
 * order), an edited one replaces its old self, and a note of an unknown discussion starts one.
 */
export function mergeChangedNotes(
  discussions: readonly DiscussionJson[],
  changed: readonly NoteJson[],
): DiscussionJson[] {
  if (changed.length === 0) return [...discussions];
  const byId = new Map(discussions.map((discussion) => [discussion.id, discussion]));
  const order = discussions.map((discussion) => discussion.id);
  for (const note of changed) {
    const held = byId.get(note.discussion_id);
    if (!held) {
      order.push(note.discussion_id);
      byId.set(note.discussion_id, withNotes({ id: note.discussion_id }, [note]));
      continue;
    }
    const notes = held.notes.filter((existing) => existing.id !== note.id);
    notes.push(note);
    notes.sort((a, b) => a.id - b.id);
    byId.set(note.discussion_id, withNotes(held, notes));
  }
  return order.flatMap((id) => {
    const discussion = byId.get(id);
    return discussion ? [discussion] : [];
  });
}

/** Removes one note; a discussion left without notes goes too. */
export function withoutNote(discussions: readonly DiscussionJson[], noteId: number): DiscussionJson[] {
  return discussions.flatMap((discussion) => {
    if (!discussion.notes.some((note) => note.id === noteId)) return [discussion];
    const notes = discussion.notes.filter((note) => note.id !== noteId);
    return notes.length === 0 ? [] : [withNotes(discussion, notes)];
  });
}

function withNotes(discussion: Pick<DiscussionJson, 'id'>, notes: readonly NoteJson[]): DiscussionJson {
  const first = notes[0];
  return {
    id: discussion.id,
    individual_note: first !== undefined && first.type === null && notes.length === 1,
    resolvable: notes.some((note) => note.resolvable),
    resolved: discussionResolved(notes),
    notes,
  };
}

/** Builds discussions from notes in id order (what the server and the client share). */
export function groupNotesIntoDiscussions(notes: readonly NoteJson[]): DiscussionJson[] {
  return mergeChangedNotes(
    [],
    [...notes].sort((a, b) => a.id - b.id),
  );
}
