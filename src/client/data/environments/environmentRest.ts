/**
 * The environments pages' calls: the list's page of a scope (`environments.json`, GitLab's own
 * page data), and GitLab's REST API for an environment, its deployments newest first, what a
 * deployment shipped, approving or rejecting a deployment and stopping an environment.
 */
import type { ApprovalStatus } from '../../../core/domain/deployments.ts';
import { deploymentApiPath, environmentApiPath } from '../../../core/domain/webPaths.ts';
import { err, ok, type Result } from '../../../core/lib/result.ts';
import { getJsonAnswer, getJsonArray, isObject, offsetPageInfo, sendJson } from '../restJson.ts';
import {
  toDeployment,
  toEnvironment,
  toEnvironmentListPage,
  toShippedMergeRequest,
} from './environmentMappers.ts';
import type {
  DeploymentsPage,
  DeploymentView,
  EnvironmentListPage,
  EnvironmentScope,
  EnvironmentView,
  ShippedMergeRequest,
} from './environmentTypes.ts';

/** How many environments, and deployments, a page shows (GitLab's default page size). */
export const ENVIRONMENTS_PAGE_SIZE = 20;

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export async function fetchEnvironmentList(
  endpoint: string,
  scope: EnvironmentScope,
  page: number,
  signal: AbortSignal,
): Promise<EnvironmentListPage> {
  const query = new URLSearchParams({
    scope,
    page: String(page),
    per_page: String(ENVIRONMENTS_PAGE_SIZE),
  });
  const { body, headers } = await getJsonAnswer(`${endpoint}?${query}`, signal);
  const environments = isObject(body) && Array.isArray(body.environments) ? body.environments.length : 0;
  return toEnvironmentListPage(body, offsetPageInfo(headers, environments));
}

export async function fetchEnvironment(
  projectId: string,
  environmentId: string,
  signal: AbortSignal,
): Promise<EnvironmentView> {
  const { body } = await getJsonAnswer(environmentApiPath(projectId, environmentId), signal);
  const environment = isObject(body) ? toEnvironment(body) : null;
  if (!environment) throw new Error(`Environment ${environmentId} answered no environment`);
  return environment;
}

async function fetchDeployment(projectId: string, id: number, signal: AbortSignal): Promise<DeploymentView> {
  const { body } = await getJsonAnswer(deploymentApiPath(projectId, id), signal);
  const deployment = isObject(body) ? toDeployment(body) : null;
  if (!deployment) throw new Error(`Deployment ${id} answered no deployment`);
  return deployment;
}

/**
 * One page of the environment's deployments, newest first. Those waiting for approval are read
 * again one by one (few at a time), for the approval rules only a single deployment's answer has.
 */
export async function fetchDeployments(
  projectId: string,
  environmentName: string,
  page: number,
  signal: AbortSignal,
): Promise<DeploymentsPage> {
  const query = new URLSearchParams({
    environment: environmentName,
    order_by: 'id',
    sort: 'desc',
    page: String(page),
    per_page: String(ENVIRONMENTS_PAGE_SIZE),
  });
  const { body, headers } = await getJsonAnswer(`${deploymentApiPath(projectId)}?${query}`, signal);
  const listed = (Array.isArray(body) ? body.filter(isObject) : []).flatMap(
    (json) => toDeployment(json) ?? [],
  );
  const deployments = await Promise.all(
    listed.map((deployment) =>
      deployment.status === 'blocked' ? fetchDeployment(projectId, deployment.id, signal) : deployment,
    ),
  );
  return { deployments, page: offsetPageInfo(headers, deployments.length) };
}

/** The merge requests the deployment shipped (its first page: GitLab's default of 20). */
export async function fetchShippedMergeRequests(
  projectId: string,
  projectFullPath: string,
  deploymentId: number,
  signal: AbortSignal,
): Promise<ShippedMergeRequest[]> {
  const url = `${deploymentApiPath(projectId, deploymentId, 'merge_requests')}?view=simple`;
  const list = await getJsonArray(url, signal);
  return list.flatMap((json) => toShippedMergeRequest(json, projectFullPath) ?? []);
}

/** Approves or rejects a blocked deployment, with an optional comment; the server's refusal on failure. */
export async function approveDeployment(
  projectId: string,
  deploymentId: number,
  status: ApprovalStatus,
  comment: string,
): Promise<Result<void, string>> {
  try {
    await sendJson('POST', deploymentApiPath(projectId, deploymentId, 'approval'), {
      status,
      ...(comment.trim() ? { comment: comment.trim() } : {}),
    });
    return ok(undefined);
  } catch (error) {
    return err(messageOf(error));
  }
}

/** Stops the environment; the server's refusal on failure. */
export async function stopEnvironment(
  projectId: string,
  environmentId: number,
): Promise<Result<EnvironmentView | null, string>> {
  try {
    const response = await sendJson('POST', environmentApiPath(projectId, environmentId, 'stop'));
    const body: unknown = await response.json();
    return ok(isObject(body) ? toEnvironment(body) : null);
  } catch (error) {
    return err(messageOf(error));
  }
}
