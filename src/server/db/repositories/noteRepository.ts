import type { Executor } from '../executor.ts';
import type { NotesTable } from '../schema.ts';

/** A note the system writes about a change (GitLab's system notes), by the user who made it. */
export interface SystemNote {
  readonly rootNamespaceId: number;
  readonly authorId: number;
  readonly noteableType: NotesTable['noteable_type'];
  readonly noteableId: number;
  readonly note: string;
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
        created_at: note.createdAt,
        updated_at: note.createdAt,
      })),
    )
    .execute();
}
