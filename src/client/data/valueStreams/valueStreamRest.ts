/**
 * The value stream analytics page's calls: GitLab's web JSON routes under the group's
 * `/-/analytics/value_stream_analytics` (value streams, their stages and events, each stage's median,
 * count, average durations and records, the overview's summaries) and `/-/analytics/type_of_work`
 * (tasks by type). Reads reject with an `AnswerError` carrying the status; writes answer a Result.
 */
import { groupTypeOfWorkPath, groupValueStreamAnalyticsPath } from '../../../core/domain/webPaths.ts';
import { err, ok, type Result } from '../../../core/lib/result.ts';
import { csrfHeaders, jsonWriteHeaders } from '../csrf.ts';
import { failureMessage } from '../restJson.ts';
import {
  toCount,
  toDurationChart,
  toLabels,
  toMedian,
  toStageRecords,
  toStagesAndEvents,
  toSummaryMetrics,
  toTasksByType,
  toValueStream,
  toValueStreamErrors,
  toValueStreams,
} from './valueStreamMappers.ts';
import type {
  DurationOnDay,
  SortDirection,
  StageRecordsPage,
  StageSort,
  StagesAndEvents,
  SummaryMetric,
  TasksByTypeSeries,
  ValueStream,
  ValueStreamErrors,
  ValueStreamInput,
  VsaFilters,
  VsaLabel,
  VsaSubject,
} from './valueStreamTypes.ts';

/** A read the server refused or failed: its status and its message (GitLab's `message`). */
export class AnswerError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'AnswerError';
    this.status = status;
  }
}

async function getJson(url: string, signal: AbortSignal): Promise<{ body: unknown; headers: Headers }> {
  const response = await fetch(url, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
    signal,
  });
  if (!response.ok) throw new AnswerError(response.status, await failureMessage(response));
  return { body: await response.json(), headers: response.headers };
}

const vsaPath = (fullPath: string, rest: string): string =>
  `${groupValueStreamAnalyticsPath(fullPath)}/${rest}`;
const streamPath = (fullPath: string, valueStreamId: number, rest = ''): string =>
  vsaPath(fullPath, `value_streams/${valueStreamId}${rest}`);
const stagePath = (fullPath: string, valueStreamId: number, stageId: number, rest: string): string =>
  streamPath(fullPath, valueStreamId, `/stages/${stageId}/${rest}`);

/** The filters as GitLab's query parameters; `withLabels: false` leaves the label filter out. */
export function filterParams(
  filters: VsaFilters,
  options: { readonly withLabels?: boolean } = {},
): URLSearchParams {
  const params = new URLSearchParams({
    created_after: filters.createdAfter,
    created_before: filters.createdBefore,
  });
  for (const id of filters.projectIds) params.append('project_ids[]', String(id));
  if (options.withLabels !== false)
    for (const label of filters.labelNames) params.append('label_name[]', label);
  if (filters.milestoneTitle) params.set('milestone_title', filters.milestoneTitle);
  if (filters.authorUsername) params.set('author_username', filters.authorUsername);
  for (const name of filters.assigneeUsernames) params.append('assignee_username[]', name);
  return params;
}

export async function fetchValueStreams(fullPath: string, signal: AbortSignal): Promise<ValueStream[]> {
  return toValueStreams((await getJson(vsaPath(fullPath, 'value_streams'), signal)).body);
}

export async function fetchStagesAndEvents(
  fullPath: string,
  valueStreamId: number,
  signal: AbortSignal,
): Promise<StagesAndEvents> {
  return toStagesAndEvents((await getJson(streamPath(fullPath, valueStreamId, '/stages'), signal)).body);
}

/** Each stage's median (seconds, null without items), read side by side, by stage id. */
export async function fetchStageMedians(
  fullPath: string,
  valueStreamId: number,
  stageIds: readonly number[],
  filters: VsaFilters,
  signal: AbortSignal,
): Promise<ReadonlyMap<number, number | null>> {
  const query = filterParams(filters);
  const medians = await Promise.all(
    stageIds.map(async (id) => {
      const { body } = await getJson(`${stagePath(fullPath, valueStreamId, id, 'median')}?${query}`, signal);
      return [id, toMedian(body)] as const;
    }),
  );
  return new Map(medians);
}

export interface StageData {
  readonly count: number;
  readonly durations: readonly DurationOnDay[];
  readonly records: StageRecordsPage;
}

/** A stage's count, average durations by day and one page of its records, sorted. */
export async function fetchStageData(
  fullPath: string,
  valueStreamId: number,
  stageId: number,
  filters: VsaFilters,
  order: { readonly sort: StageSort; readonly direction: SortDirection; readonly page: number },
  signal: AbortSignal,
): Promise<StageData> {
  const query = filterParams(filters);
  const recordsQuery = new URLSearchParams(query);
  recordsQuery.set('sort', order.sort);
  recordsQuery.set('direction', order.direction);
  recordsQuery.set('page', String(order.page));
  const url = (rest: string, params: URLSearchParams) =>
    `${stagePath(fullPath, valueStreamId, stageId, rest)}?${params}`;
  const [count, chart, records] = await Promise.all([
    getJson(url('count', query), signal),
    getJson(url('average_duration_chart', query), signal),
    getJson(url('records', recordsQuery), signal),
  ]);
  const nextPage = Number(records.headers.get('x-next-page') || Number.NaN);
  const page = Number(records.headers.get('x-page') || order.page);
  return {
    count: toCount(count.body),
    durations: toDurationChart(chart.body),
    records: {
      records: toStageRecords(records.body),
      page: Number.isFinite(page) ? page : order.page,
      nextPage: Number.isFinite(nextPage) ? nextPage : null,
    },
  };
}

