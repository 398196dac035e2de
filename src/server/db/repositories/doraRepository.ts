import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { type CalendarDate, parseCalendarDate } from '../../../core/time/calendarDate.ts';
import { calendarDateToDay, type EpochDay } from '../../../core/time/epochDay.ts';
import type { Executor } from '../executor.ts';

/**
 * The daily figures DORA metrics are made of (GitLab keeps them in dora_daily_metrics; here they are
 * read from the events when asked): per UTC day, successful deployments, each environment's median
 * lead time, each project's median time to restore, and incidents opened. Every read is bounded by a
 * range of instants the service caps (at most 181 days), and grouped by day in the database, so the
 * rows that come back are at most one per day and environment or project.
 */

/** Where the figures come from: one project, or every project of a group and its subgroups. */
export type DoraScope = { readonly projectId: number } | { readonly groupId: number };

/** Instants from `since` (included) until `until` (excluded). */
export interface InstantRange {
  readonly since: Date;
  readonly until: Date;
}

function inScope(scope: DoraScope, column: string): RawBuilder<SqlBool> {
  if ('projectId' in scope) return sql<SqlBool>`${sql.ref(column)} = ${scope.projectId}`;
  return sql<SqlBool>`${sql.ref(column)} IN (SELECT projects.id FROM projects
    JOIN namespaces ON namespaces.id = projects.namespace_id
    WHERE namespaces.traversal_ids @> ARRAY[${scope.groupId}]::integer[])`;
}

