import { zoomLinkNote } from '../../../core/domain/systemNotes.ts';
import { zoomLinkIn } from '../../../core/domain/zoomLinks.ts';
import { type Executor, inTransaction } from '../../db/executor.ts';
import {
  findAddedZoomMeeting,
  insertZoomMeeting,
  markZoomMeetingRemoved,
} from '../../db/repositories/zoomMeetingRepository.ts';
import type { AccessContext } from '../access.ts';
import { authorshipOf, issueTarget, writeSystemNotes } from '../discussions/systemNoteService.ts';
import { ServiceError } from '../errors.ts';
import type { IssueInProject } from '../issueService.ts';
import { issueRights } from '../issues/issueCommands.ts';

/**
 * The Zoom meeting pinned to an issue or incident (GitLab's Issues::ZoomLinkService): those who may
 * update the issue add one when none is pinned and remove the pinned one; each change writes
 * GitLab's system note in the same transaction. A removed meeting keeps its row, marked removed.
 */

export const ZOOM_TEXTS = {
  added: 'Zoom meeting added',
  removed: 'Zoom meeting removed',
  addFailed: 'Failed to add a Zoom meeting',
  removeFailed: 'Failed to remove a Zoom meeting',
} as const;

/** The pinned meeting's link, or null. */
export async function pinnedZoomMeetingUrl(db: Executor, issueId: number): Promise<string | null> {
  return (await findAddedZoomMeeting(db, issueId))?.url ?? null;
}

/** GitLab's can_change_link?: update_issue on the issue. */
async function canChangeLink(db: Executor, access: AccessContext, located: IssueInProject): Promise<boolean> {
  return (await issueRights(db, access, located)).canUpdate;
}

/** Pins the last Zoom link of `text`; refused (GitLab's message) without one, or when one is pinned. */
export async function addZoomMeeting(
  db: Executor,
  access: AccessContext,
  located: IssueInProject,
  text: string,
): Promise<string> {
  const url = zoomLinkIn(text);
  if (url === null || !(await canChangeLink(db, access, located))) {
    throw new ServiceError('invalid', ZOOM_TEXTS.addFailed);
  }
  const by = authorshipOf(access);
  await inTransaction(db, async (trx) => {
    if (await findAddedZoomMeeting(trx, located.issue.id))
      throw new ServiceError('invalid', ZOOM_TEXTS.addFailed);
    await insertZoomMeeting(trx, {
      rootNamespaceId: located.issue.root_namespace_id,
      projectId: located.project.id,
      issueId: located.issue.id,
      url,
      now: by.now,
    });
    await writeSystemNotes(trx, issueTarget(located.issue), by, [zoomLinkNote('added')]);
  });
  return url;
}

/** Takes the pinned meeting off; refused (GitLab's message) when none is pinned. */
export async function removeZoomMeeting(
  db: Executor,
  access: AccessContext,
  located: IssueInProject,
): Promise<void> {
  if (!(await canChangeLink(db, access, located))) throw new ServiceError('invalid', ZOOM_TEXTS.removeFailed);
  const by = authorshipOf(access);
  await inTransaction(db, async (trx) => {
    const meeting = await findAddedZoomMeeting(trx, located.issue.id);
    if (!meeting) throw new ServiceError('invalid', ZOOM_TEXTS.removeFailed);
    await markZoomMeetingRemoved(trx, meeting.id, by.now);
    await writeSystemNotes(trx, issueTarget(located.issue), by, [zoomLinkNote('removed')]);
  });
}
