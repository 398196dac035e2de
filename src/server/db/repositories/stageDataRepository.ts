import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Executor } from '../executor.ts';
import { type StageEventPair, SUBJECT_TABLES, stageRowsOf } from './stageEventSql.ts';

/**
 * What value stream analytics reads about a stage: the issuables whose end event falls in the range,
 * with their durations, narrowed by GitLab's filters. Two backends give the same rows: `direct`
 * evaluates the events over the issuables on each request; `aggregated` reads the stage-events table
 * the aggregator keeps. Every statement is bounded by the range (at most 180 days) and one group.
 */

export interface StageFilters {
  /** The group whose projects (subgroups' included) are read. */
  readonly groupId: number;
  readonly projectIds?: readonly number[] | undefined;
  readonly authorId?: number | undefined;
  readonly milestoneTitle?: string | undefined;
  readonly labelNames?: readonly string[] | undefined;
  readonly assigneeIds?: readonly number[] | undefined;
}

/** Instants from `since` (included) until `until` (excluded). */
export interface InstantRange {
  readonly since: Date;
  readonly until: Date;
}

/**
 * Where a stage's rows are read: the events themselves, or the aggregated rows of the stage's
 * definition in its top-level group (which hold that group's items only).
 */
export type StageBackend =
  | { readonly kind: 'direct' }
  | { readonly kind: 'aggregated'; readonly hashId: number; readonly topLevelId: number };

export interface StageQuery {
  readonly pair: StageEventPair;
  readonly backend: StageBackend;
  readonly filters: StageFilters;
  readonly range: InstantRange;
}

interface Columns {
  readonly id: string;
  readonly project: string;
  readonly author: string;
  readonly milestone: string;
}

const SCOPE_PROJECTS = (groupId: number) => sql`SELECT projects.id FROM projects
  JOIN namespaces ON namespaces.id = projects.namespace_id
  WHERE namespaces.traversal_ids @> ARRAY[${groupId}]::integer[]`;

/** GitLab's filters as conditions over an issuable's columns (its own, or its stage-events row's). */
export function filterConditions(
  subject: StageEventPair['subject'],
  filters: StageFilters,
  columns: Columns,
  options: { readonly scoped: boolean } = { scoped: true },
): RawBuilder<SqlBool>[] {
  const conditions: RawBuilder<SqlBool>[] = options.scoped
    ? [sql<SqlBool>`${sql.ref(columns.project)} IN (${SCOPE_PROJECTS(filters.groupId)})`]
    : [sql<SqlBool>`true`];
  if (filters.projectIds?.length)
    conditions.push(sql<SqlBool>`${sql.ref(columns.project)} = ANY(${[...filters.projectIds]})`);
  if (filters.authorId !== undefined)
    conditions.push(sql<SqlBool>`${sql.ref(columns.author)} = ${filters.authorId}`);
  if (filters.milestoneTitle !== undefined)
    conditions.push(sql<SqlBool>`${sql.ref(columns.milestone)} IN (SELECT milestones.id FROM milestones
      WHERE milestones.title = ${filters.milestoneTitle})`);
  for (const name of filters.labelNames ?? []) {
    conditions.push(sql<SqlBool>`EXISTS (SELECT 1 FROM label_links JOIN labels ON labels.id = label_links.label_id
      WHERE label_links.target_type = ${subject} AND label_links.target_id = ${sql.ref(columns.id)}
        AND labels.title = ${name})`);
  }
  const assignees =
    subject === 'Issue'
      ? { table: 'issue_assignees', column: 'issue_id' }
      : { table: 'merge_request_assignees', column: 'merge_request_id' };
  for (const userId of filters.assigneeIds ?? []) {
    conditions.push(sql<SqlBool>`EXISTS (SELECT 1 FROM ${sql.table(assignees.table)} a
      WHERE a.${sql.ref(assignees.column)} = ${sql.ref(columns.id)} AND a.user_id = ${userId})`);
  }
  return conditions;
}

