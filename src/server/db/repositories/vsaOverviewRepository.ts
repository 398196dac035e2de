import { type SqlBool, sql } from 'kysely';
import type { StageSubject } from '../../../core/domain/valueStreams.ts';
import type { Executor } from '../executor.ts';
import { filterConditions, type InstantRange, type StageFilters } from './stageDataRepository.ts';
import { SUBJECT_TABLES } from './stageEventSql.ts';

/**
 * The overview of value stream analytics (GitLab's summary and time summary) and the type-of-work
 * chart, read from the issuables, deployments and labels of a group's projects over a range.
 */

const whereOf = (subject: StageSubject, filters: StageFilters) => {
  const { alias } = SUBJECT_TABLES[subject];
  return sql.join(
    filterConditions(subject, filters, {
      id: `${alias}.id`,
      project: `${alias}.project_id`,
      author: `${alias}.author_id`,
      milestone: `${alias}.milestone_id`,
    }),
    sql<SqlBool>` AND `,
  );
};

export async function countIssuesCreated(
  db: Executor,
  filters: StageFilters,
  range: InstantRange,
): Promise<number> {
  const { rows } = await sql<{ count: string }>`SELECT count(*) AS count FROM issues i
    WHERE i.created_at >= ${range.since} AND i.created_at < ${range.until} AND ${whereOf('Issue', filters)}`.execute(
    db,
  );
  return Number(rows[0]?.count ?? 0);
}

/** Successful deployments to production-tier environments of the group's projects that finished in the range. */
export async function countProductionDeploys(
  db: Executor,
  filters: Pick<StageFilters, 'groupId' | 'projectIds'>,
  range: InstantRange,
): Promise<number> {
  const projects = filters.projectIds?.length
    ? sql<SqlBool>`AND d.project_id = ANY(${[...filters.projectIds]})`
    : sql<SqlBool>``;
  const { rows } = await sql<{ count: string }>`SELECT count(*) AS count FROM deployments d
    JOIN environments e ON e.id = d.environment_id AND e.tier = 'production'
    WHERE d.status = 'success' AND d.finished_at >= ${range.since} AND d.finished_at < ${range.until}
      AND d.project_id IN (SELECT projects.id FROM projects JOIN namespaces ON namespaces.id = projects.namespace_id
        WHERE namespaces.traversal_ids @> ARRAY[${filters.groupId}]::integer[]) ${projects}`.execute(db);
  return Number(rows[0]?.count ?? 0);
}

/** Median milliseconds from an issue's creation to its close, over issues closed in the range. */
export async function leadTimeMedian(
  db: Executor,
  filters: StageFilters,
  range: InstantRange,
): Promise<number | null> {
  const { rows } = await sql<{ median: string | number | null }>`
    SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM (i.closed_at - i.created_at)) * 1000)
      AS median
    FROM issues i
    WHERE i.state = 'closed' AND i.closed_at >= ${range.since} AND i.closed_at < ${range.until}
      AND ${whereOf('Issue', filters)}`.execute(db);
  const median = rows[0]?.median;
  return median === null || median === undefined ? null : Number(median);
}

/**
 * Median milliseconds from the first merge request that closes an issue being opened to the issue's
 * close, over issues closed in the range that such a merge request preceded.
 */
export async function cycleTimeMedian(
  db: Executor,
  filters: StageFilters,
  range: InstantRange,
): Promise<number | null> {
  const { rows } = await sql<{ median: string | number | null }>`
    SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM (x.closed_at - x.started_at)) * 1000)
      AS median
    FROM (SELECT i.closed_at, (SELECT min(m.created_at) FROM merge_requests_closing_issues c
        JOIN merge_requests m ON m.id = c.merge_request_id WHERE c.issue_id = i.id) AS started_at
      FROM issues i
      WHERE i.state = 'closed' AND i.closed_at >= ${range.since} AND i.closed_at < ${range.until}
        AND ${whereOf('Issue', filters)}) x
    WHERE x.started_at IS NOT NULL AND x.started_at <= x.closed_at`.execute(db);
  const median = rows[0]?.median;
  return median === null || median === undefined ? null : Number(median);
}

export interface LabelDayCount {
  readonly labelId: number;
  readonly date: string;
  readonly count: number;
}

/** Per label and UTC day, the issuables created that day that carry the label. */
export async function countCreatedPerLabelAndDay(
  db: Executor,
  subject: StageSubject,
  labelIds: readonly number[],
  filters: StageFilters,
  range: InstantRange,
): Promise<LabelDayCount[]> {
  if (labelIds.length === 0) return [];
  const { table, alias } = SUBJECT_TABLES[subject];
  const { rows } = await sql<{ label_id: number; day: string; count: string }>`
    SELECT ll.label_id, to_char(${sql.ref(`${alias}.created_at`)} AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
      count(*) AS count
    FROM ${sql.table(table)} ${sql.raw(alias)}
    JOIN label_links ll ON ll.target_type = ${subject} AND ll.target_id = ${sql.ref(`${alias}.id`)}
      AND ll.label_id = ANY(${[...labelIds]})
    WHERE ${sql.ref(`${alias}.created_at`)} >= ${range.since} AND ${sql.ref(`${alias}.created_at`)} < ${range.until}
      AND ${whereOf(subject, filters)}
    GROUP BY 1, 2 ORDER BY 2, 1`.execute(db);
  return rows.map((row) => ({ labelId: row.label_id, date: row.day, count: Number(row.count) }));
}

/** The labels of `labelIds` most carried by issuables created in the range, most first. */
export async function topLabelIds(
  db: Executor,
  subject: StageSubject,
  labelIds: readonly number[],
  filters: StageFilters,
  range: InstantRange,
  limit: number,
): Promise<number[]> {
  if (labelIds.length === 0) return [];
  const { table, alias } = SUBJECT_TABLES[subject];
  const { rows } = await sql<{ label_id: number }>`
    SELECT ll.label_id FROM ${sql.table(table)} ${sql.raw(alias)}
    JOIN label_links ll ON ll.target_type = ${subject} AND ll.target_id = ${sql.ref(`${alias}.id`)}
      AND ll.label_id = ANY(${[...labelIds]})
    WHERE ${sql.ref(`${alias}.created_at`)} >= ${range.since} AND ${sql.ref(`${alias}.created_at`)} < ${range.until}
      AND ${whereOf(subject, filters)}
    GROUP BY ll.label_id ORDER BY count(*) DESC, ll.label_id LIMIT ${limit}`.execute(db);
  return rows.map((row) => row.label_id);
}

/** The group labels a group's analytics may name: its own and its ancestors'. */
export function groupLabelsOfHierarchy(db: Executor, traversalIds: readonly number[]) {
  return db
    .selectFrom('labels')
    .selectAll()
    .where('group_id', 'in', [...traversalIds])
    .orderBy('title')
    .orderBy('id')
    .execute();
}
