import { useCallback, useEffect, useState } from 'react';
import { usePageSettled } from '../idle.ts';
import {
  fetchDeployments,
  fetchEnvironment,
  fetchEnvironmentList,
  fetchShippedMergeRequests,
} from './environmentRest.ts';
import type {
  DeploymentsPage,
  EnvironmentListPage,
  EnvironmentScope,
  EnvironmentView,
  ShippedMergeRequest,
} from './environmentTypes.ts';

/** What a page read, whether it is reading (again), and how to read it again after a write. */
export interface Reloadable<T> {
  /** The last answer; kept while a newer read runs, so a list does not blink as it reloads. */
  readonly value: T | null;
  readonly loading: boolean;
  readonly failed: boolean;
  readonly reload: () => void;
}

/**
 * Reads `load` whenever `key` changes or `reload` is called (a null key reads nothing); a newer read
 * aborts the older. The page is not idle while a read runs.
 */
function useReloadable<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): Reloadable<T> {
  const [state, setState] = useState<{ value: T | null; loading: boolean; failed: boolean }>({
    value: null,
    loading: key !== null,
    failed: false,
  });
  const [generation, setGeneration] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names everything `load` reads; each generation reads again.
  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    setState((previous) => ({ ...previous, loading: true }));
    load(controller.signal).then(
      (value) => setState({ value, loading: false, failed: false }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(error);
        setState((previous) => ({ ...previous, loading: false, failed: true }));
      },
    );
    return () => controller.abort();
  }, [key, generation]);
  usePageSettled(!state.loading);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return { ...state, reload };
}

/** One page of the environments of a scope, with the scopes' counts. */
export function useEnvironmentList(
  endpoint: string,
  scope: EnvironmentScope,
  page: number,
): Reloadable<EnvironmentListPage> {
  return useReloadable(JSON.stringify([endpoint, scope, page]), (signal) =>
    fetchEnvironmentList(endpoint, scope, page, signal),
  );
}

export function useEnvironment(projectId: string, environmentId: string): Reloadable<EnvironmentView> {
  return useReloadable(JSON.stringify([projectId, environmentId]), (signal) =>
    fetchEnvironment(projectId, environmentId, signal),
  );
}

/** One page of the environment's deployments, newest first, with the approval rules of the blocked. */
export function useEnvironmentDeployments(
  projectId: string,
  environmentName: string,
  page: number,
): Reloadable<DeploymentsPage> {
  return useReloadable(JSON.stringify([projectId, environmentName, page]), (signal) =>
    fetchDeployments(projectId, environmentName, page, signal),
  );
}

/** What a deployment shipped; nothing is read while `enabled` is false (only successes ship). */
export function useShippedMergeRequests(
  projectId: string,
  projectFullPath: string,
  deploymentId: number,
  enabled: boolean,
): Reloadable<readonly ShippedMergeRequest[]> {
  return useReloadable(enabled ? JSON.stringify([projectId, deploymentId]) : null, (signal) =>
    fetchShippedMergeRequests(projectId, projectFullPath, deploymentId, signal),
  );
}
