import { type GfmReference, referenceKey, scanReferences } from '../../../core/domain/gfmReferences.ts';
import { CROSS_REFERENCE_ACTIONS } from '../../../core/domain/systemNotes.ts';
import type { Executor } from '../../db/executor.ts';
import { findEpicByIid } from '../../db/repositories/epicRepository.ts';
import { findIssueByIid } from '../../db/repositories/issueRepository.ts';
import { findMergeRequestByIid } from '../../db/repositories/mergeRequestRepository.ts';
import { findNamespaceByFullPath, findNamespaceById } from '../../db/repositories/namespaceRepository.ts';
import { findSystemNotesWithActions } from '../../db/repositories/noteRepository.ts';
import { findProjectByFullPath } from '../../db/repositories/projectRepository.ts';
import type { NamespaceRow, ProjectRow } from '../../db/schema.ts';
import { fitsSqlInteger } from '../../db/sqlInteger.ts';
import type { AccessContext } from '../access.ts';
import { findReadableEpic } from '../epics/epicQueries.ts';
import { canReadIssue } from '../issueService.ts';
import { readableMergeRequestInProject } from '../mergeRequests/mergeRequestQueries.ts';
import type { NoteableTarget } from './noteable.ts';

/**
 * GitLab's rule for system notes that name other items ('marked this issue as related to
 * other/project#4', 'added issue secret/project#9'): the note shows only when the reader may see
 * every item it names that still exists, and at least one of them (Note#system_note_visible_for?).
 * Otherwise the note would tell a reader of this item that a confidential issue, or an epic of a
 * private group, exists and what it is called.
 */

/** What a reference in a note names, for this reader. */
type Seen = 'readable' | 'hidden' | 'missing';

/** The ids of the item's cross-reference notes this reader may not see. */
export async function hiddenCrossReferenceNoteIds(
  db: Executor,
  access: AccessContext,
  target: NoteableTarget,
): Promise<number[]> {
  const notes = await findSystemNotesWithActions(db, target.type, idOf(target), CROSS_REFERENCE_ACTIONS);
  if (notes.length === 0) return [];
  const seen = new Map<string, Promise<Seen>>();
  const seenOf = (reference: GfmReference) => {
    const key = referenceKey(reference);
    let found = seen.get(key);
    if (!found) {
      found = whatReaderSees(db, access, target, reference);
      seen.set(key, found);
    }
    return found;
  };
  const hidden: number[] = [];
  for (const note of notes) {
    // Items only: labels, milestones and people named beside them are not what GitLab hides.
    const named = scanReferences(note.note)
      .map((match) => match.reference)
      .filter((reference) => 'path' in reference);
    if (named.length === 0) continue;
    const each: Seen[] = [];
    for (const reference of named) each.push(await seenOf(reference));
    if (each.includes('hidden') || !each.includes('readable')) hidden.push(note.id);
  }
  return hidden;
}

function idOf(target: NoteableTarget): number {
  if (target.type === 'Epic') return target.epic.id;
  return target.type === 'Issue' ? target.located.issue.id : target.located.mergeRequest.id;
}

/** The group and project a note's relative references are read from. */
function contextOf(target: NoteableTarget): { group: NamespaceRow; project: ProjectRow | null } {
  return target.type === 'Epic'
    ? { group: target.group, project: null }
    : { group: target.located.namespace, project: target.located.project };
}

async function whatReaderSees(
  db: Executor,
  access: AccessContext,
  target: NoteableTarget,
  reference: GfmReference,
): Promise<Seen> {
  if (!('path' in reference) || !fitsSqlInteger(reference.iid)) return 'missing';
  const context = contextOf(target);
  if (reference.kind === 'epic') {
    // `&5` names an epic of the context's group (an issue's group on an issue), `path&5` any group's.
    const group = reference.path === null ? context.group : await findNamespaceByFullPath(db, reference.path);
    const epic = group ? await findEpicByIid(db, group.id, reference.iid) : undefined;
    if (!epic) return 'missing';
    const readable = await findReadableEpic(db, access, { id: epic.id }, { missing: 'null' });
    return readable ? 'readable' : 'hidden';
  }
  const project = await projectAt(db, reference.path, context);
  const namespace = project ? await findNamespaceById(db, project.namespace_id) : undefined;
  if (!project || !namespace) return 'missing';
  if (reference.kind === 'issue') {
    const issue = await findIssueByIid(db, project.id, reference.iid);
    if (!issue) return 'missing';
    return (await canReadIssue(db, access, { project, namespace }, issue)) ? 'readable' : 'hidden';
  }
  const mergeRequest = await findMergeRequestByIid(db, project.id, reference.iid);
  if (!mergeRequest) return 'missing';
  return (await readableMergeRequestInProject(db, access, mergeRequest)) ? 'readable' : 'hidden';
}

/** `#3` is the context's project, `group/web#3` a full path and `web#3` a project of the context's group. */
async function projectAt(
  db: Executor,
  path: string | null,
  context: { group: NamespaceRow; project: ProjectRow | null },
): Promise<ProjectRow | undefined> {
  if (path === null) return context.project ?? undefined;
  return (
    (path.includes('/') ? await findProjectByFullPath(db, path) : undefined) ??
    (await findProjectByFullPath(db, `${context.group.full_path}/${path}`))
  );
}
