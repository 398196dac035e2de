import { referenceKey, scanReferences } from '../../../core/domain/gfmReferences.ts';
import { CROSS_REFERENCE_ACTIONS } from '../../../core/domain/systemNotes.ts';
import type { Executor } from '../../db/executor.ts';
import { findSystemNotesWithActions } from '../../db/repositories/noteRepository.ts';
import type { NotesTable } from '../../db/schema.ts';
import type { AccessContext } from '../access.ts';
import { classifyReferences, type MarkdownContext } from '../markdown/referenceResolver.ts';

/**
 * GitLab's rule for system notes that name other items ('marked this issue as related to
 * other/project#4', 'added issue secret/project#9'): the note shows only when the reader may see
 * every item it names that still exists, and at least one of them (Note#system_note_visible_for?).
 * Otherwise it would tell a reader of this item that a confidential issue, or an epic of a private
 * group, exists and what it is called. The items are looked up as the reader's rendered markdown
 * looks them up, all of the item's such notes at once.
 */
export async function hiddenCrossReferenceNoteIds(
  db: Executor,
  access: AccessContext,
  noteable: { readonly type: NotesTable['noteable_type']; readonly id: number },
  context: MarkdownContext,
  actions: readonly string[] = CROSS_REFERENCE_ACTIONS,
): Promise<number[]> {
  const notes = await findSystemNotesWithActions(db, noteable.type, noteable.id, actions);
  if (notes.length === 0) return [];
  // Items only: labels, milestones and people named beside them are not what the rule is about.
  const named = notes.map((note) =>
    scanReferences(note.note)
      .map((match) => match.reference)
      .filter((reference) => 'path' in reference),
  );
  const distinct = new Map(named.flat().map((reference) => [referenceKey(reference), reference]));
  const { readable, hidden } = await classifyReferences(db, access, context, [...distinct.values()]);
  return notes.flatMap((note, index) => {
    const keys = named[index]!.map(referenceKey);
    const shows =
      keys.length === 0 || (keys.some((key) => readable.has(key)) && !keys.some((key) => hidden.has(key)));
    return shows ? [] : [note.id];
  });
}
