import type { Executor } from '../executor.ts';

export type NoteableType = 'Epic' | 'Issue' | 'MergeRequest';

/**
 * Authors of an item's notes, each once, in the order of their first note (GitLab lists participants
 * in the order it meets them). Internal (confidential) notes count only when `withInternal`.
 */
export async function findNoteAuthorIds(
  db: Executor,
  noteable: { type: NoteableType; id: number },
  withInternal: boolean,
): Promise<number[]> {
  let query = db
    .selectFrom('notes')
    .select(['author_id', (eb) => eb.fn.min<number>('id').as('first_note_id')])
    .where('noteable_type', '=', noteable.type)
    .where('noteable_id', '=', noteable.id)
    // What the system wrote for someone's edit does not make them a participant (GitLab's rule).
    .where('system', '=', false);
  if (!withInternal) query = query.where('confidential', '=', false);
  const rows = await query.groupBy('author_id').orderBy('first_note_id').execute();
  return rows.map((row) => row.author_id);
}
