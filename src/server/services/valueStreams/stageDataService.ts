import { RECORDS_PER_PAGE, type StageSubject } from '../../../core/domain/valueStreams.ts';
import type { Executor } from '../../db/executor.ts';
import {
  type DailyAverage,
  type RecordsSort,
  type StageQuery,
  stageCount,
  stageDailyAverages,
  stageMedian,
  stageRecords,
} from '../../db/repositories/stageDataRepository.ts';
import type { NamespaceRow, UserRow } from '../../db/schema.ts';
import type { AccessContext } from '../access.ts';
import { NotFoundError } from '../errors.ts';
import { findValueStreamView, type StageView, topLevelIdOf, valueStreamGroup } from './valueStreamService.ts';
import { pairOfStage, stageBackend } from './vsaAggregator.ts';
import { resolveFilters, resolveRange, type VsaParams } from './vsaRequest.ts';

/**
 * A stage's figures over the requested days (GitLab's Analytics::CycleAnalytics stage actions):
 * median, count, daily averages and the items, each read from the group's backend.
 */

export interface StageLocation {
  readonly groupPath: string;
  readonly valueStreamId: number;
  readonly stageId: number;
}

interface ResolvedStage {
  readonly group: NamespaceRow;
  readonly stage: StageView;
  readonly query: StageQuery;
}

async function resolveStage(
  db: Executor,
  access: AccessContext,
  location: StageLocation,
  params: VsaParams,
): Promise<ResolvedStage> {
  const group = await valueStreamGroup(db, access, location.groupPath);
  const range = resolveRange(params, access.now());
  const view = await findValueStreamView(db, group, location.valueStreamId, access.now());
  const stage = view.stages.find((item) => item.row.id === location.stageId);
  if (!stage) throw new NotFoundError('Stage');
  const pair = pairOfStage(stage.row);
  const backend = await stageBackend(db, topLevelIdOf(group), pair, access.now());
  const filters = await resolveFilters(db, group, params);
  return { group, stage, query: { pair, backend, filters, range } };
}

/** The median in seconds, or null when no item completed the stage in the range. */
export async function stageMedianSeconds(
  db: Executor,
  access: AccessContext,
  location: StageLocation,
  params: VsaParams,
): Promise<number | null> {
  const { query } = await resolveStage(db, access, location, params);
  const median = await stageMedian(db, query);
  return median === null ? null : Math.round(median / 1000);
}

export async function stageItemCount(
  db: Executor,
  access: AccessContext,
  location: StageLocation,
  params: VsaParams,
): Promise<number> {
  const { query } = await resolveStage(db, access, location, params);
  return stageCount(db, query);
}

export async function stageAverageDurationChart(
  db: Executor,
  access: AccessContext,
  location: StageLocation,
  params: VsaParams,
): Promise<DailyAverage[]> {
  const { query } = await resolveStage(db, access, location, params);
  return stageDailyAverages(db, query);
}

export interface StageRecord {
  readonly subject: StageSubject;
  readonly id: number;
  readonly iid: number;
  readonly title: string;
  readonly state: string;
  readonly projectPath: string;
  readonly namespacePath: string;
  readonly author: UserRow;
  readonly startEventTimestamp: Date;
  readonly endEventTimestamp: Date;
  readonly durationInMilliseconds: number;
}

export interface StageRecordsPage {
  readonly records: StageRecord[];
  readonly page: number;
  readonly hasNextPage: boolean;
}

export async function stageItems(
  db: Executor,
  access: AccessContext,
  location: StageLocation,
  params: VsaParams,
  order: { sort: RecordsSort; direction: 'asc' | 'desc'; page: number },
): Promise<StageRecordsPage> {
  const { query } = await resolveStage(db, access, location, params);
  const rows = await stageRecords(db, query, order, {
    offset: (order.page - 1) * RECORDS_PER_PAGE,
    limit: RECORDS_PER_PAGE,
  });
  const shown = rows.slice(0, RECORDS_PER_PAGE);
  const details = await recordDetails(
    db,
    query.pair.subject,
    shown.map((row) => row.id),
  );
  const records = shown.flatMap((row) => {
    const detail = details.get(row.id);
    return detail ? [{ ...detail, ...row, subject: query.pair.subject }] : [];
  });
  return { records, page: order.page, hasNextPage: rows.length > RECORDS_PER_PAGE };
}

type RecordDetail = Omit<
  StageRecord,
  'subject' | 'startEventTimestamp' | 'endEventTimestamp' | 'durationInMilliseconds'
>;

async function recordDetails(db: Executor, subject: StageSubject, ids: readonly number[]) {
  const found = new Map<number, RecordDetail>();
  if (ids.length === 0) return found;
  const table = subject === 'Issue' ? 'issues' : 'merge_requests';
  const rows = await db
    .selectFrom(`${table} as item` as 'issues as item')
    .innerJoin('projects', 'projects.id', 'item.project_id')
    .innerJoin('namespaces', 'namespaces.id', 'projects.namespace_id')
    .innerJoin('users', 'users.id', 'item.author_id')
    .select([
      'item.id',
      'item.iid',
      'item.title',
      'item.state',
      'projects.full_path as project_path',
      'namespaces.full_path as namespace_path',
    ])
    .selectAll('users')
    .select('item.id as item_id')
    .where('item.id', 'in', [...ids])
    .execute();
  for (const row of rows) {
    const { item_id, iid, title, state, project_path, namespace_path, ...user } = row;
    found.set(item_id, {
      id: item_id,
      iid,
      title,
      state,
      projectPath: project_path,
      namespacePath: namespace_path,
      author: user as unknown as UserRow,
    });
  }
  return found;
}
