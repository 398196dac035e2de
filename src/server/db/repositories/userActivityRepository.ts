import { type SqlBool, sql } from 'kysely';
import type { Executor } from '../executor.ts';
import { intArray } from '../sqlInteger.ts';
import { type IssueReader, issueReadableBy } from './issueRepository.ts';
import { type EpicVisibility, epicVisibleTo } from './visibility.ts';

/** What a contribution event records, derived from the row it comes from (there is no events table). */
export type ActivityKind =
  | 'issue_opened'
  | 'epic_opened'
  | 'issue_note'
  | 'epic_note'
  | 'issue_state'
  | 'epic_state';

/** One contribution event: the row it comes from and the issue or epic it is about. */
export interface ActivityRow {
  readonly kind: ActivityKind;
  /** The issue's, epic's or note's id, by kind. */
  readonly source_id: number;
  readonly created_at: Date;
  /** 'opened', 'closed' or 'reopened' for state changes; null otherwise. */
  readonly state_action: string | null;
  readonly item_id: number;
  readonly item_iid: number;
  readonly item_title: string;
  /** The issue's project (null for epics). */
  readonly project_id: number | null;
  /** The epic's group (null for issues). */
  readonly group_id: number | null;
  /** The project's or the group's full path. */
  readonly place_path: string;
  readonly note_body: string | null;
  readonly note_type: 'DiscussionNote' | null;
}

/** Who reads the activity: readable issues and epics, and where internal notes show. */
export interface ActivityReader {
  readonly issues: IssueReader;
  readonly epics: EpicVisibility;
  readonly internalNoteProjectIds: readonly number[];
  readonly internalNoteGroupIds: readonly number[];
}

export interface ActivityFilter {
  readonly authorId: number;
  readonly kinds: readonly ActivityKind[];
  /** Only the state changes of this action. */
  readonly stateAction?: 'closed' | 'reopened' | undefined;
  /** Only events strictly before / after these instants. */
  readonly before?: Date | undefined;
  readonly after?: Date | undefined;
  readonly direction: 'asc' | 'desc';
}

/** Kinds encoded into a stable event id: `source_id * 8 + code`, unique across the derived rows. */
export const ACTIVITY_KIND_CODES: Readonly<Record<ActivityKind, number>> = {
  issue_opened: 1,
  epic_opened: 2,
  issue_note: 3,
  epic_note: 4,
  issue_state: 5,
  epic_state: 6,
};

const STATE_ACTIONS = ['closed', 'reopened'];

/**
 * One page of a user's contribution events that the reader may see, in one statement: the issues
 * and epics they opened, their comments, and the closes and reopens their system notes record.
 * Every part filters with the readers the rest of the app uses (issueReadableBy, epicVisibleTo),
 * and internal notes only where the reader reads them.
 */
