import type { Kysely } from 'kysely';
import {
  type FieldErrors,
  hasErrors,
  validateDescription,
  validateTitle,
} from '../../../core/domain/epicRules.ts';
import {
  findIssueById,
  type IssueUpdate,
  isAssignedTo,
  updateIssueRow,
} from '../../db/repositories/issueRepository.ts';
import { insertSystemNotes, type SystemNote } from '../../db/repositories/noteRepository.ts';
import type { Database, IssueRow } from '../../db/schema.ts';
import type { AccessContext } from '../access.ts';
import {
  ForbiddenError,
  NotFoundError,
  StaleEditError,
  UnauthorizedError,
  ValidationError,
} from '../errors.ts';
import type { IssueInProject, ProjectInNamespace } from '../issueService.ts';

/** Changing issues: each save one transaction, checked against the lock version it was made on. */

/** What a save may change; undefined leaves a field alone. */
export interface IssueChanges {
  readonly title?: string | undefined;
  readonly description?: string | undefined;
  readonly stateEvent?: 'close' | 'reopen' | undefined;
  /** The version the client edited; a different current one refuses the save (409). */
  readonly lockVersion?: number | undefined;
}

/**
 * GitLab's update_issue on this issue: Reporters and up, and the issue's author (who may edit their
 * own issue with only the right to see it); confidential issues for Reporters, author and assignees.
 */
export async function canUpdateIssue(
  db: Kysely<Database>,
  access: AccessContext,
  { project, namespace }: ProjectInNamespace,
  issue: IssueRow,
): Promise<boolean> {
  const viewerId = access.actor.user?.id;
  if (viewerId === undefined) return false;
  const isAuthor = issue.author_id === viewerId;
  const isAssignee = !isAuthor && (await isAssignedTo(db, issue.id, viewerId));
  return access.canInProject('update_issue', project, namespace, {
    confidential: issue.confidential,
    isAuthor,
    isAssignee,
  });
}

function validatedChanges(changes: IssueChanges, current: IssueRow, now: Date): IssueUpdate {
  const errors: FieldErrors = {};
  const row: IssueUpdate = {};
  if (changes.title !== undefined) {
    const title = validateTitle(changes.title, errors, true);
    if (title !== undefined && title !== current.title) row.title = title;
  }
  if (changes.description !== undefined) {
    const description = validateDescription(changes.description, errors);
    if (description !== undefined && description !== current.description) row.description = description;
  }
  if (hasErrors(errors)) throw new ValidationError(errors);
  // Closing a closed issue (or reopening an open one) changes nothing, as in GitLab.
  if (changes.stateEvent === 'close' && current.state === 'opened') {
    row.state = 'closed';
    row.closed_at = now;
  } else if (changes.stateEvent === 'reopen' && current.state === 'closed') {
    row.state = 'opened';
    row.closed_at = null;
  }
  return row;
}

/**
 * GitLab's system notes for what a save changed: "changed title from **old** to **new**", "changed
 * the description". Opening and closing are state events in GitLab, not notes.
 */
function systemNotesOf(before: IssueRow, row: IssueUpdate, authorId: number, now: Date): SystemNote[] {
  const note = (text: string): SystemNote => ({
    rootNamespaceId: before.root_namespace_id,
    authorId,
    noteableType: 'Issue',
    noteableId: before.id,
    note: text,
    createdAt: now,
  });
  const notes: SystemNote[] = [];
  if (row.title !== undefined) notes.push(note(`changed title from **${before.title}** to **${row.title}**`));
  if (row.description !== undefined) notes.push(note('changed the description'));
  return notes;
}

/**
 * Saves title, description and state. A stale lock_version is a StaleEditError and nothing changes;
 * a save that changes nothing still bumps the lock version (so other open copies go stale, as
 * GitLab's does) but records no edit.
 */
export async function updateIssue(
  db: Kysely<Database>,
  access: AccessContext,
  located: IssueInProject,
  changes: IssueChanges,
): Promise<IssueRow> {
  const user = access.actor.user;
  if (!user) throw new UnauthorizedError();
  if (!(await canUpdateIssue(db, access, located, located.issue))) throw new ForbiddenError();
  return db.transaction().execute(async (trx) => {
    const current = await findIssueById(trx, located.issue.id);
    if (!current) throw new NotFoundError('Issue');
    if (changes.lockVersion !== undefined && changes.lockVersion !== current.lock_version) {
      throw new StaleEditError();
    }
    const now = access.now();
    const row = validatedChanges(changes, current, now);
    const edited = row.title !== undefined || row.description !== undefined;
    if (edited) {
      // The issuable view's "Edited … by …" and realtime_changes' updated_by_* read these.
      row.last_edited_at = now;
      row.last_edited_by_id = user.id;
    }
    const updated = await updateIssueRow(trx, current.id, changes.lockVersion, { ...row, updated_at: now });
    if (!updated) throw new StaleEditError();
    await insertSystemNotes(trx, systemNotesOf(current, row, user.id, now));
    return updated;
  });
}
