import { type Reloadable, useReloadable } from '../reloadable.ts';
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

export type { Reloadable };

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
