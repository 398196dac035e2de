import {
  PREDEFINED_TIMELINE_EVENT_TAGS,
  TIMELINE_TEXT_MAX_LENGTH,
  timelineTextLength,
} from '../../../core/domain/incidentTimeline.ts';
import {
  type TimelineEventChange,
  timelineEventAddedNote,
  timelineEventDeletedNote,
  timelineEventEditedNote,
} from '../../../core/domain/systemNotes.ts';
import { issueWebPath } from '../../../core/domain/webPaths.ts';
import { type Executor, inTransaction } from '../../db/executor.ts';
import {
  deleteTimelineEvent,
  findTimelineEventById,
  insertTimelineEvent,
  listTimelineEventsOfIssue,
  updateTimelineEvent,
} from '../../db/repositories/timelineEventRepository.ts';
import {
  findTimelineEventTagsByNames,
  insertMissingTimelineEventTags,
  replaceTimelineEventTags,
} from '../../db/repositories/timelineEventTagRepository.ts';
import { findUserById } from '../../db/repositories/userRepository.ts';
import type { TimelineEventRow } from '../../db/schema.ts';
import type { AccessContext } from '../access.ts';
import { notePolicyById } from '../discussions/noteableLookup.ts';
import { authorshipOf, issueTarget, writeSystemNotes } from '../discussions/systemNoteService.ts';
import { ForbiddenError, NotFoundError, ServiceError, ValidationError } from '../errors.ts';
import { findReadableIssueByIdOrNull, type IssueInProject } from '../issueService.ts';

/**
 * An incident's timeline (GitLab's IncidentManagement::TimelineEvents services): read by whoever
 * may read the incident, written by its Developers and up (admin_incident_management_timeline_event).
 * Only incidents have a timeline; any other issue is, to these operations, not there. Each write is
 * one transaction with the system note GitLab writes for it.
 */

/** GitLab's answer when an event may not be changed (one the system wrote, say). */
export const NO_TIMELINE_PERMISSION =
  'You have insufficient permissions to manage timeline events for this incident';

export interface TimelineEventInput {
  readonly note: string;
  readonly occurredAt: Date;
}

/**
 * Gives the event the project's tags of these names (any case), making the predefined ones the
 * project lacks; an unknown name is GitLab's error and, the caller's transaction rolling back,
 * changes nothing.
 */
async function setTags(
  trx: Executor,
  located: IssueInProject,
  event: TimelineEventRow,
  names: readonly string[],
  now: Date,
): Promise<void> {
  const wanted = [...new Map(names.map((name) => [name.toLowerCase(), name])).values()];
  const lower = new Set(wanted.map((name) => name.toLowerCase()));
  const scope = { rootNamespaceId: located.issue.root_namespace_id, projectId: located.project.id };
  await insertMissingTimelineEventTags(
    trx,
    { ...scope, names: PREDEFINED_TIMELINE_EVENT_TAGS.filter((name) => lower.has(name.toLowerCase())) },
    now,
  );
  const tags = await findTimelineEventTagsByNames(trx, located.project.id, wanted);
  const found = new Set(tags.map((tag) => tag.name.toLowerCase()));
  const missing = wanted.filter((name) => !found.has(name.toLowerCase()));
  if (missing.length > 0) {
    throw new ServiceError(
      'invalid',
      `Following tags don't exist: [${missing.map((name) => JSON.stringify(name)).join(', ')}]`,
    );
  }
  await replaceTimelineEventTags(
    trx,
    { id: event.id, rootNamespaceId: scope.rootNamespaceId },
    tags.map((tag) => tag.id),
    now,
  );
}

/** Where the event shows: the incident's page, scrolled to it (GitLab's `timeline_event_<id>` anchor). */
export const timelineEventPath = (located: IssueInProject, eventId: number): string =>
  `${issueWebPath(located.project.full_path, located.issue.iid)}#timeline_event_${eventId}`;

/** The incident with this id, if the actor may read it; anything else is not found. */
export async function findReadableIncident(
  db: Executor,
  access: AccessContext,
  issueId: number,
): Promise<IssueInProject> {
  const located = await findReadableIssueByIdOrNull(db, access, issueId);
  if (located?.issue.issue_type !== 'incident') throw new NotFoundError('Incident');
  return located;
}

/** GitLab's read_incident_management_timeline_event is read_issue: the incident's readers see it all. */
export async function listTimelineEvents(db: Executor, located: IssueInProject): Promise<TimelineEventRow[]> {
  if (located.issue.issue_type !== 'incident') return [];
  return listTimelineEventsOfIssue(db, located.issue.id);
}

/** admin_incident_management_timeline_event: Developers and up who may read the incident. */
export function canAdminTimelineEvents(access: AccessContext, located: IssueInProject): Promise<boolean> {
  const { project, namespace, issue } = located;
  return access.canInProject('admin_incident_management_timeline_event', project, namespace, {
    confidential: issue.confidential,
  });
}

async function requireAdmin(access: AccessContext, located: IssueInProject): Promise<void> {
  if (!(await canAdminTimelineEvents(access, located))) throw new ForbiddenError(NO_TIMELINE_PERMISSION);
}

/** GitLab's longest text of any event (one promoted from a comment may pass the typed limit). */
const NOTE_MAX_LENGTH = 10_000;

/**
 * GitLab's model validations: the user-input limit on what a person types, the model's own on a
 * comment promoted as it is.
 */
function validated(input: TimelineEventInput, maxLength = TIMELINE_TEXT_MAX_LENGTH): TimelineEventInput {
  const errors: Record<string, string[]> = {};
  if (input.note.trim() === '') errors.Note = ["can't be blank"];
  else if (timelineTextLength(input.note) > maxLength) {
    errors.Note = [`is too long (maximum is ${maxLength} characters)`];
  }
  if (Number.isNaN(input.occurredAt.getTime())) errors['Occurred at'] = ["can't be blank"];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return input;
}

