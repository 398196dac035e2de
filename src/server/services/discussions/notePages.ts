import type { Executor } from '../../db/executor.ts';
import {
  findDiscussionOffsetPage,
  findNoteOffsetPage,
  type NoteKind,
} from '../../db/repositories/noteRepository.ts';
import type { NoteRow } from '../../db/schema.ts';
import { type NoteablePolicy, noteableScope } from './noteable.ts';

export type { NoteKind };

interface OffsetPage {
  readonly offset: number;
  readonly limit: number;
}

/** A page of the notes the reader may see on the item (internal ones as the policy allows), in id order. */
export async function pageOfNotes(
  db: Executor,
  policy: NoteablePolicy,
  kind: NoteKind,
  page: OffsetPage,
): Promise<{ rows: NoteRow[]; total: number }> {
  return findNoteOffsetPage(db, await noteableScope(policy), kind, page);
}

/**
 * A page of the item's discussions in the order they started, each with its visible notes in id
 * order, and how many there are in all.
 */
export async function pageOfDiscussions(
  db: Executor,
  policy: NoteablePolicy,
  kind: NoteKind,
  page: OffsetPage,
): Promise<{ discussions: { id: string; notes: NoteRow[] }[]; total: number }> {
  const { notes, total } = await findDiscussionOffsetPage(db, await noteableScope(policy), page, kind);
  const byId = new Map<string, NoteRow[]>();
  for (const note of notes) {
    const list = byId.get(note.discussion_id);
    if (list) list.push(note);
    else byId.set(note.discussion_id, [note]);
  }
  // The notes come in id order, so each discussion first appears with its first note: start order.
  return { discussions: [...byId].map(([id, list]) => ({ id, notes: list })), total };
}
