import { STATUS_PAGE_TEXTS } from '../../../core/domain/statusPage.ts';
import { publishedToStatusPageNote } from '../../../core/domain/systemNotes.ts';
import { type Executor, inTransaction } from '../../db/executor.ts';
import {
  findStatusPageSettings,
  insertPublishedIncident,
  isIssuePublished,
} from '../../db/repositories/statusPageRepository.ts';
import type { AccessContext } from '../access.ts';
import { authorshipOf, issueTarget, writeSystemNotes } from '../discussions/systemNoteService.ts';
import { ServiceError } from '../errors.ts';
import type { IssueInProject } from '../issueService.ts';

/**
 * Whether the actor may publish this issue now (GitLab's /publish condition): the project's status
 * page is active, the issue is neither confidential nor published yet, and the actor may mark
 * issues for publication.
 */
export async function canPublishToStatusPage(
  db: Executor,
  access: AccessContext,
  located: IssueInProject,
): Promise<boolean> {
  const { project, namespace, issue } = located;
  if (issue.confidential) return false;
  if (!(await access.canInProject('mark_issue_for_publication', project, namespace))) return false;
  const settings = await findStatusPageSettings(db, project.id);
  return settings?.enabled === true && !(await isIssuePublished(db, issue.id));
}

/**
 * Marks the issue for publication (GitLab's StatusPage::MarkForPublicationService) with its system
 * note, in one transaction; the background publication then writes its files to the bucket.
 */
export async function markIssueForPublication(
  db: Executor,
  access: AccessContext,
  located: IssueInProject,
): Promise<void> {
  if (!(await canPublishToStatusPage(db, access, located))) {
    throw new ServiceError('invalid', STATUS_PAGE_TEXTS.publishFailed);
  }
  const by = authorshipOf(access);
  await inTransaction(db, async (trx) => {
    if (await isIssuePublished(trx, located.issue.id)) {
      throw new ServiceError('invalid', STATUS_PAGE_TEXTS.publishFailed);
    }
    await insertPublishedIncident(
      trx,
      { projectId: located.project.id, issueId: located.issue.id, issueIid: located.issue.iid },
      by.now,
    );
    await writeSystemNotes(trx, issueTarget(located.issue), by, [publishedToStatusPageNote()]);
  });
}
