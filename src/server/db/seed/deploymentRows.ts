import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema.ts';
import { ColumnarInsert, flushInOrder } from './columnarInsert.ts';
import {
  DELIVERY_PROFILES,
  type DeliveryMember,
  type DeliveryMergeRequest,
  type DeliveryProfile,
  type DeliveryProject,
  type PlannedDeployment,
  type PlannedEnvironment,
  planDelivery,
} from './deliveryPlan.ts';
import type { Random } from './random.ts';

/**
 * The delivery history deliveryPlan.ts plans, written after the workshop (its playground has one
 * too): environments, deployments, what each shipped, the protected environments with their deploy
 * access and approval rule, and the approvals; then first_deployed_to_production_at of the merge
 * requests a production deployment shipped, and each project's last deployment iid. These tables
 * are empty before: ids are written from 1 and their sequences moved past them.
 */

export interface DeliverySummary {
  readonly environments: number;
  readonly deployments: number;
  readonly deploymentMergeRequests: number;
  readonly protectedEnvironments: number;
  readonly deploymentApprovals: number;
}

const TABLES_WITH_EXPLICIT_IDS = [
  'environments',
  'deployments',
  'protected_environments',
  'protected_environment_deploy_access_levels',
  'protected_environment_approval_rules',
  'deployment_approvals',
] as const;

/** Maintainers: who deploys to a protected production and who approves there. */
const MAINTAINER = 40;

