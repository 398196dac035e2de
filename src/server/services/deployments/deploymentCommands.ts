import {
  destroyRefusal,
  initialStatus,
  isFinished,
  mayReport,
  type ReportedStatus,
  transitionRefusal,
} from '../../../core/domain/deployments.ts';
import { environmentErrors } from '../../../core/domain/environments.ts';
import { type Executor, inTransaction } from '../../db/executor.ts';
import {
  deleteDeployment,
  findLastSuccessfulDeployment,
  findPreviousSuccessfulDeployment,
  insertDeployment,
  linkShippedMergeRequests,
  lockDeployment,
  setDeploymentStatus,
} from '../../db/repositories/deploymentRepository.ts';
import { findEnvironment, findOrInsertEnvironment } from '../../db/repositories/environmentRepository.ts';
import type { DeploymentRow, EnvironmentRow } from '../../db/schema.ts';
import type { AccessContext } from '../access.ts';
import { ServiceError, UnauthorizedError, ValidationError } from '../errors.ts';
import {
  projectWhereActorMay,
  RecordNotFoundError,
  requireDeployer,
  requireInProject,
} from './deploymentAccess.ts';
import type { DeploymentInProject } from './deploymentQueries.ts';
import { newEnvironmentRow } from './environmentService.ts';

/**
 * Reporting deployments (GitLab's Deployments::CreateService, UpdateService and
 * Ci::Deployments::DestroyService): a CI system creates a deployment with the status it has
 * reached and updates it as it goes. Developers and up report them; only an environment's deployers
 * report to a protected one, where approval rules hold a new deployment `blocked`. A deployment that
 * succeeds links the merge requests it shipped.
 */

/** What a CI system reports: all five are required by the API. */
export interface DeploymentReport {
  readonly environment: string;
  readonly sha: string;
  readonly ref: string;
  readonly tag: boolean;
  readonly status: ReportedStatus;
}

const SHA = /^[0-9a-f]{40}$/i;

function validateReport(report: DeploymentReport): void {
  const errors: Record<string, string[]> = {};
  const name = environmentErrors({ name: report.environment }).name;
  if (name) errors.environment = name;
  if (!SHA.test(report.sha)) errors.sha = ['is invalid'];
  if (report.ref.trim() === '') errors.ref = ["can't be blank"];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

/**
 * `POST /projects/:id/deployments`: finds or makes the environment, then records the deployment.
 * Reporting the environment's current deployment again (same ref, tag, sha and status) answers it
 * rather than a copy, as GitLab does for a retried report.
 */
export async function createDeployment(
  db: Executor,
  access: AccessContext,
  idOrPath: string,
  report: DeploymentReport,
): Promise<DeploymentInProject> {
  const place = await projectWhereActorMay(db, access, idOrPath, 'create_deployment');
  await requireInProject(access, place, 'admin_environment');
  validateReport(report);
  const user = access.actor.user;
  if (!user) throw new UnauthorizedError();
  const protection = await requireDeployer(db, access, place, report.environment, 'create_deployment');
  const needsApproval = (protection?.approvalRules.length ?? 0) > 0;
  const now = access.now();
  const deployment = await inTransaction(db, async (trx) => {
    const environment = await findOrInsertEnvironment(
      trx,
      newEnvironmentRow(place, report.environment, {}, now),
    );
    const sha = report.sha.toLowerCase();
    const current = await findLastSuccessfulDeployment(trx, environment.id);
    if (
      current &&
      current.ref === report.ref &&
      current.tag === report.tag &&
      current.sha === sha &&
      current.status === report.status
    ) {
      return current;
    }
    const status = initialStatus(report.status, needsApproval);
    const created = await insertDeployment(trx, {
      rootNamespaceId: place.project.root_namespace_id,
      projectId: place.project.id,
      environmentId: environment.id,
      ref: report.ref,
      sha,
      tag: report.tag,
      status,
      userId: user.id,
      now,
      finishedAt: isFinished(status) ? now : null,
    });
    if (created.status === 'success') await linkShipped(trx, created, environment);
    return created;
  });
  return { ...place, deployment };
}

/**
 * `PUT …/deployments/:deployment_id`: moves the deployment to the reported status when its state
 * machine allows it (400 `{"message": {"status": ["cannot transition via \"run\""]}}` otherwise);
 * a blocked deployment neither runs nor succeeds before its approvals.
 */
export async function updateDeploymentStatus(
  db: Executor,
  access: AccessContext,
  located: DeploymentInProject,
  status: ReportedStatus,
): Promise<DeploymentInProject> {
  const environment = await environmentOf(db, located);
  await requireDeployer(db, access, located, environment.name, 'update_deployment');
  const deployment = await inTransaction(db, async (trx) => {
    const current = await lockDeployment(trx, located.deployment.id);
    if (!current) throw new RecordNotFoundError();
    if (!mayReport(current.status, status))
      throw new ValidationError({ status: [transitionRefusal(status)] });
    const now = access.now();
    const updated = await setDeploymentStatus(trx, current.id, {
      status,
      now,
      finishedAt: isFinished(status) ? now : null,
    });
    if (status === 'success') await linkShipped(trx, updated, environment);
    return updated;
  });
  return { ...located, deployment };
}

/**
 * `DELETE …/deployments/:deployment_id`: Maintainers and up (deployers of a protected environment);
 * never a running deployment nor the environment's current one (400 with GitLab's words).
 */
export async function destroyDeployment(
  db: Executor,
  access: AccessContext,
  located: DeploymentInProject,
): Promise<void> {
  const environment = await environmentOf(db, located);
  await requireDeployer(db, access, located, environment.name, 'destroy_deployment');
  await inTransaction(db, async (trx) => {
    const current = await lockDeployment(trx, located.deployment.id);
    if (!current) throw new RecordNotFoundError();
    const last = await findLastSuccessfulDeployment(trx, current.environment_id);
    const refusal = destroyRefusal(current.status, last?.id === current.id);
    if (refusal) throw new ServiceError('invalid', refusal);
    await deleteDeployment(trx, current.id);
  });
}

async function environmentOf(db: Executor, located: DeploymentInProject): Promise<EnvironmentRow> {
  const environment = await findEnvironment(db, located.project.id, located.deployment.environment_id);
  if (!environment) throw new RecordNotFoundError();
  return environment;
}

/**
 * Links a deployment that just succeeded to what it shipped (GitLab's
 * Deployments::LinkMergeRequestsService, with merge times standing in for its commit range): the
 * project's merge requests merged after the environment's previous successful deployment finished
 * and by the time this one did, into the deployed branch (any branch for a tag). A production
 * deployment stamps them first_deployed_to_production_at when none did before.
 */
async function linkShipped(
  db: Executor,
  deployment: DeploymentRow,
  environment: EnvironmentRow,
): Promise<void> {
  const finishedAt = deployment.finished_at;
  if (!finishedAt) return;
  const previous = await findPreviousSuccessfulDeployment(db, deployment);
  await linkShippedMergeRequests(
    db,
    deployment,
    {
      after: previous?.finished_at ?? null,
      until: finishedAt,
      targetBranch: deployment.tag ? null : deployment.ref,
    },
    environment.tier === 'production' ? { finishedAt } : null,
  );
}
