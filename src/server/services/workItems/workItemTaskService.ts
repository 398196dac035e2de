import { issuableReference } from '../../../core/domain/references.ts';
import { replaceTaskLines } from '../../../core/domain/taskListSource.ts';
import type { WorkItemType } from '../../../core/domain/workItemTypes.ts';
import { type Executor, inTransaction } from '../../db/executor.ts';
import { findIssueById } from '../../db/repositories/issueRepository.ts';
import { findParentIdsOf } from '../../db/repositories/workItemParentLinkRepository.ts';
import type { IssueRow } from '../../db/schema.ts';
import type { AccessContext } from '../access.ts';
import { ConflictError, NotFoundError, StaleEditError } from '../errors.ts';
import type { IssueInProject } from '../issueService.ts';
import { updateIssue } from '../issues/issueCommands.ts';
import { deleteIssueRows } from '../issues/issueDestroy.ts';
import { createWorkItem } from './workItemService.ts';

/**
 * Tasks written as task-list lines of a parent's description (GitLab's WorkItems::CreateFromTaskService
 * and DeleteTaskService): a line becomes a task and links to it (`- [ ] #12+`); deleting that task
 * puts its title back on the line. Both read the lines at the parent's lock version: a description
 * saved since is refused with the concurrent-edit message and nothing changes.
 */

export interface TaskLines {
  readonly lineNumberStart: number;
  readonly lineNumberEnd: number;
  /** The parent's lock version the lines were read at. */
  readonly lockVersion: number;
}

function changedDescription(parent: IssueRow, lines: TaskLines, text: string): string {
  if (parent.lock_version !== lines.lockVersion) throw new StaleEditError();
  const replaced = replaceTaskLines(parent.description, lines.lineNumberStart, lines.lineNumberEnd, text);
  if (!replaced.ok) throw new ConflictError(replaced.error);
  return replaced.source;
}

/** Turns the parent's task line into a task under it; answers the saved parent and the new task. */
export async function createTaskFromLine(
  db: Executor,
  access: AccessContext,
  parent: IssueInProject,
  task: TaskLines & { readonly title: string; readonly type: WorkItemType },
): Promise<{ readonly parent: IssueRow; readonly task: IssueRow }> {
  return inTransaction(db, async (trx) => {
    const current = await findIssueById(trx, parent.issue.id);
    if (!current) throw new NotFoundError('Issue');
    // Checked before the task is written, so a stale or wrong line creates nothing.
    changedDescription(current, task, '');
    const created = await createWorkItem(trx, access, parent, {
      type: task.type,
      title: task.title,
      parentId: current.id,
    });
    const reference = issuableReference('issue', created.iid, parent.project.full_path, false);
    const saved = await updateIssue(
      trx,
      access,
      { ...parent, issue: current },
      {
        description: changedDescription(current, task, `${reference}+`),
        lockVersion: task.lockVersion,
      },
    );
    return { parent: saved, task: created };
  });
}

/**
 * Deletes a task of the parent and puts its title back on the parent's line; the task must be the
 * parent's child. Answers the saved parent.
 */
export async function deleteTaskOfLine(
  db: Executor,
  access: AccessContext,
  parent: IssueInProject,
  task: IssueInProject,
  lines: TaskLines,
): Promise<IssueRow> {
  return inTransaction(db, async (trx) => {
    const current = await findIssueById(trx, parent.issue.id);
    if (!current) throw new NotFoundError('Issue');
    if ((await findParentIdsOf(trx, [task.issue.id])).get(task.issue.id) !== current.id) {
      throw new NotFoundError('Task');
    }
    const description = changedDescription(current, lines, task.issue.title);
    // A task is never an incident, so it has no metric image files to remove after the commit.
    await deleteIssueRows(trx, access, task);
    return updateIssue(
      trx,
      access,
      { ...parent, issue: current },
      { description, lockVersion: lines.lockVersion },
    );
  });
}
