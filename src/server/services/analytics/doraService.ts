import {
  DORA_DEFAULT_TIERS,
  DORA_MESSAGES,
  type DoraBucket,
  type DoraInterval,
  type DoraMetric,
  type DoraPoint,
  deploymentFrequencyEntries,
  deploymentFrequencyRefusal,
  doraBuckets,
  doraDefaultStart,
  doraRequestRefusal,
  emptyPerBucket,
  type FrequencyEntry,
  medianPerBucket,
  ratioPerBucket,
  sumPerBucket,
} from '../../../core/domain/doraMetrics.ts';
import { err, ok, type Result } from '../../../core/lib/result.ts';
import { addDays, type EpochDay } from '../../../core/time/epochDay.ts';
import { utcDayOf, utcMidnightOf } from '../../../core/time/utcDays.ts';
import type { Executor } from '../../db/executor.ts';
import {
  countIncidentsByDay,
  countSuccessfulDeploymentsByDay,
  type DoraScope,
  type InstantRange,
  leadTimeDailyMedians,
  restoreDailyMedians,
  scopeHasProductionEnvironment,
} from '../../db/repositories/doraRepository.ts';
import type { AccessContext } from '../access.ts';
import { BadRequestError } from '../deployments/deploymentAccess.ts';
import { ForbiddenError } from '../errors.ts';
import { findReadableGroup } from '../groupService.ts';
import { findReadableProject } from '../projectService.ts';

/**
 * DORA metrics for Reporters and up where the plan has them (Ultimate): the deprecated project
 * deployment frequency (EE API::Analytics::ProjectDeploymentFrequency) and the DORA metrics of a
 * project or group (EE Dora::AggregateMetricsService), computed from the recorded deployments,
 * merges and incidents.
 */

export interface DeploymentFrequencyParams {
  readonly environment: string;
  readonly from: Date;
  /** Defaults to now. */
  readonly to?: Date | undefined;
  readonly interval: DoraInterval;
}

/**
 * The project's successful deployments to the environment from `from` until `to`, bucketed. GitLab's
 * order: the range's refusals (400) before the project is looked up (404) and the caller checked (403).
 */
export async function projectDeploymentFrequency(
  db: Executor,
  access: AccessContext,
  idOrPath: string,
  params: DeploymentFrequencyParams,
): Promise<FrequencyEntry[]> {
  const to = params.to ?? access.now();
  const refusal = deploymentFrequencyRefusal(params.from, to);
  if (refusal) throw new BadRequestError(refusal);
  const { project, namespace } = await findReadableProject(db, access, idOrPath);
  if (!(await access.canInProject('read_dora4_analytics', project, namespace))) throw new ForbiddenError();
  const perDay = await countSuccessfulDeploymentsByDay(db, {
    scope: { projectId: project.id },
    range: { since: params.from, until: to },
    environmentName: params.environment,
  });
  const days = [...perDay].map(([day, count]) => ({ day, count }));
  return deploymentFrequencyEntries(days, params.interval, params.from, to);
}

/** Where the DORA API reads: a project, or a group with its subgroups' projects. */
export type DoraPlace = { readonly kind: 'project' | 'group'; readonly idOrPath: string };

export interface DoraParams {
  readonly metric: string;
  readonly startDate?: EpochDay | undefined;
  readonly endDate?: EpochDay | undefined;
  readonly interval?: string | undefined;
  readonly environmentTiers?: readonly string[] | undefined;
}

/** A refusal GitLab answers with the service's own message and status (`render_api_error!`). */
export interface DoraRefusal {
  readonly status: 400 | 401;
  readonly message: string;
}

/**
 * The metric's points over the range, or the service's refusal: 401 for a caller without
 * read_dora4_analytics (GitLab's own status for it), then 400 for the range, interval, metric and
 * tiers. A place the caller cannot see is a NotFoundError first.
 */
export async function doraMetrics(
  db: Executor,
  access: AccessContext,
  place: DoraPlace,
  params: DoraParams,
): Promise<Result<DoraPoint[], DoraRefusal>> {
  const scope = await authorizedScope(db, access, place);
  if (!scope) return err({ status: 401, message: DORA_MESSAGES.forbidden });
  const today = utcDayOf(access.now());
  const request = {
    metric: params.metric,
    interval: params.interval ?? 'daily',
    start: params.startDate ?? doraDefaultStart(today),
    end: params.endDate ?? today,
    tiers: params.environmentTiers ?? DORA_DEFAULT_TIERS,
  };
  const refusal = doraRequestRefusal(request);
  if (refusal) return err({ status: 400, message: refusal });
  const buckets = doraBuckets(request.start, request.end, request.interval as DoraInterval);
  // The days start at midnight UTC; the end day is included.
  const range = { since: utcMidnightOf(request.start), until: utcMidnightOf(addDays(request.end, 1)) };
  return ok(
    await pointsOf(db, request.metric as DoraMetric, { scope, range, tiers: request.tiers }, buckets),
  );
}

async function authorizedScope(
  db: Executor,
  access: AccessContext,
  place: DoraPlace,
): Promise<DoraScope | null> {
  if (place.kind === 'project') {
    const { project, namespace } = await findReadableProject(db, access, place.idOrPath);
    return (await access.canInProject('read_dora4_analytics', project, namespace))
      ? { projectId: project.id }
      : null;
  }
  const group = await findReadableGroup(db, access, place.idOrPath);
  return (await access.canInNamespace('read_dora4_analytics', group)) ? { groupId: group.id } : null;
}

interface MetricQuery {
  readonly scope: DoraScope;
  readonly range: InstantRange;
  readonly tiers: readonly string[];
}

async function pointsOf(
  db: Executor,
  metric: DoraMetric,
  query: MetricQuery,
  buckets: readonly DoraBucket[],
): Promise<DoraPoint[]> {
  switch (metric) {
    case 'deployment_frequency':
      return sumPerBucket(buckets, await countSuccessfulDeploymentsByDay(db, query));
    case 'lead_time_for_changes':
      return medianPerBucket(buckets, await leadTimeDailyMedians(db, query));
    case 'time_to_restore_service':
      // Incidents belong to production: other tiers have none (GitLab reads production only).
      if (!(await readsProduction(db, query))) return emptyPerBucket(buckets);
      return medianPerBucket(buckets, await restoreDailyMedians(db, query.scope, query.range));
    case 'change_failure_rate': {
      if (!(await readsProduction(db, query))) return emptyPerBucket(buckets);
      const [incidents, deployments] = [
        await countIncidentsByDay(db, query.scope, query.range),
        await countSuccessfulDeploymentsByDay(db, { ...query, tiers: ['production'] }),
      ];
      return ratioPerBucket(buckets, incidents, deployments);
    }
  }
}

const readsProduction = async (db: Executor, query: MetricQuery) =>
  query.tiers.includes('production') && (await scopeHasProductionEnvironment(db, query.scope));
