import {
  type ActivityActionName,
  type ActivityEventView,
  activityWebPath,
  commentExcerpt,
} from '../../core/domain/userActivity.ts';
import type { Executor } from '../db/executor.ts';
import {
  ACTIVITY_KIND_CODES,
  type ActivityKind,
  type ActivityReader,
  type ActivityRow,
  listUserActivity,
} from '../db/repositories/userActivityRepository.ts';
import type { UserRow } from '../db/schema.ts';
import type { AccessContext } from './access.ts';
import { listReadableGroups } from './groupService.ts';
import { issueReaderFor, withNamespaces } from './issueService.ts';
import { listReadableProjects } from './projectService.ts';
import { epicReaderFor } from './viewerScope.ts';

export type { ActivityKind, ActivityRow };

/** GitLab's event `action` filter, as the kinds of derived events that answer it. */
export const ACTIVITY_ACTIONS = {
  created: ['issue_opened', 'epic_opened'],
  commented: ['issue_note', 'epic_note'],
  closed: ['issue_state', 'epic_state'],
  reopened: ['issue_state', 'epic_state'],
} as const satisfies Record<string, readonly ActivityKind[]>;

/** GitLab's event `target_type` filter, likewise. */
export const ACTIVITY_TARGET_TYPES = {
  issue: ['issue_opened', 'issue_state'],
  epic: ['epic_opened', 'epic_state'],
  note: ['issue_note', 'epic_note'],
} as const satisfies Record<string, readonly ActivityKind[]>;

const ALL_KINDS: readonly ActivityKind[] = [
  'issue_opened',
  'epic_opened',
  'issue_note',
  'epic_note',
  'issue_state',
  'epic_state',
];

/** The same bound the instance-wide issue lists read projects and groups with. */
const MAX_LISTED_PLACES = 100_000;

export interface ActivityQuery {
  readonly action?: keyof typeof ACTIVITY_ACTIONS | undefined;
  readonly targetType?: keyof typeof ACTIVITY_TARGET_TYPES | undefined;
  readonly before?: Date | undefined;
  readonly after?: Date | undefined;
  readonly direction: 'asc' | 'desc';
}

/**
 * Who reads a user's activity: the issues, epics and internal notes this actor may read anywhere,
 * decided by the same permission checks as every issue and epic list.
 */
async function activityReaderFor(db: Executor, access: AccessContext): Promise<ActivityReader> {
  const whole = { offset: 0, limit: MAX_LISTED_PLACES };
  const projects = await withNamespaces(db, (await listReadableProjects(db, access, {}, whole)).rows);
  const internalNoteProjectIds: number[] = [];
  for (const { project, namespace } of projects) {
    if (await access.canInProject('read_internal_note', project, namespace))
      internalNoteProjectIds.push(project.id);
  }
  const groups = (await listReadableGroups(db, access, {}, whole)).rows;
  const epics = await epicReaderFor(access, groups);
  const epicGroupIds = new Set(epics.groupIds);
  const internalNoteGroupIds: number[] = [];
  for (const group of groups) {
    // A group's notes are its epics' notes: none shows where its epics do not.
    if (!epicGroupIds.has(group.id)) continue;
    if (await access.canInNamespace('read_internal_note', group)) internalNoteGroupIds.push(group.id);
  }
  return {
    issues: await issueReaderFor(access, projects),
    epics,
    internalNoteProjectIds,
    internalNoteGroupIds,
  };
}

/**
 * One page of the user's contribution events the actor may see (GitLab's profile Activity and
 * `GET /users/:id/events`), derived from the issues, epics and notes they wrote. `limit` rows are
 * asked for one more than shown, so that the caller knows whether another page follows.
 */
export async function listUserActivityPage(
  db: Executor,
  access: AccessContext,
  user: UserRow,
  query: ActivityQuery,
  page: { offset: number; limit: number },
): Promise<{ rows: ActivityRow[]; hasMore: boolean }> {
  let kinds: readonly ActivityKind[] = ALL_KINDS;
  if (query.action)
    kinds = kinds.filter((kind) => (ACTIVITY_ACTIONS[query.action!] as readonly string[]).includes(kind));
  if (query.targetType)
    kinds = kinds.filter((kind) =>
      (ACTIVITY_TARGET_TYPES[query.targetType!] as readonly string[]).includes(kind),
    );
  const rows = await listUserActivity(
    db,
    await activityReaderFor(db, access),
    {
      authorId: user.id,
      kinds,
      // closed and reopened share their kinds: the action picks the one of the two asked for.
      stateAction: query.action === 'closed' || query.action === 'reopened' ? query.action : undefined,
      before: query.before,
      after: query.after,
      direction: query.direction,
    },
    { offset: page.offset, limit: page.limit + 1 },
  );
  return { rows: rows.slice(0, page.limit), hasMore: rows.length > page.limit };
}

/** The event's id: the row it is derived from and what it records, encoded as one stable integer. */
export function activityEventId(row: ActivityRow): number {
  return row.source_id * 8 + ACTIVITY_KIND_CODES[row.kind];
}

/** How the profile's Activity shows one event. */
export function activityEventView(row: ActivityRow): ActivityEventView {
  const targetKind = row.kind.startsWith('issue') ? 'issue' : 'epic';
  const note = row.kind === 'issue_note' || row.kind === 'epic_note';
  const action: ActivityActionName = note
    ? 'commented on'
    : row.state_action === 'closed' || row.state_action === 'reopened'
      ? row.state_action
      : 'opened';
  return {
    id: activityEventId(row),
    action,
    targetKind,
    reference: `${targetKind === 'issue' ? '#' : '&'}${row.item_iid}`,
    title: row.item_title,
    placePath: row.place_path,
    webPath: activityWebPath(targetKind, row.place_path, row.item_iid, note ? row.source_id : null),
    createdAt: row.created_at.toISOString(),
    excerpt: note ? commentExcerpt(row.note_body ?? '') : '',
  };
}
