import type { Kysely } from 'kysely';
import { deleteIssueRow, findEpicIdsOfIssues, findIssueById } from '../../db/repositories/issueRepository.ts';
import { listMetricImagesOfIssue } from '../../db/repositories/metricImageRepository.ts';
import type { Database } from '../../db/schema.ts';
import type { AccessContext } from '../access.ts';
import { refreshEpicDates } from '../epicDatesService.ts';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../errors.ts';
import type { IssueInProject } from '../issueService.ts';
import type { FileStore } from '../metricImages/fileStore.ts';
import { removeMetricImageFiles } from '../metricImages/metricImageService.ts';

/**
 * Deletes an issue for good (GitLab: "administrators and project owners only"). Its epic loses it in
 * the same transaction: the rollups' triggers take its counts and weight off the epic's ancestors,
 * and the epic's inherited dates are recomputed without its milestone. An incident's metric images
 * go with it: their rows by cascade, their files once the deletion is committed.
 */
export async function destroyIssue(
  db: Kysely<Database>,
  access: AccessContext,
  { project, namespace, issue }: IssueInProject,
  files: FileStore,
): Promise<void> {
  if (!access.actor.user) throw new UnauthorizedError();
  if (
    !(await access.canInProject('destroy_issue', project, namespace, { confidential: issue.confidential }))
  ) {
    throw new ForbiddenError();
  }
  const images = await db.transaction().execute(async (trx) => {
    const current = await findIssueById(trx, issue.id);
    if (!current) throw new NotFoundError('Issue');
    const epicId = (await findEpicIdsOfIssues(trx, [current.id])).get(current.id);
    const metricImages = await listMetricImagesOfIssue(trx, current.id);
    await deleteIssueRow(trx, current.id);
    if (epicId !== undefined) await refreshEpicDates(trx, [epicId]);
    return metricImages;
  });
  await removeMetricImageFiles(files, images);
}
