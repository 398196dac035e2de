import { type RawBuilder, sql } from 'kysely';
import {
  type StageEventIdentifier,
  type StageSubject,
  stageEventByIdentifier,
} from '../../../core/domain/valueStreams.ts';

/**
 * Each stage event as SQL over its issue (alias `i`) or merge request (alias `m`): the instant it
 * happened, or NULL when it has not. The direct backend evaluates these per request; the aggregator
 * evaluates the very same expressions to fill the stage-events tables, so both answer alike.
 */

/** A stage's two events and their labels: what its rows are computed from. */
export interface StageEventPair {
  readonly subject: StageSubject;
  readonly start: StageEventIdentifier;
  readonly end: StageEventIdentifier;
  readonly startLabelId: number | null;
  readonly endLabelId: number | null;
}

/** The issuable table and alias a subject's events read. */
export const SUBJECT_TABLES = {
  Issue: { table: 'issues', alias: 'i', eventsColumn: 'issue_id', stageEvents: 'vsa_issue_stage_events' },
  MergeRequest: {
    table: 'merge_requests',
    alias: 'm',
    eventsColumn: 'merge_request_id',
    stageEvents: 'vsa_merge_request_stage_events',
  },
} as const;

/** The latest time the label was added to (or removed from) the issuable. */
function labelEvent(
  subject: StageSubject,
  labelId: number | null,
  action: 'add' | 'remove',
): RawBuilder<Date | null> {
  if (labelId === null) return sql<null>`NULL::timestamptz`;
  const { alias, eventsColumn } = SUBJECT_TABLES[subject];
  return sql<Date | null>`(SELECT max(e.created_at) FROM resource_label_events e
    WHERE e.${sql.ref(eventsColumn)} = ${sql.ref(`${alias}.id`)} AND e.label_id = ${sql.lit(labelId)}
      AND e.action = ${sql.lit(action)})`;
}

const NEVER = sql<null>`NULL::timestamptz`;

export function eventInstant(
  identifier: StageEventIdentifier,
  labelId: number | null,
): RawBuilder<Date | null> {
  switch (identifier) {
    case 'issue_created':
      return sql`i.created_at`;
    case 'issue_closed':
      return sql`CASE WHEN i.state = 'closed' THEN i.closed_at END`;
    case 'issue_first_associated_with_milestone':
    // Without boards, "first associated with a milestone or first added to a board" is the milestone.
    case 'issue_stage_end':
    case 'plan_stage_start':
      return sql`i.first_associated_with_milestone_at`;
    case 'issue_first_assigned_at':
      return sql`i.first_assigned_at`;
    case 'issue_last_edited':
      return sql`i.last_edited_at`;
    case 'issue_label_added':
      return labelEvent('Issue', labelId, 'add');
    case 'issue_label_removed':
      return labelEvent('Issue', labelId, 'remove');
    case 'issue_deployed_to_production':
      return sql`(SELECT min(closing_mr.first_deployed_to_production_at)
        FROM merge_requests_closing_issues closing
        JOIN merge_requests closing_mr ON closing_mr.id = closing.merge_request_id
        WHERE closing.issue_id = i.id)`;
    case 'merge_request_created':
      return sql`m.created_at`;
    case 'merge_request_merged':
      return sql`CASE WHEN m.state = 'merged' THEN m.merged_at END`;
    case 'merge_request_closed':
      return sql`CASE WHEN m.state = 'closed' THEN m.closed_at END`;
    case 'merge_request_first_deployed_to_production':
      return sql`m.first_deployed_to_production_at`;
    case 'merge_request_last_edited':
      return sql`m.last_edited_at`;
    case 'merge_request_first_assigned_at':
      return sql`m.first_assigned_at`;
    case 'merge_request_label_added':
      return labelEvent('MergeRequest', labelId, 'add');
    case 'merge_request_label_removed':
      return labelEvent('MergeRequest', labelId, 'remove');
    // Commits, boards and pipelines are not recorded: these never happen here.
    case 'issue_first_mentioned_in_commit':
    case 'issue_first_added_to_board':
    case 'merge_request_last_build_started':
    case 'merge_request_last_build_finished':
    case 'merge_request_first_commit_at':
    case 'code_stage_start':
      return NEVER;
  }
}

/** The subject a pair measures (its start event's). */
export function subjectOfPair(start: StageEventIdentifier): StageSubject {
  const definition = stageEventByIdentifier(start);
  if (!definition) throw new Error(`Unknown stage event ${start}`);
  return definition.subject;
}

/**
 * One row per issuable of the subject that has the start event: its id, filter columns, start and
 * end (NULL unless the end came at or after the start) and the duration in milliseconds. `where`
 * narrows the issuables read (a group's projects, or a batch of ids).
 */
export function stageRowsOf(pair: StageEventPair, where: RawBuilder<unknown>): RawBuilder<unknown> {
  const { table, alias } = SUBJECT_TABLES[pair.subject];
  const start = eventInstant(pair.start, pair.startLabelId);
  const end = eventInstant(pair.end, pair.endLabelId);
  return sql`SELECT x.id, x.project_id, x.author_id, x.milestone_id, x.state, x.start_event_timestamp,
      CASE WHEN x.end_at >= x.start_event_timestamp THEN x.end_at END AS end_event_timestamp,
      CASE WHEN x.end_at >= x.start_event_timestamp
        THEN (extract(epoch FROM (x.end_at - x.start_event_timestamp)) * 1000)::bigint END
        AS duration_in_milliseconds
    FROM (SELECT ${sql.ref(`${alias}.id`)} AS id, ${sql.ref(`${alias}.project_id`)} AS project_id,
        ${sql.ref(`${alias}.author_id`)} AS author_id, ${sql.ref(`${alias}.milestone_id`)} AS milestone_id,
        ${sql.ref(`${alias}.state`)} AS state, ${start} AS start_event_timestamp, ${end} AS end_at
      FROM ${sql.table(table)} ${sql.raw(alias)} WHERE ${where}) x
    WHERE x.start_event_timestamp IS NOT NULL`;
}
