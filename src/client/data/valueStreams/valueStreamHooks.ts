/**
 * The value stream analytics page's reads, each keyed by what it depends on: a change of filters
 * reads again, and the page is idle once every read has answered (reloadable.ts).
 */
import { type Reloadable, useReloadable } from '../reloadable.ts';
import {
  fetchStageData,
  fetchStageMedians,
  fetchStagesAndEvents,
  fetchSummaries,
  fetchTasksByType,
  fetchTopLabels,
  fetchValueStreams,
  type StageData,
  type Summaries,
} from './valueStreamRest.ts';
import type {
  SortDirection,
  StageSort,
  StagesAndEvents,
  TasksByTypeSeries,
  ValueStream,
  VsaFilters,
  VsaLabel,
  VsaSubject,
} from './valueStreamTypes.ts';

export function useValueStreams(fullPath: string): Reloadable<readonly ValueStream[]> {
  return useReloadable(fullPath, (signal) => fetchValueStreams(fullPath, signal));
}

/** The stream's stages and the events a custom stage may use (null: nothing chosen yet). */
export function useStagesAndEvents(
  fullPath: string,
  valueStreamId: number | null,
): Reloadable<StagesAndEvents> {
  return useReloadable(valueStreamId === null ? null : JSON.stringify([fullPath, valueStreamId]), (signal) =>
    fetchStagesAndEvents(fullPath, valueStreamId ?? 0, signal),
  );
}

/** The medians of these stages (seconds; null without items), by stage id. */
export function useStageMedians(
  fullPath: string,
  valueStreamId: number | null,
  stageIds: readonly number[],
  filters: VsaFilters,
): Reloadable<ReadonlyMap<number, number | null>> {
  const key = valueStreamId === null ? null : JSON.stringify([fullPath, valueStreamId, stageIds, filters]);
  return useReloadable(key, (signal) =>
    fetchStageMedians(fullPath, valueStreamId ?? 0, stageIds, filters, signal),
  );
}

/** A stage's count, average durations and a page of its records (null: the overview, nothing read). */
export function useStageData(
  fullPath: string,
  valueStreamId: number | null,
  stageId: number | null,
  filters: VsaFilters,
  order: { readonly sort: StageSort; readonly direction: SortDirection; readonly page: number },
): Reloadable<StageData> {
  const key =
    valueStreamId === null || stageId === null
      ? null
      : JSON.stringify([fullPath, valueStreamId, stageId, filters, order]);
  return useReloadable(key, (signal) =>
    fetchStageData(fullPath, valueStreamId ?? 0, stageId ?? 0, filters, order, signal),
  );
}

/** The overview's metrics (not read while a stage is shown). */
export function useSummaries(fullPath: string, filters: VsaFilters, enabled: boolean): Reloadable<Summaries> {
  return useReloadable(enabled ? JSON.stringify([fullPath, filters]) : null, (signal) =>
    fetchSummaries(fullPath, filters, signal),
  );
}

export function useTopLabels(
  fullPath: string,
  subject: VsaSubject,
  filters: VsaFilters,
  enabled: boolean,
): Reloadable<readonly VsaLabel[]> {
  return useReloadable(enabled ? JSON.stringify([fullPath, subject, filters]) : null, (signal) =>
    fetchTopLabels(fullPath, subject, filters, signal),
  );
}

/** Tasks by type of these labels (null: the labels are not known yet, nothing read). */
export function useTasksByType(
  fullPath: string,
  subject: VsaSubject,
  labelNames: readonly string[] | null,
  filters: VsaFilters,
): Reloadable<readonly TasksByTypeSeries[]> {
  const key = labelNames === null ? null : JSON.stringify([fullPath, subject, labelNames, filters]);
  return useReloadable(key, (signal) =>
    fetchTasksByType(fullPath, subject, labelNames ?? [], filters, signal),
  );
}