/** The UTC calendar day of a timestamptz column, as `YYYY-MM-DD`. */
const utcDay = (column: string) => sql<string>`to_char(${sql.ref(column)} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;

function toDay(text: string): EpochDay {
  const date: CalendarDate | undefined = parseCalendarDate(text);
  if (!date) throw new Error(`The database gave '${text}' for a day`);
  return calendarDateToDay(date);
}

/** A project of the scope has an environment of the production tier (incidents count only there). */
const hasProductionEnvironment = (projectColumn: string) =>
  sql<SqlBool>`EXISTS (SELECT 1 FROM environments production
    WHERE production.project_id = ${sql.ref(projectColumn)} AND production.tier = 'production')`;

export interface DeploymentDayFilter {
  readonly scope: DoraScope;
  readonly range: InstantRange;
  /** Only to the environment of this name (the deprecated API's `environment`). */
  readonly environmentName?: string | undefined;
  /** Only to environments of these tiers (the DORA API's `environment_tiers`). */
  readonly tiers?: readonly string[] | undefined;
}

function deploymentConditions(filter: DeploymentDayFilter): RawBuilder<SqlBool>[] {
  const conditions = [
    inScope(filter.scope, 'deployments.project_id'),
    sql<SqlBool>`deployments.status = 'success'`,
    sql<SqlBool>`deployments.finished_at >= ${filter.range.since}`,
    sql<SqlBool>`deployments.finished_at < ${filter.range.until}`,
  ];
  if (filter.environmentName !== undefined) {
    conditions.push(sql<SqlBool>`environments.name = ${filter.environmentName}`);
  }
  if (filter.tiers !== undefined) {
    conditions.push(
      filter.tiers.length === 0
        ? sql<SqlBool>`false`
        : sql<SqlBool>`environments.tier IN (${sql.join(filter.tiers)})`,
    );
  }
  return conditions;
}

/** How many deployments succeeded (finished) on each UTC day that has some. */
export async function countSuccessfulDeploymentsByDay(
  db: Executor,
  filter: DeploymentDayFilter,
): Promise<Map<EpochDay, number>> {
  const { rows } = await sql<{ day: string; count: number }>`
    SELECT ${utcDay('deployments.finished_at')} AS day, count(*)::integer AS count
      FROM deployments JOIN environments ON environments.id = deployments.environment_id
     WHERE ${sql.join(deploymentConditions(filter), sql` AND `)}
     GROUP BY 1`.execute(db);
  return new Map(rows.map((row) => [toDay(row.day), Number(row.count)]));
}

/** One source's median of one day, in seconds. */
export interface DayMedian {
  readonly day: EpochDay;
  readonly seconds: number;
}

const dayMedians = (rows: readonly { day: string; seconds: number | string }[]): DayMedian[] =>
  rows.map((row) => ({ day: toDay(row.day), seconds: Number(row.seconds) }));

/**
 * Lead time for changes per environment and day: the median, over the merge requests each successful
 * deployment of the day shipped (deployment_merge_requests), of the seconds from their merge to the
 * deployment's finish (GitLab's Dora::LeadTimeForChangesMetric).
 */
export async function leadTimeDailyMedians(db: Executor, filter: DeploymentDayFilter): Promise<DayMedian[]> {
  const { rows } = await sql<{ day: string; seconds: number }>`
    SELECT ${utcDay('deployments.finished_at')} AS day,
           percentile_cont(0.5) WITHIN GROUP (
             ORDER BY extract(epoch FROM deployments.finished_at - merge_requests.merged_at)::float8
           ) AS seconds
      FROM deployments
      JOIN environments ON environments.id = deployments.environment_id
      JOIN deployment_merge_requests ON deployment_merge_requests.deployment_id = deployments.id
      JOIN merge_requests ON merge_requests.id = deployment_merge_requests.merge_request_id
     WHERE ${sql.join(deploymentConditions(filter), sql` AND `)}
       AND merge_requests.merged_at IS NOT NULL
     GROUP BY deployments.environment_id, 1`.execute(db);
  return dayMedians(rows);
}

/**
 * Time to restore service per project and day: the median seconds each incident closed that day was
 * open, in the scope's projects that have a production environment (GitLab's
 * Dora::TimeToRestoreServiceMetric, which reads production environments only).
 */
export async function restoreDailyMedians(
  db: Executor,
  scope: DoraScope,
  range: InstantRange,
): Promise<DayMedian[]> {
  const { rows } = await sql<{ day: string; seconds: number }>`
    SELECT ${utcDay('issues.closed_at')} AS day,
           percentile_cont(0.5) WITHIN GROUP (
             ORDER BY extract(epoch FROM issues.closed_at - issues.created_at)::float8
           ) AS seconds
      FROM issues
     WHERE ${inScope(scope, 'issues.project_id')}
       AND issues.issue_type = 'incident' AND issues.state = 'closed'
       AND issues.closed_at >= ${range.since} AND issues.closed_at < ${range.until}
       AND ${hasProductionEnvironment('issues.project_id')}
     GROUP BY issues.project_id, 1`.execute(db);
  return dayMedians(rows);
}

/**
 * How many incidents were opened on each UTC day, in the scope's projects that have a production
 * environment (GitLab's Dora::ChangeFailureRateMetric's incidents_count).
 */
export async function countIncidentsByDay(
  db: Executor,
  scope: DoraScope,
  range: InstantRange,
): Promise<Map<EpochDay, number>> {
  const { rows } = await sql<{ day: string; count: number }>`
    SELECT ${utcDay('issues.created_at')} AS day, count(*)::integer AS count
      FROM issues
     WHERE ${inScope(scope, 'issues.project_id')}
       AND issues.issue_type = 'incident'
       AND issues.created_at >= ${range.since} AND issues.created_at < ${range.until}
       AND ${hasProductionEnvironment('issues.project_id')}
     GROUP BY 1`.execute(db);
  return new Map(rows.map((row) => [toDay(row.day), Number(row.count)]));
}

/** Whether any project of the scope has a production environment. */
export async function scopeHasProductionEnvironment(db: Executor, scope: DoraScope): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`
    SELECT EXISTS (SELECT 1 FROM environments
     WHERE environments.tier = 'production' AND ${inScope(scope, 'environments.project_id')}) AS found`.execute(
    db,
  );
  return rows[0]?.found === true;
}
