import { draftlessTitle, isDraftTitle } from '../../../core/domain/mergeRequests.ts';
import {
  assigneesChangedNote,
  descriptionChangedNote,
  discussionLockNote,
  draftChangedNote,
  labelsChangedNote,
  milestoneChangedNote,
  reviewersChangedNote,
  type SystemNoteText,
  stateChangedNote,
  targetBranchChangedNote,
  titleChangedNote,
} from '../../../core/domain/systemNotes.ts';
import { TODO_ACTION_ASSIGNED, TODO_ACTION_REVIEW_REQUESTED } from '../../../core/domain/todos.ts';
import type { Executor } from '../../db/executor.ts';
import { findLabelsOfTargets } from '../../db/repositories/labelRepository.ts';
import { findUserIdsOf } from '../../db/repositories/mergeRequestRepository.ts';
import { findMilestoneById } from '../../db/repositories/milestoneRepository.ts';
import { insertTodo } from '../../db/repositories/todoRepository.ts';
import { findUsersByIds } from '../../db/repositories/userRepository.ts';
import type { LabelRow, MergeRequestRow } from '../../db/schema.ts';
import {
  mergeRequestTarget,
  type NoteAuthorship,
  writeDescriptionChange,
  writeSystemNotes,
} from '../discussions/systemNoteService.ts';
import type { MergeRequestInProject } from './mergeRequestQueries.ts';

/**
 * The system notes of a merge request save (GitLab's MergeRequests::UpdateService →
 * SystemNoteService), written in the save's transaction whatever path made the change.
 */

export interface MergeRequestBefore {
  readonly row: MergeRequestRow;
  readonly labels: readonly LabelRow[] | null;
  readonly assigneeIds: readonly number[] | null;
  readonly reviewerIds: readonly number[] | null;
}

export async function mergeRequestBefore(
  db: Executor,
  row: MergeRequestRow,
  touches: { readonly labels: boolean; readonly assignees: boolean; readonly reviewers: boolean },
): Promise<MergeRequestBefore> {
  const idsOf = async (table: 'merge_request_assignees' | 'merge_request_reviewers') =>
    (await findUserIdsOf(db, table, [row.id])).get(row.id) ?? [];
  return {
    row,
    labels: touches.labels
      ? ((await findLabelsOfTargets(db, 'MergeRequest', [row.id])).get(row.id) ?? [])
      : null,
    assigneeIds: touches.assignees ? await idsOf('merge_request_assignees') : null,
    reviewerIds: touches.reviewers ? await idsOf('merge_request_reviewers') : null,
  };
}

async function peopleChanges(
  db: Executor,
  before: readonly number[] | null,
  now: readonly number[],
  note: (added: string[], removed: string[]) => SystemNoteText | null,
): Promise<{ note: SystemNoteText | null; added: number[] }> {
  if (before === null) return { note: null, added: [] };
  const added = now.filter((id) => !before.includes(id));
  const removed = before.filter((id) => !now.includes(id));
  if (added.length === 0 && removed.length === 0) return { note: null, added };
  const users = new Map((await findUsersByIds(db, [...added, ...removed])).map((user) => [user.id, user]));
  const names = (ids: readonly number[]) => ids.flatMap((id) => users.get(id)?.username ?? []);
  return { note: note(names(added), names(removed)), added };
}

function titleNotes(before: MergeRequestRow, after: MergeRequestRow): (SystemNoteText | null)[] {
  if (before.title === after.title) return [null];
  const wasDraft = isDraftTitle(before.title);
  const isDraft = isDraftTitle(after.title);
  const draftNote = wasDraft !== isDraft ? draftChangedNote(isDraft) : null;
  // Marking as draft or ready alone is one note, not a title change too.
  const retitled = draftlessTitle(before.title) !== draftlessTitle(after.title);
  return [draftNote, retitled ? titleChangedNote(before.title, after.title) : null];
}

export async function recordMergeRequestChanges(
  db: Executor,
  located: MergeRequestInProject,
  before: MergeRequestBefore,
  after: MergeRequestRow,
  by: NoteAuthorship,
): Promise<void> {
  const target = mergeRequestTarget(after);
  const row = before.row;
  await writeSystemNotes(db, target, by, [
    ...titleNotes(row, after),
    row.state !== after.state && (after.state === 'closed' || after.state === 'opened')
      ? stateChangedNote(after.state === 'closed' ? 'closed' : 'reopened')
      : null,
  ]);
  if (row.description !== after.description) {
    await writeDescriptionChange(db, target, by, {
      from: row.description,
      to: after.description,
      note: descriptionChangedNote(),
    });
  }
  const idsOf = async (table: 'merge_request_assignees' | 'merge_request_reviewers') =>
    (await findUserIdsOf(db, table, [after.id])).get(after.id) ?? [];
  const assignees =
    before.assigneeIds === null
      ? { note: null, added: [] }
      : await peopleChanges(
          db,
          before.assigneeIds,
          await idsOf('merge_request_assignees'),
          assigneesChangedNote,
        );
  const reviewers =
    before.reviewerIds === null
      ? { note: null, added: [] }
      : await peopleChanges(
          db,
          before.reviewerIds,
          await idsOf('merge_request_reviewers'),
          reviewersChangedNote,
        );
  let labelNote: SystemNoteText | null = null;
  if (before.labels !== null) {
    const now = (await findLabelsOfTargets(db, 'MergeRequest', [after.id])).get(after.id) ?? [];
    const had = new Set(before.labels.map((label) => label.id));
    const has = new Set(now.map((label) => label.id));
    labelNote = labelsChangedNote(
      now.filter((label) => !had.has(label.id)),
      before.labels.filter((label) => !has.has(label.id)),
    );
  }
  const milestone =
    row.milestone_id === after.milestone_id
      ? null
      : milestoneChangedNote(
          (after.milestone_id === null ? undefined : await findMilestoneById(db, after.milestone_id)) ?? null,
        );
  await writeSystemNotes(db, target, by, [
    row.target_branch !== after.target_branch
      ? targetBranchChangedNote(row.target_branch, after.target_branch)
      : null,
    milestone,
    labelNote,
    assignees.note,
    reviewers.note,
    row.discussion_locked !== after.discussion_locked
      ? discussionLockNote('merge request', after.discussion_locked)
      : null,
  ]);
  for (const [userIds, action] of [
    [assignees.added, TODO_ACTION_ASSIGNED],
    [reviewers.added, TODO_ACTION_REVIEW_REQUESTED],
  ] as const) {
    for (const userId of userIds) {
      if (userId === by.authorId) continue;
      await insertTodo(db, {
        root_namespace_id: after.root_namespace_id,
        user_id: userId,
        author_id: by.authorId,
        target_type: 'MergeRequest',
        target_id: after.id,
        group_id: null,
        project_id: located.project.id,
        action,
        state: 'pending',
        note_id: null,
        created_at: by.now,
        updated_at: by.now,
      });
    }
  }
}
