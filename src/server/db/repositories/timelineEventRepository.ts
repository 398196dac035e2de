import type { Executor } from '../executor.ts';
import type { TimelineEventRow } from '../schema.ts';
import { fitsSqlInteger } from '../sqlInteger.ts';

/** An incident's timeline events in the order they happened (GitLab's order_occurred_at_asc_id_asc). */
export function listTimelineEventsOfIssue(db: Executor, issueId: number): Promise<TimelineEventRow[]> {
  return db
    .selectFrom('incident_management_timeline_events')
    .selectAll()
    .where('issue_id', '=', issueId)
    .orderBy('occurred_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export function findTimelineEventById(db: Executor, id: number): Promise<TimelineEventRow | undefined> {
  if (!fitsSqlInteger(id)) return Promise.resolve(undefined);
  return db
    .selectFrom('incident_management_timeline_events')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
}

export interface NewTimelineEvent {
  readonly rootNamespaceId: number;
  readonly projectId: number;
  readonly issueId: number;
  readonly authorId: number;
  readonly note: string;
  readonly occurredAt: Date;
  readonly editable: boolean;
  readonly promotedFromNoteId: number | null;
  readonly now: Date;
}

export function insertTimelineEvent(db: Executor, event: NewTimelineEvent): Promise<TimelineEventRow> {
  return db
    .insertInto('incident_management_timeline_events')
    .values({
      root_namespace_id: event.rootNamespaceId,
      project_id: event.projectId,
      issue_id: event.issueId,
      author_id: event.authorId,
      note: event.note,
      occurred_at: event.occurredAt,
      editable: event.editable,
      promoted_from_note_id: event.promotedFromNoteId,
      created_at: event.now,
      updated_at: event.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateTimelineEvent(
  db: Executor,
  id: number,
  changes: {
    readonly note: string;
    readonly occurredAt: Date;
    readonly updatedById: number;
    readonly now: Date;
  },
): Promise<TimelineEventRow> {
  return db
    .updateTable('incident_management_timeline_events')
    .set({
      note: changes.note,
      occurred_at: changes.occurredAt,
      updated_by_user_id: changes.updatedById,
      updated_at: changes.now,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteTimelineEvent(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('incident_management_timeline_events').where('id', '=', id).execute();
}
