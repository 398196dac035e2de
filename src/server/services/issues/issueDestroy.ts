import { type Executor, inTransaction } from '../../db/executor.ts';
import { deleteIssueRow, findEpicIdsOfIssues, findIssueById } from '../../db/repositories/issueRepository.ts';
import type { AccessContext } from '../access.ts';
import { refreshEpicDates } from '../epicDatesService.ts';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../errors.ts';
import type { IssueInProject } from '../issueService.ts';

/**
 * Deletes an issue for good (GitLab: "administrators and project owners only"). Its epic loses it in
 * the same transaction: the rollups' triggers take its counts and weight off the epic's ancestors,
 * and the epic's inherited dates are recomputed without its milestone.
 */
export async function destroyIssue(
  db: Executor,
  access: AccessContext,
  { project, namespace, issue }: IssueInProject,
): Promise<void> {
  if (!access.actor.user) throw new UnauthorizedError();
  if (
    !(await access.canInProject('destroy_issue', project, namespace, { confidential: issue.confidential }))
  ) {
    throw new ForbiddenError();
  }
  await inTransaction(db, async (trx) => {
    const current = await findIssueById(trx, issue.id);
    if (!current) throw new NotFoundError('Issue');
    const epicId = (await findEpicIdsOfIssues(trx, [current.id])).get(current.id);
    await deleteIssueRow(trx, current.id);
    if (epicId !== undefined) await refreshEpicDates(trx, [epicId]);
  });
}