/** The stage's completed rows in the range: id, start and end instants, duration in milliseconds. */
function completedRows(query: StageQuery): RawBuilder<unknown> {
  const { pair, filters, range } = query;
  if (query.backend.kind === 'direct') {
    const { alias } = SUBJECT_TABLES[pair.subject];
    const where = sql.join(
      filterConditions(pair.subject, filters, {
        id: `${alias}.id`,
        project: `${alias}.project_id`,
        author: `${alias}.author_id`,
        milestone: `${alias}.milestone_id`,
      }),
      sql` AND `,
    );
    return sql`SELECT r.id, r.start_event_timestamp, r.end_event_timestamp, r.duration_in_milliseconds
      FROM (${stageRowsOf(pair, where)}) r
      WHERE r.end_event_timestamp >= ${range.since} AND r.end_event_timestamp < ${range.until}`;
  }
  const { stageEvents, eventsColumn } = SUBJECT_TABLES[pair.subject];
  // A top-level group's rows are all its own: only a subgroup narrows them to its projects.
  const conditions = filterConditions(
    pair.subject,
    filters,
    { id: `s.${eventsColumn}`, project: 's.project_id', author: 's.author_id', milestone: 's.milestone_id' },
    { scoped: filters.groupId !== query.backend.topLevelId },
  );
  return sql`SELECT ${sql.ref(`s.${eventsColumn}`)} AS id, s.start_event_timestamp, s.end_event_timestamp,
      s.duration_in_milliseconds
    FROM ${sql.table(stageEvents)} s
    WHERE s.stage_event_hash_id = ${query.backend.hashId}
      AND s.end_event_timestamp >= ${range.since} AND s.end_event_timestamp < ${range.until}
      AND ${sql.join(conditions, sql` AND `)}`;
}

/** The median duration in milliseconds (PostgreSQL's percentile_cont), or null without items. */
export async function stageMedian(db: Executor, query: StageQuery): Promise<number | null> {
  const { rows } = await sql<{ median: number | string | null }>`
    SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY r.duration_in_milliseconds) AS median
    FROM (${completedRows(query)}) r`.execute(db);
  const median = rows[0]?.median;
  return median === null || median === undefined ? null : Number(median);
}

export async function stageCount(db: Executor, query: StageQuery): Promise<number> {
  const { rows } = await sql<{ count: string | number }>`SELECT count(*) AS count
    FROM (${completedRows(query)}) r`.execute(db);
  return Number(rows[0]?.count ?? 0);
}

export interface DailyAverage {
  /** The UTC day the items ended their stage, `YYYY-MM-DD`. */
  readonly date: string;
  readonly averageMilliseconds: number;
}

export async function stageDailyAverages(db: Executor, query: StageQuery): Promise<DailyAverage[]> {
  const { rows } = await sql<{ day: string; average: string | number }>`
    SELECT to_char(r.end_event_timestamp AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
      avg(r.duration_in_milliseconds) AS average
    FROM (${completedRows(query)}) r GROUP BY 1 ORDER BY 1`.execute(db);
  return rows.map((row) => ({ date: row.day, averageMilliseconds: Number(row.average) }));
}

export type RecordsSort = 'end_event' | 'duration';

export interface StageRecordRow {
  readonly id: number;
  readonly startEventTimestamp: Date;
  readonly endEventTimestamp: Date;
  readonly durationInMilliseconds: number;
}

/** One page of the stage's items, `limit + 1` read so the caller knows whether another page follows. */
export async function stageRecords(
  db: Executor,
  query: StageQuery,
  order: { sort: RecordsSort; direction: 'asc' | 'desc' },
  page: { offset: number; limit: number },
): Promise<StageRecordRow[]> {
  const column = order.sort === 'duration' ? 'duration_in_milliseconds' : 'end_event_timestamp';
  const direction = sql.raw(order.direction === 'asc' ? 'ASC' : 'DESC');
  const { rows } = await sql<{
    id: number;
    start_event_timestamp: Date;
    end_event_timestamp: Date;
    duration_in_milliseconds: string | number;
  }>`SELECT r.id, r.start_event_timestamp, r.end_event_timestamp, r.duration_in_milliseconds
    FROM (${completedRows(query)}) r
    ORDER BY ${sql.ref(`r.${column}`)} ${direction}, r.id ${direction}
    LIMIT ${page.limit + 1} OFFSET ${page.offset}`.execute(db);
  return rows.map((row) => ({
    id: row.id,
    startEventTimestamp: new Date(row.start_event_timestamp),
    endEventTimestamp: new Date(row.end_event_timestamp),
    durationInMilliseconds: Number(row.duration_in_milliseconds),
  }));
}
