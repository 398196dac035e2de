import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { ApprovalStatus, DeploymentOrder, DeploymentStatus } from '../../../core/domain/deployments.ts';
import type { Executor } from '../executor.ts';
import { type OffsetLimit, type PageWithTotal, pageWithTotal } from '../pagination.ts';
import type { DeploymentApprovalRow, DeploymentRow } from '../schema.ts';
import { fitsSqlInteger } from '../sqlInteger.ts';

/** What a deployment list asks for (GitLab's DeploymentsFinder); every condition holds at once. */
export interface DeploymentFilter {
  readonly projectId: number;
  readonly environmentName?: string | undefined;
  readonly status?: DeploymentStatus | undefined;
  readonly updatedAfter?: Date | undefined;
  readonly updatedBefore?: Date | undefined;
  readonly finishedAfter?: Date | undefined;
  readonly finishedBefore?: Date | undefined;
}

export interface DeploymentSort {
  readonly orderBy: DeploymentOrder;
  readonly direction: 'asc' | 'desc';
}

/**
 * One offset page of the project's deployments and how many match. As GitLab's finder: ordering by
 * `created_at` or `iid` is ordering by id (the same order), and `updated_at`, `ref` and
 * `finished_at` break ties by id descending.
 */
export function listDeployments(
  db: Executor,
  filter: DeploymentFilter,
  sort: DeploymentSort,
  page: OffsetLimit,
): Promise<PageWithTotal<DeploymentRow>> {
  let query = db.selectFrom('deployments').where('deployments.project_id', '=', filter.projectId);
  if (filter.environmentName !== undefined) {
    const name = filter.environmentName;
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('environments')
          .select(sql`1`.as('one'))
          .whereRef('environments.id', '=', 'deployments.environment_id')
          .where('environments.name', '=', name),
      ),
    );
  }
  if (filter.status !== undefined) query = query.where('deployments.status', '=', filter.status);
  if (filter.updatedAfter) query = query.where('deployments.updated_at', '>=', filter.updatedAfter);
  if (filter.updatedBefore) query = query.where('deployments.updated_at', '<=', filter.updatedBefore);
  if (filter.finishedAfter) query = query.where('deployments.finished_at', '>=', filter.finishedAfter);
  if (filter.finishedBefore) query = query.where('deployments.finished_at', '<', filter.finishedBefore);
  const { orderBy, direction } = sort;
  return pageWithTotal(
    query,
    (filtered) => {
      const rows = filtered.selectAll('deployments');
      if (orderBy === 'id' || orderBy === 'iid' || orderBy === 'created_at') {
        return rows.orderBy('deployments.id', direction);
      }
      return rows.orderBy(`deployments.${orderBy}`, direction).orderBy('deployments.id', 'desc');
    },
    page,
  );
}

