import { type StageSubject, VSA_MESSAGES } from '../../../core/domain/valueStreams.ts';
import { formatDay, parseDay } from '../../../core/time/epochDay.ts';
import type { Executor } from '../../db/executor.ts';
import {
  countCreatedPerLabelAndDay,
  countIssuesCreated,
  countProductionDeploys,
  cycleTimeMedian,
  groupLabelsOfHierarchy,
  leadTimeMedian,
  topLabelIds,
} from '../../db/repositories/vsaOverviewRepository.ts';
import type { LabelRow } from '../../db/schema.ts';
import { type AccessContext, requireFeature } from '../access.ts';
import { ForbiddenError } from '../errors.ts';
import { valueStreamGroup } from './valueStreamService.ts';
import { resolveFilters, resolveRange, type VsaParams, VsaRequestError } from './vsaRequest.ts';

/**
 * The overview of value stream analytics: GitLab's summary (new issues, deploys, deployment
 * frequency) and time summary (lead time, cycle time), and the type-of-work chart.
 */

export interface SummaryMetric {
  readonly identifier: string;
  readonly title: string;
  readonly value: string;
  readonly unit?: string;
  readonly description?: string;
}

const DAY_MS = 86_400_000;

/** Days with one decimal, or GitLab's "-" when there is nothing to measure. */
const daysText = (milliseconds: number | null) =>
  milliseconds === null ? '-' : String(Math.round((milliseconds / DAY_MS) * 10) / 10);

/** The group's range and filters, once the caller may read its analytics. */
async function overviewScope(db: Executor, access: AccessContext, groupPath: string, params: VsaParams) {
  const group = await valueStreamGroup(db, access, groupPath);
  return { range: resolveRange(params, access.now()), filters: await resolveFilters(db, group, params) };
}

export async function vsaSummary(
  db: Executor,
  access: AccessContext,
  groupPath: string,
  params: VsaParams,
): Promise<SummaryMetric[]> {
  const { range, filters } = await overviewScope(db, access, groupPath, params);
  const issues = await countIssuesCreated(db, filters, range);
  const deploys = await countProductionDeploys(db, filters, range);
  return [
    { identifier: 'issues', title: 'New issues', value: String(issues) },
    { identifier: 'deploys', title: 'Deploys', value: String(deploys) },
    {
      identifier: 'deployment_frequency',
      title: 'Deployment frequency',
      value: String(Math.round((deploys / range.days) * 10) / 10),
      unit: '/day',
    },
  ];
}

export async function vsaTimeSummary(
  db: Executor,
  access: AccessContext,
  groupPath: string,
  params: VsaParams,
): Promise<SummaryMetric[]> {
  const { range, filters } = await overviewScope(db, access, groupPath, params);
  return [
    {
      identifier: 'lead_time',
      title: 'Lead time',
      value: daysText(await leadTimeMedian(db, filters, range)),
      unit: 'days',
      description: 'Median time from issue created to issue closed.',
    },
    {
      identifier: 'cycle_time',
      title: 'Cycle time',
      value: daysText(await cycleTimeMedian(db, filters, range)),
      unit: 'days',
      description:
        'Median time from the first merge request that closes an issue being opened to the issue being closed.',
    },
  ];
}

export interface TasksByTypeParams extends VsaParams {
  readonly subject: StageSubject;
  readonly labelNames: readonly string[];
}

export interface LabelSeries {
  readonly label: LabelRow;
  readonly series: [string, number][];
}

async function typeOfWorkGroup(db: Executor, access: AccessContext, groupPath: string) {
  const group = await valueStreamGroup(db, access, groupPath);
  await requireFeature(access, group, 'type_of_work_analytics');
  if (!(await access.canInNamespace('read_type_of_work_analytics', group))) throw new ForbiddenError();
  return group;
}

/**
 * Per label asked for, how many issuables created on each day of the range carry it (every day of
 * the range, zeros included). GitLab refuses a request without labels or without a start day (422).
 */
export async function tasksByType(
  db: Executor,
  access: AccessContext,
  groupPath: string,
  params: TasksByTypeParams,
): Promise<LabelSeries[]> {
  const group = await typeOfWorkGroup(db, access, groupPath);
  if (!params.createdAfter) throw new VsaRequestError(VSA_MESSAGES.createdAfterRequired);
  if (params.labelNames.length === 0) throw new VsaRequestError(VSA_MESSAGES.labelNamesRequired);
  const range = resolveRange(params, access.now());
  const filters = await resolveFilters(db, group, { ...params, labelNames: undefined });
  const wanted = new Set(params.labelNames.map((name) => name.toLowerCase()));
  const labels = (await groupLabelsOfHierarchy(db, group.traversal_ids)).filter((label) =>
    wanted.has(label.title.toLowerCase()),
  );
  const counts = await countCreatedPerLabelAndDay(
    db,
    params.subject,
    labels.map((label) => label.id),
    filters,
    range,
  );
  const days: string[] = [];
  for (let day = parseDay(range.from); day <= parseDay(range.to); day++) days.push(formatDay(day));
  return labels.map((label) => {
    const perDay = new Map(
      counts.filter((count) => count.labelId === label.id).map((count) => [count.date, count.count]),
    );
    return { label, series: days.map((day) => [day, perDay.get(day) ?? 0] as [string, number]) };
  });
}

/** The ten group labels most carried by issuables created in the range. */
export async function topLabels(
  db: Executor,
  access: AccessContext,
  groupPath: string,
  params: VsaParams & { readonly subject: StageSubject },
): Promise<LabelRow[]> {
  const group = await typeOfWorkGroup(db, access, groupPath);
  if (!params.createdAfter) throw new VsaRequestError(VSA_MESSAGES.createdAfterRequired);
  const range = resolveRange(params, access.now());
  const filters = await resolveFilters(db, group, { ...params, labelNames: undefined });
  const labels = await groupLabelsOfHierarchy(db, group.traversal_ids);
  const top = await topLabelIds(
    db,
    params.subject,
    labels.map((label) => label.id),
    filters,
    range,
    10,
  );
  const byId = new Map(labels.map((label) => [label.id, label]));
  return top.flatMap((id) => {
    const label = byId.get(id);
    return label ? [label] : [];
  });
}
