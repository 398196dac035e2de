/**
 * GitLab's environment and deployment entities (REST, and the environments list's JSON) → the
 * views the environments pages show. Unknown statuses, tiers and states read as the safest value.
 */
import { APPROVAL_STATUSES, DEPLOYMENT_STATUSES, isFinished } from '../../../core/domain/deployments.ts';
import { ENVIRONMENT_STATES, ENVIRONMENT_TIERS } from '../../../core/domain/environments.ts';
import { mergeRequestWebPath } from '../../../core/domain/webPaths.ts';
import { toInstant } from '../dates.ts';
import { isObject, type Json, type OffsetPageInfo, str } from '../restJson.ts';
import type {
  ApprovalRuleView,
  DeploymentApprovalView,
  DeploymentPerson,
  DeploymentView,
  EnvironmentListItem,
  EnvironmentListPage,
  EnvironmentView,
  ShippedMergeRequest,
} from './environmentTypes.ts';

const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

function oneOf<T extends string>(values: readonly T[], value: unknown, fallback: T): T {
  return (values as readonly unknown[]).includes(value) ? (value as T) : fallback;
}

const list = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);

function toPerson(value: unknown): DeploymentPerson | null {
  if (!isObject(value)) return null;
  const id = num(value.id);
  const username = str(value.username);
  if (id === null || username === null) return null;
  return { id, username, name: str(value.name) ?? username };
}

export function toApproval(json: Json): DeploymentApprovalView | null {
  const user = toPerson(json.user);
  if (!user) return null;
  return {
    user,
    status: oneOf(APPROVAL_STATUSES, json.status, 'rejected'),
    createdAt: toInstant(str(json.created_at)),
    comment: str(json.comment) || null,
  };
}

const toApprovals = (value: unknown): DeploymentApprovalView[] =>
  list(value).flatMap((json) => toApproval(json) ?? []);

function toRule(json: Json): ApprovalRuleView {
  return {
    description: str(json.access_level_description) ?? '',
    requiredApprovals: num(json.required_approvals) ?? 1,
    approvals: toApprovals(json.deployment_approvals),
  };
}

export function toDeployment(json: Json): DeploymentView | null {
  const id = num(json.id);
  const iid = num(json.iid);
  if (id === null || iid === null) return null;
  // An unknown status is shown as created: neither finished nor waiting for anyone.
  const status = oneOf(DEPLOYMENT_STATUSES, json.status, 'created');
  const summary = isObject(json.approval_summary) ? json.approval_summary : null;
  return {
    id,
    iid,
    ref: str(json.ref) ?? '',
    sha: str(json.sha) ?? '',
    status,
    createdAt: toInstant(str(json.created_at)),
    finishedAt: isFinished(status) ? toInstant(str(json.updated_at)) : null,
    user: toPerson(json.user),
    pendingApprovalCount: num(json.pending_approval_count) ?? 0,
    approvals: toApprovals(json.approvals),
    rules: summary ? list(summary.rules).map(toRule) : null,
  };
}

export function toEnvironment(json: Json): EnvironmentView | null {
  const id = num(json.id);
  const name = str(json.name);
  if (id === null || name === null) return null;
  return {
    id,
    name,
    tier: oneOf(ENVIRONMENT_TIERS, json.tier, 'other'),
    state: oneOf(ENVIRONMENT_STATES, json.state, 'available'),
    externalUrl: str(json.external_url) || null,
    description: str(json.description) || null,
  };
}

function toListItem(json: Json): EnvironmentListItem | null {
  const environment = toEnvironment(json);
  if (!environment) return null;
  return {
    ...environment,
    webPath: str(json.environment_path) ?? '',
    canStop: json.can_stop === true,
    latestDeployment: isObject(json.latest_deployment) ? toDeployment(json.latest_deployment) : null,
  };
}

/** The environments list's JSON (`environments.json`) and its pagination headers' page. */
export function toEnvironmentListPage(body: unknown, page: OffsetPageInfo): EnvironmentListPage {
  const json = isObject(body) ? body : {};
  return {
    environments: list(json.environments).flatMap((item) => toListItem(item) ?? []),
    counts: { active: num(json.active_count) ?? 0, stopped: num(json.stopped_count) ?? 0 },
    page,
  };
}

/** A merge request of `GET …/deployments/:id/merge_requests`, linked on this server. */
export function toShippedMergeRequest(json: Json, projectFullPath: string): ShippedMergeRequest | null {
  const iid = num(json.iid);
  if (iid === null) return null;
  return { iid, title: str(json.title) ?? '', webPath: mergeRequestWebPath(projectFullPath, iid) };
}