export async function writeDeliveryHistory(
  db: Kysely<Database>,
  random: Random,
  nowMs: number,
): Promise<DeliverySummary> {
  const { projects, rootOf } = await readProjects(db);
  const plan = planDelivery(projects, random, nowMs);

  // Ids in the order the environments were made (by their first deployment).
  const environments = [...plan.environments].sort(
    (a, b) => a.createdMs - b.createdMs || a.projectId - b.projectId || compareText(a.name, b.name),
  );
  const environmentIds = new Map<PlannedEnvironment, number>(
    environments.map((environment, index) => [environment, index + 1]),
  );
  // Ids and iids in the order the deployments were made, as GitLab hands them out.
  const deployments = environments
    .flatMap((environment) =>
      environment.deployments.map((deployment) => ({
        deployment,
        environment,
        environmentId: environmentIds.get(environment) as number,
      })),
    )
    .sort((a, b) => a.deployment.createdMs - b.deployment.createdMs || a.environmentId - b.environmentId);

  const environmentRows = new ColumnarInsert(db, 'environments', {
    id: 'int4',
    root_namespace_id: 'int4',
    project_id: 'int4',
    name: 'text',
    slug: 'text',
    environment_type: 'text',
    external_url: 'text',
    state: 'text',
    tier: 'text',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
  });
  for (const environment of environments) {
    environmentRows.add({
      id: environmentIds.get(environment) as number,
      root_namespace_id: rootOf(environment.projectId),
      project_id: environment.projectId,
      name: environment.name,
      slug: environment.slug,
      environment_type: environment.folder,
      external_url: environment.externalUrl,
      state: environment.state,
      tier: environment.tier,
      created_at: at(environment.createdMs),
      updated_at: at(environment.updatedMs),
    });
  }

  const protections = new ColumnarInsert(db, 'protected_environments', {
    id: 'int4',
    root_namespace_id: 'int4',
    project_id: 'int4',
    name: 'text',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
  });
  const deployAccess = new ColumnarInsert(db, 'protected_environment_deploy_access_levels', {
    id: 'int4',
    root_namespace_id: 'int4',
    protected_environment_id: 'int4',
    access_level: 'int2',
    created_at: 'timestamptz',
  });
  const approvalRules = new ColumnarInsert(db, 'protected_environment_approval_rules', {
    id: 'int4',
    root_namespace_id: 'int4',
    protected_environment_id: 'int4',
    access_level: 'int2',
    required_approvals: 'int2',
    created_at: 'timestamptz',
  });
  /** The approval rule of each protected project's production: one each, Maintainers, one approval. */
  const ruleOf = new Map<number, number>();
  plan.protections.forEach((protection, index) => {
    const id = index + 1;
    const root = rootOf(protection.projectId);
    const created = at(protection.createdMs);
    protections.add({
      id,
      root_namespace_id: root,
      project_id: protection.projectId,
      name: protection.name,
      created_at: created,
      updated_at: created,
    });
    deployAccess.add({
      id,
      root_namespace_id: root,
      protected_environment_id: id,
      access_level: MAINTAINER,
      created_at: created,
    });
    approvalRules.add({
      id,
      root_namespace_id: root,
      protected_environment_id: id,
      access_level: MAINTAINER,
      required_approvals: 1,
      created_at: created,
    });
    ruleOf.set(protection.projectId, id);
  });

  const deploymentRows = new ColumnarInsert(db, 'deployments', {
    id: 'int4',
    root_namespace_id: 'int4',
    project_id: 'int4',
    iid: 'int4',
    environment_id: 'int4',
    ref: 'text',
    sha: 'text',
    tag: 'bool',
    status: 'text',
    user_id: 'int4',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
    finished_at: 'timestamptz',
  });
  const shippedRows = new ColumnarInsert(db, 'deployment_merge_requests', {
    root_namespace_id: 'int4',
    deployment_id: 'int4',
    merge_request_id: 'int4',
  });
  const lastIid = new Map<number, number>();
  const approvals: { deploymentId: number; projectId: number; deployment: PlannedDeployment }[] = [];
  deployments.forEach(({ deployment, environment, environmentId }, index) => {
    const id = index + 1;
    const { projectId } = environment;
    const root = rootOf(projectId);
    const iid = (lastIid.get(projectId) ?? 0) + 1;
    lastIid.set(projectId, iid);
    deploymentRows.add({
      id,
      root_namespace_id: root,
      project_id: projectId,
      iid,
      environment_id: environmentId,
      ref: deployment.ref,
      sha: deployment.sha,
      tag: deployment.tag,
      status: deployment.status,
      user_id: deployment.userId,
      created_at: at(deployment.createdMs),
      updated_at: at(deployment.finishedMs ?? deployment.createdMs),
      finished_at: atOrNull(deployment.finishedMs),
    });
    for (const mergeRequestId of deployment.shipped) {
      shippedRows.add({ root_namespace_id: root, deployment_id: id, merge_request_id: mergeRequestId });
    }
    if (deployment.approval) approvals.push({ deploymentId: id, projectId, deployment });
  });

  const approvalRows = new ColumnarInsert(db, 'deployment_approvals', {
    id: 'int4',
    root_namespace_id: 'int4',
    deployment_id: 'int4',
    user_id: 'int4',
    approval_rule_id: 'int4',
    status: 'text',
    comment: 'text',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
  });
  approvals.sort((a, b) => (a.deployment.approval?.atMs ?? 0) - (b.deployment.approval?.atMs ?? 0));
  approvals.forEach(({ deploymentId, projectId, deployment }, index) => {
    const approval = deployment.approval;
    if (!approval) return;
    const given = at(approval.atMs);
    approvalRows.add({
      id: index + 1,
      root_namespace_id: rootOf(projectId),
      deployment_id: deploymentId,
      user_id: approval.userId,
      approval_rule_id: ruleOf.get(projectId) ?? null,
      status: approval.status,
      comment: approval.comment,
      created_at: given,
      updated_at: given,
    });
  });

  await flushInOrder([
    environmentRows,
    protections,
    deployAccess,
    approvalRules,
    deploymentRows,
    shippedRows,
    approvalRows,
  ]);

  // The first production deployment that shipped each merge request (the services' rule, set-based).
  await sql`
    update merge_requests mr set first_deployed_to_production_at = first.finished_at
      from (
        select dmr.merge_request_id, min(d.finished_at) as finished_at
          from deployment_merge_requests dmr
          join deployments d on d.id = dmr.deployment_id
          join environments e on e.id = d.environment_id
         where e.tier = 'production' and d.status = 'success'
         group by dmr.merge_request_id
      ) first
     where mr.id = first.merge_request_id`.execute(db);
  for (const [projectId, iid] of lastIid) {
    await db.updateTable('projects').set({ last_deployment_iid: iid }).where('id', '=', projectId).execute();
  }
  for (const table of TABLES_WITH_EXPLICIT_IDS) {
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(
      db,
    );
  }
  return {
    environments: environmentRows.rowCount,
    deployments: deploymentRows.rowCount,
    deploymentMergeRequests: shippedRows.rowCount,
    protectedEnvironments: protections.rowCount,
    deploymentApprovals: approvalRows.rowCount,
  };
}

