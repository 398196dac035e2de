import { healthStatusOfCode } from '../../../core/domain/healthStatus.ts';
import {
  assigneesChangedNote,
  confidentialityChangedNote,
  datesChangedNote,
  descriptionChangedNote,
  discussionLockNote,
  healthStatusChangedNote,
  issueTypeChangedNote,
  labelsChangedNote,
  milestoneChangedNote,
  type SystemNoteText,
  stateChangedNote,
  titleChangedNote,
  weightChangedNote,
} from '../../../core/domain/systemNotes.ts';
import { TODO_ACTION_ASSIGNED } from '../../../core/domain/todos.ts';
import type { CalendarDate } from '../../../core/time/calendarDate.ts';
import type { Executor } from '../../db/executor.ts';
import { findAssigneeIdsOfIssues } from '../../db/repositories/issueRepository.ts';
import { findLabelsOfTargets } from '../../db/repositories/labelRepository.ts';
import { findMilestoneById } from '../../db/repositories/milestoneRepository.ts';
import { insertTodo } from '../../db/repositories/todoRepository.ts';
import { findUsersByIds } from '../../db/repositories/userRepository.ts';
import type { IssueRow, LabelRow } from '../../db/schema.ts';
import {
  issueTarget,
  type NoteAuthorship,
  writeDescriptionChange,
  writeSystemNotes,
} from '../discussions/systemNoteService.ts';

/**
 * The system notes of an issue save (GitLab's Issues::UpdateService → SystemNoteService), written
 * by updateIssue in the save's transaction: whatever path made the change (the page, the sidebar,
 * GraphQL, REST, bulk edit, quick actions), the notes are the same.
 */

/** What an issue was before a save, as far as its notes need: labels and assignees only when touched. */
export interface IssueBefore {
  readonly row: IssueRow;
  readonly labels: readonly LabelRow[] | null;
  readonly assigneeIds: readonly number[] | null;
}

export async function issueBefore(
  db: Executor,
  row: IssueRow,
  touches: { readonly labels: boolean; readonly assignees: boolean },
): Promise<IssueBefore> {
  const labels = touches.labels
    ? ((await findLabelsOfTargets(db, 'Issue', [row.id])).get(row.id) ?? [])
    : null;
  const assigneeIds = touches.assignees
    ? ((await findAssigneeIdsOfIssues(db, [row.id])).get(row.id) ?? [])
    : null;
  return { row, labels, assigneeIds };
}

async function labelNote(db: Executor, before: IssueBefore, after: IssueRow): Promise<SystemNoteText | null> {
  if (before.labels === null) return null;
  const now = (await findLabelsOfTargets(db, 'Issue', [after.id])).get(after.id) ?? [];
  const had = new Set(before.labels.map((label) => label.id));
  const has = new Set(now.map((label) => label.id));
  return labelsChangedNote(
    now.filter((label) => !had.has(label.id)),
    before.labels.filter((label) => !has.has(label.id)),
  );
}

/** Assignee changes: the note, and the ids newly assigned. */
async function assigneeChanges(
  db: Executor,
  before: IssueBefore,
  after: IssueRow,
): Promise<{ note: SystemNoteText | null; added: number[] }> {
  if (before.assigneeIds === null) return { note: null, added: [] };
  const now = (await findAssigneeIdsOfIssues(db, [after.id])).get(after.id) ?? [];
  const added = now.filter((id) => !before.assigneeIds?.includes(id));
  const removed = before.assigneeIds.filter((id) => !now.includes(id));
  if (added.length === 0 && removed.length === 0) return { note: null, added };
  const users = new Map((await findUsersByIds(db, [...added, ...removed])).map((user) => [user.id, user]));
  const names = (ids: readonly number[]) => ids.flatMap((id) => users.get(id)?.username ?? []);
  return { note: assigneesChangedNote(names(added), names(removed)), added };
}

async function milestoneNote(db: Executor, before: IssueRow, after: IssueRow) {
  if (before.milestone_id === after.milestone_id) return null;
  const milestone = after.milestone_id === null ? undefined : await findMilestoneById(db, after.milestone_id);
  return milestoneChangedNote(milestone ?? null);
}

function fieldNotes(before: IssueRow, after: IssueRow): (SystemNoteText | null)[] {
  return [
    before.title !== after.title ? titleChangedNote(before.title, after.title) : null,
    before.state !== after.state ? stateChangedNote(after.state === 'closed' ? 'closed' : 'reopened') : null,
    before.confidential !== after.confidential
      ? confidentialityChangedNote('issue', after.confidential)
      : null,
    before.discussion_locked !== after.discussion_locked
      ? discussionLockNote('issue', after.discussion_locked)
      : null,
    before.issue_type !== after.issue_type ? issueTypeChangedNote(after.issue_type) : null,
  ];
}

function metadataNotes(before: IssueRow, after: IssueRow): (SystemNoteText | null)[] {
  const health = (code: number | null) => (code === null ? null : healthStatusOfCode(code));
  return [
    datesChangedNote({
      dueDate: { from: before.due_date as CalendarDate | null, to: after.due_date as CalendarDate | null },
    }),
    before.weight !== after.weight ? weightChangedNote(after.weight) : null,
    before.health_status !== after.health_status
      ? healthStatusChangedNote(health(before.health_status), health(after.health_status))
      : null,
  ];
}

/**
 * Writes the notes of everything the save changed, keeps a changed description as a version, and
 * gives each newly assigned user (other than the one assigning) an 'assigned you' to-do.
 */
export async function recordIssueChanges(
  db: Executor,
  before: IssueBefore,
  after: IssueRow,
  by: NoteAuthorship,
): Promise<void> {
  const target = issueTarget(after);
  const assignees = await assigneeChanges(db, before, after);
  const [first, ...rest] = fieldNotes(before.row, after);
  await writeSystemNotes(db, target, by, [first ?? null]);
  if (before.row.description !== after.description) {
    await writeDescriptionChange(db, target, by, {
      from: before.row.description,
      to: after.description,
      note: descriptionChangedNote(),
    });
  }
  await writeSystemNotes(db, target, by, [
    ...rest,
    await milestoneNote(db, before.row, after),
    await labelNote(db, before, after),
    assignees.note,
    ...metadataNotes(before.row, after),
  ]);
  await raiseAssignedTodos(db, after, assignees.added, by);
}

/**
 * GitLab's assignment to-dos ('assigned you'): one for each newly assigned user, except the user
 * who assigned themselves.
 */
export async function raiseAssignedTodos(
  db: Executor,
  issue: IssueRow,
  userIds: readonly number[],
  by: NoteAuthorship,
): Promise<void> {
  for (const userId of userIds) {
    if (userId === by.authorId) continue;
    await insertTodo(db, {
      root_namespace_id: issue.root_namespace_id,
      user_id: userId,
      author_id: by.authorId,
      target_type: 'Issue',
      target_id: issue.id,
      group_id: null,
      project_id: issue.project_id,
      action: TODO_ACTION_ASSIGNED,
      state: 'pending',
      note_id: null,
      created_at: by.now,
      updated_at: by.now,
    });
  }
}