export async function listUserActivity(
  db: Executor,
  reader: ActivityReader,
  filter: ActivityFilter,
  page: { offset: number; limit: number },
): Promise<ActivityRow[]> {
  const author = filter.authorId;
  const wanted = new Set(filter.kinds);
  const parts = [];
  if (wanted.has('issue_opened'))
    parts.push(
      db
        .selectFrom('issues')
        .innerJoin('projects', 'projects.id', 'issues.project_id')
        .where('issues.author_id', '=', author)
        .where((eb) => issueReadableBy(reader.issues)(eb))
        .select([
          sql<ActivityKind>`'issue_opened'`.as('kind'),
          'issues.id as source_id',
          'issues.created_at',
          sql<string | null>`'opened'`.as('state_action'),
          'issues.id as item_id',
          'issues.iid as item_iid',
          'issues.title as item_title',
          sql<number | null>`issues.project_id`.as('project_id'),
          sql<number | null>`null::integer`.as('group_id'),
          'projects.full_path as place_path',
          sql<string | null>`null::text`.as('note_body'),
          sql<'DiscussionNote' | null>`null::text`.as('note_type'),
        ]),
    );
  if (wanted.has('epic_opened'))
    parts.push(
      db
        .selectFrom('epics')
        .innerJoin('namespaces', 'namespaces.id', 'epics.group_id')
        .where('epics.author_id', '=', author)
        .where(epicVisibleTo('epics', reader.epics))
        .select([
          sql<ActivityKind>`'epic_opened'`.as('kind'),
          'epics.id as source_id',
          'epics.created_at',
          sql<string | null>`'opened'`.as('state_action'),
          'epics.id as item_id',
          'epics.iid as item_iid',
          'epics.title as item_title',
          sql<number | null>`null::integer`.as('project_id'),
          sql<number | null>`epics.group_id`.as('group_id'),
          'namespaces.full_path as place_path',
          sql<string | null>`null::text`.as('note_body'),
          sql<'DiscussionNote' | null>`null::text`.as('note_type'),
        ]),
    );
  for (const system of [false, true]) {
    const kind = system ? 'issue_state' : 'issue_note';
    if (!wanted.has(kind)) continue;
    parts.push(
      db
        .selectFrom('notes')
        .innerJoin('issues', (join) =>
          join.onRef('issues.id', '=', 'notes.noteable_id').on('notes.noteable_type', '=', 'Issue'),
        )
        .innerJoin('projects', 'projects.id', 'issues.project_id')
        .where('notes.author_id', '=', author)
        .where('notes.system', '=', system)
        .where((eb) => (system ? eb('notes.system_note_action', 'in', STATE_ACTIONS) : sql<SqlBool>`true`))
        .where(
          sql<SqlBool>`(NOT notes.confidential OR issues.project_id = ANY(${intArray(reader.internalNoteProjectIds)}))`,
        )
        .where((eb) => issueReadableBy(reader.issues)(eb as never))
        .select([
          sql<ActivityKind>`${kind}`.as('kind'),
          'notes.id as source_id',
          'notes.created_at',
          'notes.system_note_action as state_action',
          'issues.id as item_id',
          'issues.iid as item_iid',
          'issues.title as item_title',
          sql<number | null>`issues.project_id`.as('project_id'),
          sql<number | null>`null::integer`.as('group_id'),
          'projects.full_path as place_path',
          sql<string | null>`${system ? sql`null::text` : sql`notes.note`}`.as('note_body'),
          'notes.type as note_type',
        ]),
    );
  }
  for (const system of [false, true]) {
    const kind = system ? 'epic_state' : 'epic_note';
    if (!wanted.has(kind)) continue;
    parts.push(
      db
        .selectFrom('notes')
        .innerJoin('epics', (join) =>
          join.onRef('epics.id', '=', 'notes.noteable_id').on('notes.noteable_type', '=', 'Epic'),
        )
        .innerJoin('namespaces', 'namespaces.id', 'epics.group_id')
        .where('notes.author_id', '=', author)
        .where('notes.system', '=', system)
        .where((eb) => (system ? eb('notes.system_note_action', 'in', STATE_ACTIONS) : sql<SqlBool>`true`))
        .where(
          sql<SqlBool>`(NOT notes.confidential OR epics.group_id = ANY(${intArray(reader.internalNoteGroupIds)}))`,
        )
        .where(epicVisibleTo('epics', reader.epics))
        .select([
          sql<ActivityKind>`${kind}`.as('kind'),
          'notes.id as source_id',
          'notes.created_at',
          'notes.system_note_action as state_action',
          'epics.id as item_id',
          'epics.iid as item_iid',
          'epics.title as item_title',
          sql<number | null>`null::integer`.as('project_id'),
          sql<number | null>`epics.group_id`.as('group_id'),
          'namespaces.full_path as place_path',
          sql<string | null>`${system ? sql`null::text` : sql`notes.note`}`.as('note_body'),
          'notes.type as note_type',
        ]),
    );
  }
  const [first, ...rest] = parts;
  if (!first) return [];
  const union = rest.reduce((query, part) => query.unionAll(part as never), first);
  let query = db.selectFrom(union.as('events')).selectAll();
  if (filter.stateAction) query = query.where('events.state_action', '=', filter.stateAction);
  if (filter.before) query = query.where('events.created_at', '<', filter.before);
  if (filter.after) query = query.where('events.created_at', '>', filter.after);
  const rows = await query
    .orderBy('events.created_at', filter.direction)
    .orderBy('events.kind', filter.direction)
    .orderBy('events.source_id', filter.direction)
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return rows as ActivityRow[];
}