/**
 * The projects DELIVERY_PROFILES names, in id order, with their Developers and Maintainers (access
 * inherited down the group chain) and their merge requests.
 */
async function readProjects(db: Kysely<Database>) {
  const paths = Object.keys(DELIVERY_PROFILES);
  const projects = await db
    .selectFrom('projects')
    .select(['id', 'root_namespace_id', 'full_path', 'created_at'])
    .where('full_path', 'in', paths)
    .orderBy('id')
    .execute();
  if (projects.length === 0) return { projects: [], rootOf: () => 0 };
  const projectIds = projects.map((project) => project.id);
  const { rows: access } = await sql<{
    project_id: number;
    user_id: number;
    username: string;
    level: number;
  }>`
    select p.id as project_id, u.id as user_id, u.username, max(m.access_level)::int as level
      from projects p
      join namespaces n on n.id = p.namespace_id
      join members m on m.source_type = 'Namespace' and m.source_id = any(n.traversal_ids)
      join users u on u.id = m.user_id
     where p.id in (${sql.join(projectIds)})
     group by p.id, u.id, u.username
     order by p.id, u.id`.execute(db);
  const mergeRequests = await db
    .selectFrom('merge_requests')
    .select([
      'id',
      'project_id',
      'state',
      'source_branch',
      'target_branch',
      'author_id',
      'created_at',
      'updated_at',
      'merged_at',
      'closed_at',
      'merge_commit_sha',
    ])
    .where('project_id', 'in', projectIds)
    .orderBy('id')
    .execute();
  const membersOf = new Map<number, DeliveryMember[]>();
  for (const row of access) {
    const list = membersOf.get(row.project_id) ?? [];
    list.push({ userId: row.user_id, username: row.username, level: row.level });
    membersOf.set(row.project_id, list);
  }
  const mergeRequestsOf = new Map<number, DeliveryMergeRequest[]>();
  for (const row of mergeRequests) {
    const list = mergeRequestsOf.get(row.project_id) ?? [];
    list.push({
      id: row.id,
      state: row.state,
      sourceBranch: row.source_branch,
      targetBranch: row.target_branch,
      authorId: row.author_id,
      createdMs: row.created_at.getTime(),
      updatedMs: row.updated_at.getTime(),
      mergedMs: row.merged_at?.getTime() ?? null,
      closedMs: row.closed_at?.getTime() ?? null,
      mergeCommitSha: row.merge_commit_sha,
    });
    mergeRequestsOf.set(row.project_id, list);
  }
  const roots = new Map(projects.map((project) => [project.id, project.root_namespace_id]));
  return {
    projects: projects.map(
      (project): DeliveryProject => ({
        id: project.id,
        createdMs: project.created_at.getTime(),
        profile: DELIVERY_PROFILES[project.full_path] as DeliveryProfile,
        members: membersOf.get(project.id) ?? [],
        mergeRequests: mergeRequestsOf.get(project.id) ?? [],
      }),
    ),
    rootOf: (projectId: number) => roots.get(projectId) as number,
  };
}

const at = (ms: number): Date => new Date(Math.round(ms));
const atOrNull = (ms: number | null): Date | null => (ms === null ? null : at(ms));

/** Code-point order, the same everywhere (not the locale's). */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
