import type { Executor } from '../../db/executor.ts';
import { deleteIssueRow, findEpicIdsOfIssues, findIssueById } from '../../db/repositories/issueRepository.ts';
import { listMetricImagesOfIssue } from '../../db/repositories/metricImageRepository.ts';
import type { MetricImageRow } from '../../db/schema.ts';
import type { FileStore } from '../../storage/fileStore.ts';
import type { AccessContext } from '../access.ts';
import { refreshEpicDates } from '../epicDatesService.ts';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../errors.ts';
import type { IssueInProject } from '../issueService.ts';
import { removeMetricImageFiles } from '../metricImages/metricImageService.ts';

/**
 * Deletes an issue for good (GitLab: "administrators and project owners only"). Its epic loses it in
 * the same transaction: the rollups' triggers take its counts and weight off the epic's ancestors,
 * and the epic's inherited dates are recomputed without its milestone. An incident's metric images
 * go with it: their rows by cascade, their files once the deletion is committed.
 */
export async function destroyIssue(
  db: Executor,
  access: AccessContext,
  located: IssueInProject,
  files: FileStore,
): Promise<void> {
  // Its own transaction, never the caller's: the files may go only once the rows are gone for good.
  const images = await db.transaction().execute((trx) => deleteIssueRows(trx, access, located));
  await removeMetricImageFiles(files, images);
}

/**
 * The deletion's rows, in the caller's transaction; answers the metric images whose files are to be
 * removed once that transaction commits.
 */
export async function deleteIssueRows(
  trx: Executor,
  access: AccessContext,
  { project, namespace, issue }: IssueInProject,
): Promise<MetricImageRow[]> {
  if (!access.actor.user) throw new UnauthorizedError();
  if (
    !(await access.canInProject('destroy_issue', project, namespace, { confidential: issue.confidential }))
  ) {
    throw new ForbiddenError();
  }
  const current = await findIssueById(trx, issue.id);
  if (!current) throw new NotFoundError('Issue');
  const epicId = (await findEpicIdsOfIssues(trx, [current.id])).get(current.id);
  const metricImages = await listMetricImagesOfIssue(trx, current.id);
  await deleteIssueRow(trx, current.id);
  if (epicId !== undefined) await refreshEpicDates(trx, [epicId]);
  return metricImages;
}
