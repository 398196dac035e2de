import type { SystemNoteText } from '../../../core/domain/systemNotes.ts';
import type { Executor } from '../../db/executor.ts';
import {
  hasDescriptionVersions,
  insertDescriptionVersion,
  insertSystemNotes,
} from '../../db/repositories/noteRepository.ts';
import type { AccessContext } from '../access.ts';
import { UnauthorizedError } from '../errors.ts';

/**
 * Writing GitLab's system notes. Each write path of a change (issueCommands, epicCommands, the link
 * services) calls these inside its own transaction, so a note exists exactly when its change does.
 */

/** The epic or issue a note is on. */
export interface NoteTarget {
  readonly type: 'Epic' | 'Issue' | 'MergeRequest';
  readonly id: number;
  readonly rootNamespaceId: number;
}

/** Who made the change, and when. */
export interface NoteAuthorship {
  readonly authorId: number;
  readonly now: Date;
}

/** The signed-in actor's authorship of a change made now. */
export function authorshipOf(access: AccessContext): NoteAuthorship {
  const user = access.actor.user;
  if (!user) throw new UnauthorizedError();
  return { authorId: user.id, now: access.now() };
}

export const issueTarget = (issue: { id: number; root_namespace_id: number }): NoteTarget => ({
  type: 'Issue',
  id: issue.id,
  rootNamespaceId: issue.root_namespace_id,
});

export const mergeRequestTarget = (mergeRequest: { id: number; root_namespace_id: number }): NoteTarget => ({
  type: 'MergeRequest',
  id: mergeRequest.id,
  rootNamespaceId: mergeRequest.root_namespace_id,
});

export const epicTarget = (epic: { id: number; root_namespace_id: number }): NoteTarget => ({
  type: 'Epic',
  id: epic.id,
  rootNamespaceId: epic.root_namespace_id,
});

/** Writes the notes (nulls are changes that need none), in order. */
export async function writeSystemNotes(
  db: Executor,
  target: NoteTarget,
  by: NoteAuthorship,
  notes: readonly (SystemNoteText | null)[],
): Promise<void> {
  await insertSystemNotes(
    db,
    notes.flatMap((text) =>
      text === null
        ? []
        : [
            {
              rootNamespaceId: target.rootNamespaceId,
              authorId: by.authorId,
              noteableType: target.type,
              noteableId: target.id,
              note: text.note,
              action: text.action,
              createdAt: by.now,
            },
          ],
    ),
  );
}

/**
 * A saved description: keeps it as a version (the first save also keeps the description it
 * replaced, so that the first change has a previous version too, as GitLab does) and writes
 * 'changed the description' linking that version.
 */
export async function writeDescriptionChange(
  db: Executor,
  target: NoteTarget,
  by: NoteAuthorship,
  change: { readonly from: string; readonly to: string; readonly note: SystemNoteText },
): Promise<void> {
  const version = (description: string, createdAt: Date) =>
    insertDescriptionVersion(db, {
      rootNamespaceId: target.rootNamespaceId,
      issuableType: target.type,
      issuableId: target.id,
      description,
      createdAt,
    });
  if (change.from !== '' && !(await hasDescriptionVersions(db, target.type, target.id))) {
    await version(change.from, by.now);
  }
  const versionId = await version(change.to, by.now);
  await insertSystemNotes(db, [
    {
      rootNamespaceId: target.rootNamespaceId,
      authorId: by.authorId,
      noteableType: target.type,
      noteableId: target.id,
      note: change.note.note,
      action: change.note.action,
      descriptionVersionId: versionId,
      createdAt: by.now,
    },
  ]);
}
