import {
  type DeploymentListShape,
  deploymentListRefusal,
  effectiveDeploymentOrder,
} from '../../../core/domain/deployments.ts';
import type { Executor } from '../../db/executor.ts';
import type { OffsetLimit, PageWithTotal } from '../../db/pagination.ts';
import {
  findApprovalsOf,
  findDeployment,
  findShippedMergeRequestIids,
  listDeployments,
} from '../../db/repositories/deploymentRepository.ts';
import { findEnvironmentsByIds } from '../../db/repositories/environmentRepository.ts';
import { findNamespacesByIds } from '../../db/repositories/namespaceRepository.ts';
import {
  findApprovalRules,
  findProtectedEnvironmentsByNames,
} from '../../db/repositories/protectedEnvironmentRepository.ts';
import { findUsersByIds } from '../../db/repositories/userRepository.ts';
import type {
  ApprovalRuleRow,
  DeploymentApprovalRow,
  DeploymentRow,
  EnvironmentRow,
  NamespaceRow,
  UserRow,
} from '../../db/schema.ts';
import type { AccessContext } from '../access.ts';
import type { ProjectInNamespace } from '../issueService.ts';
import { BadRequestError, projectWhereActorMay, RecordNotFoundError } from './deploymentAccess.ts';

/**
 * Reading deployments (GitLab's lib/api/deployments.rb reads): Reporters and up, anyone signed in on
 * a public project; and what their REST entities show, read a page at a time.
 */

export interface DeploymentInProject extends ProjectInNamespace {
  readonly deployment: DeploymentRow;
}

export interface DeploymentListParams extends DeploymentListShape {
  readonly direction: 'asc' | 'desc';
  readonly environment?: string | undefined;
  readonly updatedAfter?: Date | undefined;
  readonly updatedBefore?: Date | undefined;
  readonly finishedAfter?: Date | undefined;
  readonly finishedBefore?: Date | undefined;
}

export async function listDeploymentsAt(
  db: Executor,
  access: AccessContext,
  idOrPath: string,
  params: DeploymentListParams,
  page: OffsetLimit,
): Promise<PageWithTotal<DeploymentRow>> {
  const place = await projectWhereActorMay(db, access, idOrPath, 'read_deployment');
  const refusal = deploymentListRefusal(params);
  if (refusal) throw new BadRequestError(refusal);
  return listDeployments(
    db,
    {
      projectId: place.project.id,
      environmentName: params.environment,
      status: params.status,
      updatedAfter: params.updatedAfter,
      updatedBefore: params.updatedBefore,
      finishedAfter: params.finishedAfter,
      finishedBefore: params.finishedBefore,
    },
    { orderBy: effectiveDeploymentOrder(params), direction: params.direction },
    page,
  );
}

/** The project's deployment by id for a caller who may read deployments there; 404 otherwise. */
export async function findDeploymentAt(
  db: Executor,
  access: AccessContext,
  idOrPath: string,
  deploymentId: number,
): Promise<DeploymentInProject> {
  const place = await projectWhereActorMay(db, access, idOrPath, 'read_deployment');
  const deployment = await findDeployment(db, place.project.id, deploymentId);
  if (!deployment) throw new RecordNotFoundError();
  return { ...place, deployment };
}

/**
 * The iids of the merge requests the deployment shipped, for a reader of the project's deployments;
 * none for a deployment the project does not have (GitLab's finder answers an empty list there).
 */
export async function shippedMergeRequestIids(
  db: Executor,
  access: AccessContext,
  idOrPath: string,
  deploymentId: number,
): Promise<number[]> {
  const place = await projectWhereActorMay(db, access, idOrPath, 'read_deployment');
  const deployment = await findDeployment(db, place.project.id, deploymentId);
  return deployment ? findShippedMergeRequestIids(db, deployment.id) : [];
}

/** What the deployment entities show besides the rows: one statement per kind for a whole page. */
export interface DeploymentPageFacts {
  readonly users: ReadonlyMap<number, UserRow>;
  readonly environments: ReadonlyMap<number, EnvironmentRow>;
  /** Each deployment's approvals, oldest first. */
  readonly approvals: ReadonlyMap<number, readonly DeploymentApprovalRow[]>;
  /** The approval rules of each protected environment name, in the order they were made. */
  readonly rules: ReadonlyMap<string, readonly ApprovalRuleRow[]>;
  /** The groups the rules name, for their descriptions. */
  readonly groups: ReadonlyMap<number, NamespaceRow>;
}

export async function deploymentPageFacts(
  db: Executor,
  projectId: number,
  deployments: readonly DeploymentRow[],
): Promise<DeploymentPageFacts> {
  const environmentRows = await findEnvironmentsByIds(db, [
    ...new Set(deployments.map((deployment) => deployment.environment_id)),
  ]);
  const environments = new Map(environmentRows.map((environment) => [environment.id, environment]));
  const [approvalRows, protectedRows] = await Promise.all([
    findApprovalsOf(
      db,
      deployments.map((deployment) => deployment.id),
    ),
    findProtectedEnvironmentsByNames(
      db,
      projectId,
      environmentRows.map((environment) => environment.name),
    ),
  ]);
  const ruleRows = await findApprovalRules(
    db,
    protectedRows.map((row) => row.id),
  );
  const rules = new Map(
    protectedRows.map((row) => [
      row.name,
      ruleRows.filter((rule) => rule.protected_environment_id === row.id),
    ]),
  );
  const userIds = [
    ...deployments.flatMap((deployment) => (deployment.user_id === null ? [] : [deployment.user_id])),
    ...approvalRows.map((approval) => approval.user_id),
    ...ruleRows.flatMap((rule) => (rule.user_id === null ? [] : [rule.user_id])),
  ];
  const groupIds = ruleRows.flatMap((rule) => (rule.group_id === null ? [] : [rule.group_id]));
  const [users, groups] = await Promise.all([
    findUsersByIds(db, [...new Set(userIds)]),
    findNamespacesByIds(db, [...new Set(groupIds)]),
  ]);
  const approvals = new Map<number, DeploymentApprovalRow[]>();
  for (const approval of approvalRows) {
    const list = approvals.get(approval.deployment_id) ?? [];
    list.push(approval);
    approvals.set(approval.deployment_id, list);
  }
  return {
    users: new Map(users.map((user) => [user.id, user])),
    environments,
    approvals,
    rules,
    groups: new Map(groups.map((group) => [group.id, group])),
  };
}