export interface Summaries {
  readonly summary: readonly SummaryMetric[];
  readonly timeSummary: readonly SummaryMetric[];
}

/** The overview's metrics: lead and cycle time, new issues, deploys and deployment frequency. */
export async function fetchSummaries(
  fullPath: string,
  filters: VsaFilters,
  signal: AbortSignal,
): Promise<Summaries> {
  const query = filterParams(filters);
  const [summary, timeSummary] = await Promise.all([
    getJson(`${vsaPath(fullPath, 'summary')}?${query}`, signal),
    getJson(`${vsaPath(fullPath, 'time_summary')}?${query}`, signal),
  ]);
  return { summary: toSummaryMetrics(summary.body), timeSummary: toSummaryMetrics(timeSummary.body) };
}

/** The labels most used on the subject's items in the range (at most 10, most used first). */
export async function fetchTopLabels(
  fullPath: string,
  subject: VsaSubject,
  filters: VsaFilters,
  signal: AbortSignal,
): Promise<VsaLabel[]> {
  const query = filterParams(filters, { withLabels: false });
  query.set('subject', subject);
  const url = `${groupTypeOfWorkPath(fullPath)}/tasks_by_type/top_labels?${query}`;
  return toLabels((await getJson(url, signal)).body);
}

/** Each label's items created on each day of the range (none asked: none read). */
export async function fetchTasksByType(
  fullPath: string,
  subject: VsaSubject,
  labelNames: readonly string[],
  filters: VsaFilters,
  signal: AbortSignal,
): Promise<TasksByTypeSeries[]> {
  if (labelNames.length === 0) return [];
  const query = filterParams(filters, { withLabels: false });
  query.set('subject', subject);
  for (const name of labelNames) query.append('label_names[]', name);
  return toTasksByType(
    (await getJson(`${groupTypeOfWorkPath(fullPath)}/tasks_by_type?${query}`, signal)).body,
  );
}

/**
 * The body GitLab's value stream routes take, in snake_case: a stage the stream has by its id, name
 * and visibility; a new or custom one with its events (and labels, for label events).
 */
export function valueStreamBody(input: ValueStreamInput): unknown {
  return {
    name: input.name,
    stages: input.stages.map((stage) => ({
      ...(stage.id === undefined ? {} : { id: stage.id }),
      name: stage.name,
      custom: stage.custom,
      hidden: stage.hidden,
      ...(stage.startEventIdentifier === undefined
        ? {}
        : { start_event_identifier: stage.startEventIdentifier }),
      ...(stage.endEventIdentifier === undefined ? {} : { end_event_identifier: stage.endEventIdentifier }),
      ...(stage.startEventLabelId === undefined ? {} : { start_event_label_id: stage.startEventLabelId }),
      ...(stage.endEventLabelId === undefined ? {} : { end_event_label_id: stage.endEventLabelId }),
    })),
  };
}

const SAVE_FAILED = 'There was an error saving the value stream.';

async function saveValueStream(
  method: 'POST' | 'PUT',
  url: string,
  input: ValueStreamInput,
): Promise<Result<ValueStream, ValueStreamErrors>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: jsonWriteHeaders(),
      body: JSON.stringify(valueStreamBody(input)),
    });
  } catch {
    return err({ message: SAVE_FAILED, name: [], stages: {} });
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    return err(toValueStreamErrors(body, `${SAVE_FAILED} (${response.status})`));
  }
  const saved = toValueStream(await response.json());
  return saved ? ok(saved) : err({ message: SAVE_FAILED, name: [], stages: {} });
}

export function createValueStream(
  fullPath: string,
  input: ValueStreamInput,
): Promise<Result<ValueStream, ValueStreamErrors>> {
  return saveValueStream('POST', vsaPath(fullPath, 'value_streams'), input);
}

export function updateValueStream(
  fullPath: string,
  valueStreamId: number,
  input: ValueStreamInput,
): Promise<Result<ValueStream, ValueStreamErrors>> {
  return saveValueStream('PUT', streamPath(fullPath, valueStreamId), input);
}

/** Deletes a custom value stream; the server's refusal in words on failure. */
export async function deleteValueStream(
  fullPath: string,
  valueStreamId: number,
): Promise<Result<void, string>> {
  try {
    const response = await fetch(streamPath(fullPath, valueStreamId), {
      method: 'DELETE',
      credentials: 'same-origin',
      headers: csrfHeaders(),
    });
    if (!response.ok) return err(await failureMessage(response));
    return ok(undefined);
  } catch (error) {
    return err(error instanceof Error ? error.message : String(error));
  }
}
