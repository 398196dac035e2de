import { type GfmReference, referenceKey, scanReferences } from '../../../core/domain/gfmReferences.ts';
import { CROSS_REFERENCE_ACTIONS } from '../../../core/domain/systemNotes.ts';
import type { Executor } from '../../db/executor.ts';
import { findSystemNotesWithActions } from '../../db/repositories/noteRepository.ts';
import type { NotesTable } from '../../db/schema.ts';
import type { AccessContext } from '../access.ts';
import type { ReferenceLink, ResolvedReferences } from '../markdown/referenceLinks.ts';
import {
  MAX_REFERENCES_PER_DOCUMENT,
  type MarkdownContext,
  resolveReferences,
} from '../markdown/referenceResolver.ts';

/**
 * GitLab's rule for system notes that name other items ('marked this issue as related to
 * other/project#4', 'added issue secret/project#9'): the note shows only to readers who may see the
 * items it names (Note#system_note_visible_for?). Otherwise it would tell a reader of this item that
 * a confidential issue, or an epic of a private group, exists and what it is called.
 *
 * The items are looked up as the reader's rendered markdown looks them up, so a note shows exactly
 * when its references would all be links. GitLab also shows a note naming a deleted item beside a
 * visible one; here a reference that names nothing any more hides the note too.
 */
export async function hiddenCrossReferenceNoteIds(
  db: Executor,
  access: AccessContext,
  noteable: { readonly type: NotesTable['noteable_type']; readonly id: number },
  context: MarkdownContext,
): Promise<number[]> {
  const notes = await findSystemNotesWithActions(db, noteable.type, noteable.id, CROSS_REFERENCE_ACTIONS);
  if (notes.length === 0) return [];
  // Items only: labels, milestones and people named beside them are not what the rule is about.
  const named = notes.map((note) =>
    scanReferences(note.note)
      .map((match) => match.reference)
      .filter((reference) => 'path' in reference),
  );
  const resolved = await resolveAll(db, access, context, named.flat());
  return notes.flatMap((note, index) =>
    named[index]!.every((reference) => resolved.has(referenceKey(reference))) ? [] : [note.id],
  );
}

/** Every distinct reference resolved, in batches of what one document may resolve. */
async function resolveAll(
  db: Executor,
  access: AccessContext,
  context: MarkdownContext,
  references: readonly GfmReference[],
): Promise<ResolvedReferences> {
  const distinct = [...new Map(references.map((reference) => [referenceKey(reference), reference])).values()];
  const resolved = new Map<string, ReferenceLink>();
  for (let start = 0; start < distinct.length; start += MAX_REFERENCES_PER_DOCUMENT) {
    const batch = distinct.slice(start, start + MAX_REFERENCES_PER_DOCUMENT);
    for (const [key, link] of await resolveReferences(db, access, context, batch)) resolved.set(key, link);
  }
  return resolved;
}
