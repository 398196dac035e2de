import { issuableReference } from '../../../core/domain/references.ts';
import {
  epicIssueMovedNote,
  epicIssueNote,
  epicRelationNote,
  issueChangedEpicNote,
  issueOnEpicNote,
  type RelationKind,
  relatedNote,
  unrelatedNote,
} from '../../../core/domain/systemNotes.ts';
import type { Executor } from '../../db/executor.ts';
import { findEpicById } from '../../db/repositories/epicRepository.ts';
import { findNamespaceById } from '../../db/repositories/namespaceRepository.ts';
import { findProjectById } from '../../db/repositories/projectRepository.ts';
import type { EpicRow, IssueRow } from '../../db/schema.ts';
import { epicTarget, issueTarget, type NoteAuthorship, writeSystemNotes } from './systemNoteService.ts';

/**
 * The system notes of links between items, on both sides, as GitLab writes them: an issue added to
 * or removed from an epic, child epics, and related (or blocking) items. References are short
 * within the same group or project and full otherwise, as GitLab's `to_reference(from)`.
 */

async function pathOf(db: Executor, kind: 'group' | 'project', id: number): Promise<string> {
  const found = kind === 'group' ? await findNamespaceById(db, id) : await findProjectById(db, id);
  return found?.full_path ?? '';
}

/** `&5` from an epic of the same group, `group/path&5` from anywhere else. */
export async function epicReference(
  db: Executor,
  epic: EpicRow,
  fromGroupId: number | null,
): Promise<string> {
  const full = fromGroupId !== epic.group_id;
  return issuableReference('epic', epic.iid, full ? await pathOf(db, 'group', epic.group_id) : '', full);
}

/** `#12` from an issue of the same project, `group/project#12` from anywhere else. */
export async function issueReference(
  db: Executor,
  issue: IssueRow,
  fromProjectId: number | null,
): Promise<string> {
  const full = fromProjectId !== issue.project_id;
  return issuableReference(
    'issue',
    issue.iid,
    full ? await pathOf(db, 'project', issue.project_id) : '',
    full,
  );
}

/**
 * An issue joined an epic: 'added issue …' on the epic and 'added to epic …' on the issue; when it
 * came from another epic, GitLab's move notes instead ('added issue … from epic …' on the new epic,
 * 'moved issue … to epic …' on the old one, 'changed epic to …' on the issue).
 */
export async function noteIssueAddedToEpic(
  db: Executor,
  by: NoteAuthorship,
  issue: IssueRow,
  epic: EpicRow,
  previousEpicId: number | null,
): Promise<void> {
  const issueRef = await issueReference(db, issue, null);
  const epicRef = await epicReference(db, epic, null);
  const previous = previousEpicId === null ? undefined : await findEpicById(db, previousEpicId);
  if (!previous) {
    await writeSystemNotes(db, epicTarget(epic), by, [epicIssueNote('added', issueRef)]);
    await writeSystemNotes(db, issueTarget(issue), by, [issueOnEpicNote('added', epicRef)]);
    return;
  }
  await writeSystemNotes(db, epicTarget(epic), by, [
    epicIssueMovedNote('added', issueRef, 'from', await epicReference(db, previous, epic.group_id)),
  ]);
  await writeSystemNotes(db, epicTarget(previous), by, [
    epicIssueMovedNote('moved', issueRef, 'to', await epicReference(db, epic, previous.group_id)),
  ]);
  await writeSystemNotes(db, issueTarget(issue), by, [issueChangedEpicNote(epicRef)]);
}

/** An issue left its epic: 'removed issue …' on the epic, 'removed from epic …' on the issue. */
export async function noteIssueRemovedFromEpic(
  db: Executor,
  by: NoteAuthorship,
  issue: IssueRow,
  epic: EpicRow,
): Promise<void> {
  await writeSystemNotes(db, epicTarget(epic), by, [
    epicIssueNote('removed', await issueReference(db, issue, null)),
  ]);
  await writeSystemNotes(db, issueTarget(issue), by, [
    issueOnEpicNote('removed', await epicReference(db, epic, null)),
  ]);
}

/** A child epic linked or unlinked: the parent's note names the child, the child's the parent. */
export async function noteChildEpic(
  db: Executor,
  by: NoteAuthorship,
  change: 'added' | 'removed',
  parent: EpicRow,
  child: EpicRow,
): Promise<void> {
  await writeSystemNotes(db, epicTarget(parent), by, [
    epicRelationNote(change, 'child', await epicReference(db, child, parent.group_id)),
  ]);
  await writeSystemNotes(db, epicTarget(child), by, [
    epicRelationNote(change, 'parent', await epicReference(db, parent, child.group_id)),
  ]);
}

/** An epic's parent changed from `fromId` to `toId` (either may be null): the notes of each side. */
export async function noteEpicParentChange(
  db: Executor,
  by: NoteAuthorship,
  child: EpicRow,
  fromId: number | null,
  toId: number | null,
): Promise<void> {
  if (fromId === toId) return;
  const from = fromId === null ? undefined : await findEpicById(db, fromId);
  const to = toId === null ? undefined : await findEpicById(db, toId);
  if (from) await noteChildEpic(db, by, 'removed', from, child);
  if (to) await noteChildEpic(db, by, 'added', to, child);
}

type Linked =
  | { readonly kind: 'epic'; readonly row: EpicRow }
  | { readonly kind: 'issue'; readonly row: IssueRow };

const targetOf = (item: Linked) => (item.kind === 'epic' ? epicTarget(item.row) : issueTarget(item.row));

async function referenceFrom(db: Executor, item: Linked, from: Linked): Promise<string> {
  if (item.kind === 'epic')
    return epicReference(db, item.row, from.kind === 'epic' ? from.row.group_id : null);
  return issueReference(db, item.row, from.kind === 'issue' ? from.row.project_id : null);
}

const OPPOSITE: Readonly<Record<RelationKind, RelationKind>> = {
  relates_to: 'relates_to',
  blocks: 'is_blocked_by',
  is_blocked_by: 'blocks',
};

/**
 * Items related to `source`: one note on the source naming them all ('marked this issue as related
 * to #5 and #6'), and one on each of them naming the source, the other way round for blocking.
 */
export async function noteRelated(
  db: Executor,
  by: NoteAuthorship,
  source: Linked,
  others: readonly Linked[],
  kind: RelationKind,
): Promise<void> {
  if (others.length === 0) return;
  const refs: string[] = [];
  for (const other of others) refs.push(await referenceFrom(db, other, source));
  await writeSystemNotes(db, targetOf(source), by, [relatedNote(source.kind, kind, refs)]);
  for (const other of others) {
    const ref = await referenceFrom(db, source, other);
    await writeSystemNotes(db, targetOf(other), by, [relatedNote(other.kind, OPPOSITE[kind], [ref])]);
  }
}

/** A relation removed: 'removed the relation with …' on both sides. */
export async function noteUnrelated(
  db: Executor,
  by: NoteAuthorship,
  one: Linked,
  other: Linked,
): Promise<void> {
  await writeSystemNotes(db, targetOf(one), by, [unrelatedNote(await referenceFrom(db, other, one))]);
  await writeSystemNotes(db, targetOf(other), by, [unrelatedNote(await referenceFrom(db, one, other))]);
}

export type { Linked };