/** Writes the event and GitLab's "added an incident timeline event" note, in one transaction. */
function insertWithNote(
  db: Executor,
  access: AccessContext,
  located: IssueInProject,
  input: TimelineEventInput,
  promotedFromNoteId: number | null,
  tagNames: readonly string[] = [],
): Promise<TimelineEventRow> {
  const by = authorshipOf(access);
  return inTransaction(db, async (trx) => {
    const event = await insertTimelineEvent(trx, {
      rootNamespaceId: located.issue.root_namespace_id,
      projectId: located.project.id,
      issueId: located.issue.id,
      authorId: by.authorId,
      note: input.note,
      occurredAt: input.occurredAt,
      editable: true,
      promotedFromNoteId,
      now: by.now,
    });
    if (tagNames.length > 0) await setTags(trx, located, event, tagNames, by.now);
    await writeSystemNotes(trx, issueTarget(located.issue), by, [
      timelineEventAddedNote(timelineEventPath(located, event.id)),
    ]);
    return event;
  });
}

export async function createTimelineEvent(
  db: Executor,
  access: AccessContext,
  located: IssueInProject,
  input: TimelineEventInput & { readonly tagNames?: readonly string[] | undefined },
): Promise<TimelineEventRow> {
  if (located.issue.issue_type !== 'incident') throw new NotFoundError('Incident');
  await requireAdmin(access, located);
  const { note, occurredAt } = validated(input);
  return insertWithNote(db, access, located, { note, occurredAt }, null, input.tagNames ?? []);
}

/**
 * GitLab's timelineEventPromoteFromNote: a comment of the incident, one the actor may read, becomes
 * an event at the time it was written, reading `@author [commented](its link): 'its text'`.
 */
export async function promoteNoteToTimelineEvent(
  db: Executor,
  access: AccessContext,
  noteId: number,
  externalUrl: string,
): Promise<{ located: IssueInProject; event: TimelineEventRow }> {
  const { policy, note } = await notePolicyById(db, access, noteId);
  const { target } = policy;
  if (target.type !== 'Issue' || target.located.issue.issue_type !== 'incident') {
    throw new NotFoundError('Incident');
  }
  const located = target.located;
  await requireAdmin(access, located);
  const author = await findUserById(db, note.author_id);
  const link = `${externalUrl}${issueWebPath(located.project.full_path, located.issue.iid)}#note_${note.id}`;
  const text = `@${author?.username ?? 'ghost'} [commented](${link}): '${note.note}'`;
  const input = validated({ note: text, occurredAt: note.created_at }, NOTE_MAX_LENGTH);
  return { located, event: await insertWithNote(db, access, located, input, note.id) };
}

/** The event with its incident, if the actor may read the incident; not found otherwise. */
export async function findReadableTimelineEvent(
  db: Executor,
  access: AccessContext,
  eventId: number,
): Promise<{ located: IssueInProject; event: TimelineEventRow }> {
  const event = await findTimelineEventById(db, eventId);
  if (!event) throw new NotFoundError('Timeline event');
  const located = await findReadableIncident(db, access, event.issue_id);
  return { located, event };
}

function changeOf(before: TimelineEventRow, after: TimelineEventInput): TimelineEventChange | null {
  const timeChanged = before.occurred_at.getTime() !== after.occurredAt.getTime();
  const noteChanged = before.note !== after.note;
  if (timeChanged && noteChanged) return 'occurred_at_and_note';
  if (timeChanged) return 'occurred_at';
  return noteChanged ? 'note' : null;
}

/** GitLab's edit_incident_management_timeline_event: admins, on events people wrote (editable). */
export async function editTimelineEvent(
  db: Executor,
  access: AccessContext,
  eventId: number,
  changes: {
    readonly note?: string | undefined;
    readonly occurredAt?: Date | undefined;
    /** The event's tags after the edit; undefined leaves them. */
    readonly tagNames?: readonly string[] | undefined;
  },
): Promise<TimelineEventRow> {
  const { located, event } = await findReadableTimelineEvent(db, access, eventId);
  await requireAdmin(access, located);
  if (!event.editable) throw new ServiceError('invalid', NO_TIMELINE_PERMISSION);
  const input = validated({
    note: changes.note ?? event.note,
    occurredAt: changes.occurredAt ?? event.occurred_at,
  });
  const change = changeOf(event, input);
  if (change === null && changes.tagNames === undefined) return event;
  const by = authorshipOf(access);
  return inTransaction(db, async (trx) => {
    if (changes.tagNames !== undefined) await setTags(trx, located, event, changes.tagNames, by.now);
    // GitLab notes a change of the text or the time; tags alone change quietly.
    if (change === null) return event;
    const saved = await updateTimelineEvent(trx, event.id, {
      ...input,
      updatedById: by.authorId,
      now: by.now,
    });
    await writeSystemNotes(trx, issueTarget(located.issue), by, [
      timelineEventEditedNote(change, timelineEventPath(located, event.id)),
    ]);
    return saved;
  });
}

/** Deletes the event (any event, the system's too, as GitLab allows its admins); answers it as it was. */
export async function destroyTimelineEvent(
  db: Executor,
  access: AccessContext,
  eventId: number,
): Promise<TimelineEventRow> {
  const { located, event } = await findReadableTimelineEvent(db, access, eventId);
  await requireAdmin(access, located);
  const by = authorshipOf(access);
  await inTransaction(db, async (trx) => {
    await deleteTimelineEvent(trx, event.id);
    await writeSystemNotes(trx, issueTarget(located.issue), by, [timelineEventDeletedNote()]);
  });
  return event;
}
