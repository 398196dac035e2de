import { useEffect, useState } from 'react';
import { usePageSettled } from '../idle.ts';
import {
  type DashboardIssue,
  type DashboardPage,
  type DashboardTodo,
  fetchAssignedIssues,
  fetchPendingTodos,
  type IssueStateFilter,
} from './dashboardRest.ts';

export interface RestListState<T> {
  readonly data: DashboardPage<T> | null;
  readonly loading: boolean;
  readonly failed: boolean;
}

/** One REST list read while `enabled`, again when `key` changes; the page is not idle until it answers. */
function useRestList<T>(
  key: string,
  enabled: boolean,
  load: (signal: AbortSignal) => Promise<DashboardPage<T>>,
): RestListState<T> {
  const [state, setState] = useState<RestListState<T>>({ data: null, loading: enabled, failed: false });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names everything `load` reads.
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    setState((previous) => ({ ...previous, loading: true }));
    load(controller.signal).then(
      (data) => setState({ data, loading: false, failed: false }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(error);
        setState({ data: null, loading: false, failed: true });
      },
    );
    return () => controller.abort();
  }, [key, enabled]);
  usePageSettled(!state.loading);
  return state;
}

/** The issues assigned to the signed-in user (nothing is read for a visitor: `enabled` false). */
export function useAssignedIssues(
  options: { readonly state: IssueStateFilter; readonly page: number; readonly perPage: number },
  enabled: boolean,
): RestListState<DashboardIssue> {
  return useRestList(`${options.state}:${options.page}:${options.perPage}`, enabled, (signal) =>
    fetchAssignedIssues(options, signal),
  );
}

export function usePendingTodos(perPage: number, enabled: boolean): RestListState<DashboardTodo> {
  return useRestList(String(perPage), enabled, (signal) => fetchPendingTodos(perPage, signal));
}
