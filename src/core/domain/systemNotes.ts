/**
 * GitLab's system notes: the sentence the activity shows for a change and the kind of change it
 * records (`system_note_metadata.action`, which picks the activity's icon). The texts are GitLab's
 * (SystemNotes::IssuablesService, TimeTrackingService, EE EpicsService, the label and weight event
 * notes). References are written as GitLab writes them, except that labels and milestones use
 * GitLab's name form (`~"bug"`, `%"v1.0"`), which reads well where references are not rendered.
 */
import type { CalendarDate } from '../time/calendarDate.ts';
import { HEALTH_STATUS_TEXT, type HealthStatus } from './healthStatus.ts';

export type SystemNoteAction =
  | 'title'
  | 'description'
  | 'opened'
  | 'closed'
  | 'reopened'
  | 'label'
  | 'milestone'
  | 'assignee'
  | 'start_date_or_due_date'
  | 'weight'
  | 'confidential'
  | 'visible'
  | 'locked'
  | 'unlocked'
  | 'health_status'
  | 'issue_type'
  | 'color'
  | 'epic_issue_added'
  | 'epic_issue_removed'
  | 'epic_issue_moved'
  | 'issue_added_to_epic'
  | 'issue_removed_from_epic'
  | 'issue_changed_epic'
  | 'relate_epic'
  | 'unrelate_epic'
  | 'relate'
  | 'unrelate'
  | 'timeline_event'
  | 'pinned_embed'
  | 'published'
  | 'merged'
  | 'reviewer'
  | 'approved'
  | 'unapproved'
  | 'closed_by_merge_request'
  | 'target_branch';

/**
 * The actions whose notes name other items, which may be hidden from a reader of this one (GitLab's
 * SystemNoteMetadata TYPES_WITH_CROSS_REFERENCES, EE's epic actions included): such a note shows
 * only to readers who may see every item it names.
 */
export const CROSS_REFERENCE_ACTIONS: readonly SystemNoteAction[] = [
  'epic_issue_added',
  'epic_issue_removed',
  'epic_issue_moved',
  'issue_added_to_epic',
  'issue_removed_from_epic',
  'issue_changed_epic',
  'relate_epic',
  'unrelate_epic',
  'relate',
  'unrelate',
  'closed_by_merge_request',
];

export function isCrossReferenceAction(action: string | null): boolean {
  return action !== null && (CROSS_REFERENCE_ACTIONS as readonly string[]).includes(action);
}

/** One system note: its markdown and its action. */
export interface SystemNoteText {
  readonly action: SystemNoteAction;
  readonly note: string;
}

const text = (action: SystemNoteAction, note: string): SystemNoteText => ({ action, note });

/** Rails' `to_sentence`: 'a', 'a and b', 'a, b, and c'. */
export function toSentence(words: readonly string[]): string {
  if (words.length <= 2) return words.join(' and ');
  return `${words.slice(0, -1).join(', ')}, and ${words[words.length - 1]}`;
}

/** GitLab's Label#to_reference(format: :name): `~"name"`, or `~id` when the name has a double quote. */
export function labelReference(label: { readonly id: number; readonly title: string }): string {
  return label.title.includes('"') ? `~${label.id}` : `~"${label.title}"`;
}

/** GitLab's Milestone#to_reference(format: :name): `%"name"`, or `%iid` when the name has a quote. */
export function milestoneReference(milestone: { readonly iid: number; readonly title: string }): string {
  return milestone.title.includes('"') ? `%${milestone.iid}` : `%"${milestone.title}"`;
}

/** `changed title from **old** to **new**`. */
export const titleChangedNote = (from: string, to: string): SystemNoteText =>
  text('title', `changed title from **${from}** to **${to}**`);

export const descriptionChangedNote = (): SystemNoteText => text('description', 'changed the description');

/** 'closed' or 'reopened' (GitLab's resource state event notes). */
export const stateChangedNote = (state: 'closed' | 'reopened'): SystemNoteText => text(state, state);

/** `added ~"a" ~"b" and removed ~"c" labels`: one note for a save's label changes, or none. */
export function labelsChangedNote(
  added: readonly { id: number; title: string }[],
  removed: readonly { id: number; title: string }[],
): SystemNoteText | null {
  const count = added.length + removed.length;
  if (count === 0) return null;
  const parts: string[] = [];
  if (added.length > 0) parts.push(`added ${added.map(labelReference).join(' ')}`);
  if (removed.length > 0) parts.push(`removed ${removed.map(labelReference).join(' ')}`);
  return text('label', `${parts.join(' and ')} ${count === 1 ? 'label' : 'labels'}`);
}

export const milestoneChangedNote = (milestone: { iid: number; title: string } | null): SystemNoteText =>
  text(
    'milestone',
    milestone === null ? 'removed milestone' : `changed milestone to ${milestoneReference(milestone)}`,
  );

