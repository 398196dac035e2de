import {
  type ApprovalRuleEntry,
  describeAccessEntry,
  pendingApprovalCount,
} from '../../../core/domain/deployments.ts';
import type {
  ApprovalRuleRow,
  DeployAccessLevelRow,
  DeploymentApprovalRow,
  DeploymentRow,
  EnvironmentRow,
  NamespaceRow,
  UserRow,
} from '../../db/schema.ts';
import { accessEntryOf } from '../../services/deployments/deploymentAccess.ts';
import type { DeploymentPageFacts } from '../../services/deployments/deploymentQueries.ts';
import type { ProtectedEnvironmentView } from '../../services/deployments/protectedEnvironmentService.ts';
import { userBasicJson } from './presenters.ts';

/**
 * GitLab's REST entities for environments, deployments, deployment approvals and protected
 * environments (API::Entities::Environment, Deployment, DeploymentExtended, Deployments::Approval,
 * ProtectedEnvironment). There are no CI jobs or cluster agents here: `deployable`, `cluster_agent`,
 * `kubernetes_namespace` and `flux_resource_path` are null.
 */

type Json = Record<string, unknown>;

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** API::Entities::EnvironmentBasic, what the review-app cleanup lists. */
export const environmentBasicJson = (environment: EnvironmentRow): Json => ({
  id: environment.id,
  name: environment.name,
  slug: environment.slug,
  external_url: environment.external_url,
});

/** API::Entities::Environment. */
export function environmentJson(environment: EnvironmentRow, projectPath: string): Json {
  return {
    id: environment.id,
    name: environment.name,
    slug: environment.slug,
    description: environment.description,
    external_url: environment.external_url,
    state: environment.state,
    tier: environment.tier,
    created_at: environment.created_at.toISOString(),
    updated_at: environment.updated_at.toISOString(),
    enable_advanced_logs_querying: false,
    logs_api_path: `/${projectPath}/-/logs/k8s.json?environment_name=${encodeURIComponent(environment.name)}`,
    auto_stop_at: iso(environment.auto_stop_at),
    kubernetes_namespace: null,
    flux_resource_path: null,
    auto_stop_setting: environment.auto_stop_setting,
  };
}

/** One environment with its current deployment (`GET …/environments/:environment_id`). */
export function environmentDetailsJson(
  environment: EnvironmentRow,
  projectPath: string,
  lastDeployment: Json | null,
): Json {
  return {
    ...environmentJson(environment, projectPath),
    last_deployment: lastDeployment,
    cluster_agent: null,
  };
}

function lookup<T>(map: ReadonlyMap<number, T>, id: number, what: string): T {
  const found = map.get(id);
  if (found === undefined) throw new Error(`${what} ${id} is missing`);
  return found;
}

/** API::Entities::Deployments::Approval. */
export function approvalJson(approval: DeploymentApprovalRow, user: UserRow, externalUrl: string): Json {
  return {
    user: userBasicJson(user, externalUrl),
    status: approval.status,
    created_at: approval.created_at.toISOString(),
    comment: approval.comment,
  };
}

const ruleOf = (row: ApprovalRuleRow): ApprovalRuleEntry => ({
  ...accessEntryOf(row),
  id: row.id,
  requiredApprovals: row.required_approvals,
});

/** GitLab's access_level_description: the user's or group's name, or the role's. */
function descriptionOf(
  row: DeployAccessLevelRow | ApprovalRuleRow,
  users: ReadonlyMap<number, UserRow>,
  groups: ReadonlyMap<number, NamespaceRow>,
): string {
  return describeAccessEntry(accessEntryOf(row), {
    user: row.user_id === null ? undefined : users.get(row.user_id)?.name,
    group: row.group_id === null ? undefined : groups.get(row.group_id)?.name,
  });
}

/**
 * API::Entities::Deployment with EE's approval fields. `withEnvironment` is false inside an
 * environment's own answer (its last_deployment); `withSummary` adds the approval_summary of a
 * single deployment whose environment has approval rules (DeploymentExtended).
 */
export function deploymentJson(
  deployment: DeploymentRow,
  facts: DeploymentPageFacts,
  externalUrl: string,
  options: { readonly withEnvironment?: boolean; readonly withSummary?: boolean } = {},
): Json {
  const environment = lookup(facts.environments, deployment.environment_id, 'Environment');
  const approvals = facts.approvals.get(deployment.id) ?? [];
  const rules = facts.rules.get(environment.name) ?? [];
  const user = deployment.user_id === null ? undefined : facts.users.get(deployment.user_id);
  const approvalsJson = (list: readonly DeploymentApprovalRow[]) =>
    list.map((approval) =>
      approvalJson(approval, lookup(facts.users, approval.user_id, 'User'), externalUrl),
    );
  const json: Json = {
    id: deployment.id,
    iid: deployment.iid,
    ref: deployment.ref,
    sha: deployment.sha,
    created_at: deployment.created_at.toISOString(),
    updated_at: deployment.updated_at.toISOString(),
    status: deployment.status,
    user: user ? userBasicJson(user, externalUrl) : null,
    ...(options.withEnvironment === false
      ? {}
      : {
          environment: { id: environment.id, name: environment.name, external_url: environment.external_url },
        }),
    deployable: null,
    pending_approval_count: pendingApprovalCount(
      deployment.status,
      rules.map(ruleOf),
      approvals.map((approval) => ({
        userId: approval.user_id,
        status: approval.status,
        ruleId: approval.approval_rule_id,
      })),
    ),
    approvals: approvalsJson(approvals),
  };
  if (options.withSummary && rules.length > 0) {
    json.approval_summary = {
      rules: rules.map((rule) => ({
        user_id: rule.user_id,
        group_id: rule.group_id,
        access_level: rule.access_level,
        access_level_description: descriptionOf(rule, facts.users, facts.groups),
        required_approvals: rule.required_approvals,
        deployment_approvals: approvalsJson(
          approvals.filter((approval) => approval.approval_rule_id === rule.id),
        ),
      })),
    };
  }
  return json;
}

/** API::Entities::ProtectedEnvironment. */
export function protectedEnvironmentJson(view: ProtectedEnvironmentView): Json {
  const common = (row: DeployAccessLevelRow | ApprovalRuleRow) => ({
    id: row.id,
    access_level: row.access_level,
    access_level_description: descriptionOf(row, view.users, view.groups),
    user_id: row.user_id,
    group_id: row.group_id,
    group_inheritance_type: row.group_inheritance_type,
  });
  return {
    name: view.environment.name,
    deploy_access_levels: view.deployAccessLevels.map(common),
    // The deprecated unified setting: never set here (the API refuses a count above 0).
    required_approval_count: 0,
    approval_rules: view.approvalRules.map((rule) => ({
      ...common(rule),
      required_approvals: rule.required_approvals,
    })),
  };
}
