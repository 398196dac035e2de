import type { Executor } from '../executor.ts';
import type { ZoomMeetingRow } from '../schema.ts';

/** GitLab's ZoomMeeting issue_status: the link is pinned (added) or was taken off (removed). */
export const ZOOM_MEETING_ADDED = 1;
export const ZOOM_MEETING_REMOVED = 2;

/** The issue's pinned Zoom meeting (GitLab's canonical_meeting), if any. */
export function findAddedZoomMeeting(db: Executor, issueId: number): Promise<ZoomMeetingRow | undefined> {
  return db
    .selectFrom('zoom_meetings')
    .selectAll()
    .where('issue_id', '=', issueId)
    .where('issue_status', '=', ZOOM_MEETING_ADDED)
    .executeTakeFirst();
}

/** The pinned links of these issues by issue id, in one statement (a page's batch loader). */
export async function findAddedZoomMeetingUrls(
  db: Executor,
  issueIds: readonly number[],
): Promise<Map<number, string>> {
  if (issueIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('zoom_meetings')
    .select(['issue_id', 'url'])
    .where('issue_id', 'in', issueIds)
    .where('issue_status', '=', ZOOM_MEETING_ADDED)
    .execute();
  return new Map(rows.map((row) => [row.issue_id, row.url]));
}

export async function insertZoomMeeting(
  db: Executor,
  meeting: {
    readonly rootNamespaceId: number;
    readonly projectId: number;
    readonly issueId: number;
    readonly url: string;
    readonly now: Date;
  },
): Promise<void> {
  await db
    .insertInto('zoom_meetings')
    .values({
      root_namespace_id: meeting.rootNamespaceId,
      project_id: meeting.projectId,
      issue_id: meeting.issueId,
      url: meeting.url,
      issue_status: ZOOM_MEETING_ADDED,
      created_at: meeting.now,
      updated_at: meeting.now,
    })
    .execute();
}

/** Takes the meeting off the issue; its row stays, marked removed, as GitLab keeps it. */
export async function markZoomMeetingRemoved(db: Executor, id: number, now: Date): Promise<void> {
  await db
    .updateTable('zoom_meetings')
    .set({ issue_status: ZOOM_MEETING_REMOVED, updated_at: now })
    .where('id', '=', id)
    .execute();
}