/** `assigned to @a and @b and unassigned @c`; none when nobody changed. */
export function assigneesChangedNote(
  assigned: readonly string[],
  unassigned: readonly string[],
): SystemNoteText | null {
  const parts: string[] = [];
  const mention = (username: string) => `@${username}`;
  if (assigned.length > 0) parts.push(`assigned to ${toSentence(assigned.map(mention))}`);
  if (unassigned.length > 0) parts.push(`unassigned ${toSentence(unassigned.map(mention))}`);
  return parts.length === 0 ? null : text('assignee', parts.join(' and '));
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** Rails' `Date#to_fs(:long)`: 'December 31, 2026'. */
export function longDate(date: CalendarDate): string {
  const [year, month, day] = date.split('-').map(Number);
  return `${MONTHS[(month ?? 1) - 1]} ${day}, ${year}`;
}

/** A date before and after a save; equal values are no change. */
export interface DateChange {
  readonly from: CalendarDate | null;
  readonly to: CalendarDate | null;
}

/**
 * `changed start date to March 1, 2026 and changed due date to December 31, 2026`, `removed due
 * date December 31, 2026` (TimeTrackingService#change_start_date_or_due_date); none without change.
 */
export function datesChangedNote(changes: {
  readonly startDate?: DateChange | undefined;
  readonly dueDate?: DateChange | undefined;
}): SystemNoteText | null {
  const parts: string[] = [];
  for (const [name, change] of [
    ['start date', changes.startDate],
    ['due date', changes.dueDate],
  ] as const) {
    if (!change || change.from === change.to) continue;
    if (change.to !== null) parts.push(`changed ${name} to ${longDate(change.to)}`);
    else if (change.from !== null) parts.push(`removed ${name} ${longDate(change.from)}`);
  }
  return parts.length === 0 ? null : text('start_date_or_due_date', parts.join(' and '));
}

/** `changed weight to **3**` or `removed the weight`. */
export const weightChangedNote = (weight: number | null): SystemNoteText =>
  text('weight', weight === null ? 'removed the weight' : `changed weight to **${weight}**`);

export type NoteableName = 'issue' | 'epic' | 'merge request';

/** `made the issue confidential` or `made the issue visible to everyone`. */
export const confidentialityChangedNote = (name: NoteableName, confidential: boolean): SystemNoteText =>
  confidential
    ? text('confidential', `made the ${name} confidential`)
    : text('visible', `made the ${name} visible to everyone`);

/** `locked the discussion in this issue` or `unlocked …`. */
export const discussionLockNote = (name: NoteableName, locked: boolean): SystemNoteText => {
  const action = locked ? 'locked' : 'unlocked';
  return text(action, `${action} the discussion in this ${name}`);
};

/** `changed health status to **at risk**` or `removed health status **at risk**`. */
export function healthStatusChangedNote(from: HealthStatus | null, to: HealthStatus | null): SystemNoteText {
  const words = (status: HealthStatus | null) =>
    status === null ? '' : HEALTH_STATUS_TEXT[status].toLowerCase();
  return text(
    'health_status',
    to === null ? `removed health status **${words(from)}**` : `changed health status to **${words(to)}**`,
  );
}

/** `changed type to **Incident**`. */
export const issueTypeChangedNote = (type: 'issue' | 'incident' | 'task'): SystemNoteText =>
  text('issue_type', `changed type to **${type[0]?.toUpperCase()}${type.slice(1)}**`);

/** `changed color from `#1068bf` to `#6699cc``. */
export const colorChangedNote = (from: string, to: string): SystemNoteText =>
  text('color', `changed color from \`${from}\` to \`${to}\``);

// ---- Epics and their issues (EE SystemNotes::EpicsService) ----

/** On the epic: `added issue group/project#12` / `removed issue group/project#12`. */
export const epicIssueNote = (change: 'added' | 'removed', issueRef: string): SystemNoteText =>
  text(change === 'added' ? 'epic_issue_added' : 'epic_issue_removed', `${change} issue ${issueRef}`);

/** On the issue: `added to epic group&5` / `removed from epic group&5`. */
export const issueOnEpicNote = (change: 'added' | 'removed', epicRef: string): SystemNoteText =>
  change === 'added'
    ? text('issue_added_to_epic', `added to epic ${epicRef}`)
    : text('issue_removed_from_epic', `removed from epic ${epicRef}`);

/** On the issue moved from one epic to another: `changed epic to group&6`. */
export const issueChangedEpicNote = (epicRef: string): SystemNoteText =>
  text('issue_changed_epic', `changed epic to ${epicRef}`);

/**
 * An issue moved between epics: the new epic says `added issue #12 from epic &5`, the old one
 * `moved issue #12 to epic &6`.
 */
export const epicIssueMovedNote = (
  verb: 'added' | 'moved',
  issueRef: string,
  direction: 'from' | 'to',
  epicRef: string,
): SystemNoteText => text('epic_issue_moved', `${verb} issue ${issueRef} ${direction} epic ${epicRef}`);

/**
 * Child epics: the parent says `added epic &2 as child epic`, the child `added epic &1 as parent
 * epic`; unlinking says `removed child epic &2` and `removed parent epic &1`.
 */
export function epicRelationNote(
  change: 'added' | 'removed',
  direction: 'child' | 'parent',
  epicRef: string,
): SystemNoteText {
  return change === 'added'
    ? text('relate_epic', `added epic ${epicRef} as ${direction} epic`)
    : text('unrelate_epic', `removed ${direction} epic ${epicRef}`);
}

// ---- Related items (IssuablesService#relate_issuable, EE block notes) ----

export type RelationKind = 'relates_to' | 'blocks' | 'is_blocked_by';

/** `marked this issue as related to #5`, `… as blocking #5`, `… as blocked by #5`. */
export function relatedNote(name: NoteableName, kind: RelationKind, refs: readonly string[]): SystemNoteText {
  const how = kind === 'relates_to' ? 'related to' : kind === 'blocks' ? 'blocking' : 'blocked by';
  return text('relate', `marked this ${name} as ${how} ${toSentence(refs)}`);
}

/** `removed the relation with #5`. */
export const unrelatedNote = (ref: string): SystemNoteText =>
  text('unrelate', `removed the relation with ${ref}`);

// ---- Incidents (SystemNotes::IncidentsService, SystemNotes::ZoomService) ----

/** What an edit of a timeline event changed, in GitLab's words. */
export type TimelineEventChange = 'occurred_at' | 'note' | 'occurred_at_and_note';

const TIMELINE_EVENT_CHANGED_TEXT: Readonly<Record<TimelineEventChange, string>> = {
  occurred_at: 'the event time/date on ',
  note: 'the text on ',
  occurred_at_and_note: 'the event time/date and text on ',
};

/** `added an [incident timeline event](path)`: the path opens the incident's timeline at the event. */
export const timelineEventAddedNote = (eventPath: string): SystemNoteText =>
  text('timeline_event', `added an [incident timeline event](${eventPath})`);

/** `edited the text on [incident timeline event](path)`. */
export const timelineEventEditedNote = (change: TimelineEventChange, eventPath: string): SystemNoteText =>
  text(
    'timeline_event',
    `edited ${TIMELINE_EVENT_CHANGED_TEXT[change]}[incident timeline event](${eventPath})`,
  );

export const timelineEventDeletedNote = (): SystemNoteText =>
  text('timeline_event', 'deleted an incident timeline event');

/** `added a Zoom call to this issue` / `removed a Zoom call from this issue`. */
/** GitLab's SystemNoteService.publish_issue_to_status_page. */
export const publishedToStatusPageNote = (): SystemNoteText =>
  text('published', 'published this issue to the status page');

export const zoomLinkNote = (change: 'added' | 'removed'): SystemNoteText =>
  text(
    'pinned_embed',
    change === 'added' ? 'added a Zoom call to this issue' : 'removed a Zoom call from this issue',
  );

// ---- Merge requests (SystemNotes::MergeRequestsService, IssuablesService) ----

/** `merged`, as GitLab's merge note. */
export const mergedNote = (): SystemNoteText => text('merged', 'merged');

/** `marked this merge request as **draft**` or `… as **ready**`. */
export const draftChangedNote = (draft: boolean): SystemNoteText =>
  text('title', `marked this merge request as **${draft ? 'draft' : 'ready'}**`);

/** `requested review from @a and @b and removed review request for @c`. */
export function reviewersChangedNote(
  requested: readonly string[],
  removed: readonly string[],
): SystemNoteText | null {
  const parts: string[] = [];
  const mention = (username: string) => `@${username}`;
  if (requested.length > 0) parts.push(`requested review from ${toSentence(requested.map(mention))}`);
  if (removed.length > 0) parts.push(`removed review request for ${toSentence(removed.map(mention))}`);
  return parts.length === 0 ? null : text('reviewer', parts.join(' and '));
}

/** `approved this merge request` / `revoked approval for this merge request`. */
export const approvalNote = (approved: boolean): SystemNoteText =>
  approved
    ? text('approved', 'approved this merge request')
    : text('unapproved', 'revoked approval for this merge request');

/** On the issue a merge closed: `closed via merge request group/project!3`. */
export const closedViaMergeRequestNote = (mergeRequestRef: string): SystemNoteText =>
  text('closed_by_merge_request', `closed via merge request ${mergeRequestRef}`);

/** `changed target branch from `main` to `release``. */
export const targetBranchChangedNote = (from: string, to: string): SystemNoteText =>
  text('target_branch', `changed target branch from \`${from}\` to \`${to}\``);