export function findDeployment(
  db: Executor,
  projectId: number,
  id: number,
): Promise<DeploymentRow | undefined> {
  if (!fitsSqlInteger(id)) return Promise.resolve(undefined);
  return db
    .selectFrom('deployments')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The deployment, locked until the transaction ends: one status change at a time. */
export function lockDeployment(db: Executor, id: number): Promise<DeploymentRow | undefined> {
  return db.selectFrom('deployments').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/**
 * The environment's current deployment (GitLab's last_deployment): its last successful one, the
 * latest to finish.
 */
export function findLastSuccessfulDeployment(
  db: Executor,
  environmentId: number,
): Promise<DeploymentRow | undefined> {
  return db
    .selectFrom('deployments')
    .selectAll()
    .where('environment_id', '=', environmentId)
    .where('status', '=', 'success')
    .orderBy('finished_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * The newest deployment (by id) of each of these environments, whatever its status: what an
 * environments list shows beside each one. One statement for a page of environments.
 */
export function findLatestDeployments(
  db: Executor,
  environmentIds: readonly number[],
): Promise<DeploymentRow[]> {
  if (environmentIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('deployments')
    .selectAll()
    .distinctOn('environment_id')
    .where('environment_id', 'in', [...environmentIds])
    .orderBy('environment_id')
    .orderBy('id', 'desc')
    .execute();
}

/** The environment's last successful deployment before this one (by id), the range's start. */
export function findPreviousSuccessfulDeployment(
  db: Executor,
  deployment: Pick<DeploymentRow, 'id' | 'environment_id'>,
): Promise<DeploymentRow | undefined> {
  return db
    .selectFrom('deployments')
    .selectAll()
    .where('environment_id', '=', deployment.environment_id)
    .where('status', '=', 'success')
    .where('id', '<', deployment.id)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export interface NewDeployment {
  readonly rootNamespaceId: number;
  readonly projectId: number;
  readonly environmentId: number;
  readonly ref: string;
  readonly sha: string;
  readonly tag: boolean;
  readonly status: DeploymentStatus;
  readonly userId: number;
  readonly now: Date;
  readonly finishedAt: Date | null;
}

/** Inserts a deployment with the project's next iid (GitLab's per-project InternalId). */
export async function insertDeployment(db: Executor, row: NewDeployment): Promise<DeploymentRow> {
  const { last_deployment_iid: iid } = await db
    .updateTable('projects')
    .set((eb) => ({ last_deployment_iid: eb('last_deployment_iid', '+', 1) }))
    .where('id', '=', row.projectId)
    .returning('last_deployment_iid')
    .executeTakeFirstOrThrow();
  return db
    .insertInto('deployments')
    .values({
      root_namespace_id: row.rootNamespaceId,
      project_id: row.projectId,
      iid,
      environment_id: row.environmentId,
      ref: row.ref,
      sha: row.sha,
      tag: row.tag,
      status: row.status,
      user_id: row.userId,
      created_at: row.now,
      updated_at: row.now,
      finished_at: row.finishedAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function setDeploymentStatus(
  db: Executor,
  id: number,
  change: { readonly status: DeploymentStatus; readonly now: Date; readonly finishedAt: Date | null },
): Promise<DeploymentRow> {
  return db
    .updateTable('deployments')
    .set({ status: change.status, updated_at: change.now, finished_at: change.finishedAt })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteDeployment(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('deployments').where('id', '=', id).execute();
}

/** The merge requests a deployment shipped falling due: merged in (after, until], into `branch`. */
export interface ShippedWindow {
  readonly after: Date | null;
  readonly until: Date;
  /** Only merge requests into this branch; null for any (a tag's deployment). */
  readonly targetBranch: string | null;
}

/**
 * Links the deployment to the project's merged merge requests that fall in the window, in one
 * statement (no id reaches the server), and returns how many it linked. With `production`, those
 * linked that no production deployment shipped before get this one's finish as their
 * first_deployed_to_production_at.
 */
export async function linkShippedMergeRequests(
  db: Executor,
  deployment: Pick<DeploymentRow, 'id' | 'project_id' | 'root_namespace_id'>,
  window: ShippedWindow,
  production: { readonly finishedAt: Date } | null,
): Promise<number> {
  const conditions: RawBuilder<SqlBool>[] = [
    sql<SqlBool>`mr.project_id = ${deployment.project_id}`,
    sql<SqlBool>`mr.state = 'merged'`,
    sql<SqlBool>`mr.merged_at <= ${window.until}`,
  ];
  if (window.after) conditions.push(sql<SqlBool>`mr.merged_at > ${window.after}`);
  if (window.targetBranch !== null) conditions.push(sql<SqlBool>`mr.target_branch = ${window.targetBranch}`);
  const linked = await sql<{ merge_request_id: number }>`
    INSERT INTO deployment_merge_requests (root_namespace_id, deployment_id, merge_request_id)
    SELECT ${deployment.root_namespace_id}, ${deployment.id}, mr.id
      FROM merge_requests mr
     WHERE ${sql.join(conditions, sql` AND `)}
    ON CONFLICT DO NOTHING
    RETURNING merge_request_id`.execute(db);
  if (production && linked.rows.length > 0) {
    await db
      .updateTable('merge_requests')
      .set({ first_deployed_to_production_at: production.finishedAt })
      .where('first_deployed_to_production_at', 'is', null)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('deployment_merge_requests')
            .select(sql`1`.as('one'))
            .whereRef('deployment_merge_requests.merge_request_id', '=', 'merge_requests.id')
            .where('deployment_merge_requests.deployment_id', '=', deployment.id),
        ),
      )
      .execute();
  }
  return linked.rows.length;
}

/** The iids of the merge requests a deployment shipped. */
export async function findShippedMergeRequestIids(db: Executor, deploymentId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('deployment_merge_requests')
    .innerJoin('merge_requests', 'merge_requests.id', 'deployment_merge_requests.merge_request_id')
    .select('merge_requests.iid')
    .where('deployment_merge_requests.deployment_id', '=', deploymentId)
    .execute();
  return rows.map((row) => row.iid);
}

/** The approvals of these deployments, oldest first. */
export function findApprovalsOf(
  db: Executor,
  deploymentIds: readonly number[],
): Promise<DeploymentApprovalRow[]> {
  if (deploymentIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('deployment_approvals')
    .selectAll()
    .where('deployment_id', 'in', [...deploymentIds])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export interface ApprovalWrite {
  readonly rootNamespaceId: number;
  readonly deploymentId: number;
  readonly userId: number;
  readonly ruleId: number | null;
  readonly status: ApprovalStatus;
  readonly comment: string | null;
  readonly now: Date;
}

export function insertApproval(db: Executor, write: ApprovalWrite): Promise<DeploymentApprovalRow> {
  return db
    .insertInto('deployment_approvals')
    .values({
      root_namespace_id: write.rootNamespaceId,
      deployment_id: write.deploymentId,
      user_id: write.userId,
      approval_rule_id: write.ruleId,
      status: write.status,
      comment: write.comment,
      created_at: write.now,
      updated_at: write.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateApproval(
  db: Executor,
  id: number,
  write: ApprovalWrite,
): Promise<DeploymentApprovalRow> {
  return db
    .updateTable('deployment_approvals')
    .set({
      status: write.status,
      comment: write.comment,
      approval_rule_id: write.ruleId,
      updated_at: write.now,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
