import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerDeps } from '../../serverDeps.ts';
import { recordDeploymentApproval } from '../../services/deployments/deploymentApprovalService.ts';
import {
  createDeployment,
  destroyDeployment,
  updateDeploymentStatus,
} from '../../services/deployments/deploymentCommands.ts';
import {
  type DeploymentInProject,
  deploymentPageFacts,
  findDeploymentAt,
  listDeploymentsAt,
  shippedMergeRequestIids,
} from '../../services/deployments/deploymentQueries.ts';
import { requireSignedIn } from '../../services/links/linkViews.ts';
import { listMergeRequestsAt } from '../../services/mergeRequests/mergeRequestQueries.ts';
import { approvalJson, deploymentJson } from './deploymentJson.ts';
import {
  approvalParams,
  deploymentListParams,
  deploymentReportParams,
  deploymentStatusParam,
  pathId,
} from './deploymentParams.ts';
import { presentMergeRequests, presentSimpleMergeRequests } from './mergeRequestJson.ts';
import { mergeRequestListQuery } from './mergeRequestListParams.ts';
import { setPaginationHeaders } from './pagination.ts';
import { bodyParams, offsetPage, type Params } from './params.ts';

/**
 * GitLab's deployments API (lib/api/deployments.rb and EE's approval route), every route for a
 * signed-in caller (401):
 *
 * GET    /projects/:id/deployments                  order_by (id), sort (asc), updated_after/before,
 *        finished_after/before (with order_by=finished_at and status=success), environment, status
 * GET    /projects/:id/deployments/:deployment_id   with pending_approval_count, approvals and, when
 *        its environment has approval rules, approval_summary
 * POST   /projects/:id/deployments                  environment, sha, ref, tag, status (all required);
 *        201. The environment is made when new; a protected one with approval rules holds it `blocked`
 * PUT    /projects/:id/deployments/:deployment_id   status (required); 200, 400 for a transition the
 *        state machine refuses
 * DELETE /projects/:id/deployments/:deployment_id   Maintainers; 204, 400 while running or current
 * GET    /projects/:id/deployments/:deployment_id/merge_requests   what it shipped, as the MR list
 * POST   /projects/:id/deployments/:deployment_id/approval         status, comment, represented_as;
 *        201 `{ user, status, created_at, comment }`, 400 with the approval service's refusal
 */
export function registerDeploymentRoutes(app: FastifyInstance, { db, config, now }: ServerDeps): void {
  const base = '/api/v4/projects/:id/deployments';
  const projectKey = (request: FastifyRequest) => (request.params as { id: string }).id;
  const located = (request: FastifyRequest) =>
    findDeploymentAt(db, request.access, projectKey(request), pathId(request, 'deployment_id'));
  const single = async ({ project, deployment }: DeploymentInProject) =>
    deploymentJson(deployment, await deploymentPageFacts(db, project.id, [deployment]), config.externalUrl, {
      withSummary: true,
    });

  app.get(base, async (request, reply) => {
    requireSignedIn(request.access);
    const query = request.query as Params;
    const params = deploymentListParams(query);
    const page = offsetPage(query);
    const { rows, total } = await listDeploymentsAt(db, request.access, projectKey(request), params, {
      offset: page.offset,
      limit: page.perPage,
    });
    setPaginationHeaders(request, reply, config.externalUrl, page, total);
    const projectId = rows[0]?.project_id ?? 0;
    const facts = await deploymentPageFacts(db, projectId, rows);
    return rows.map((deployment) => deploymentJson(deployment, facts, config.externalUrl));
  });

  app.get(`${base}/:deployment_id`, async (request) => single(await located(request)));

  app.post(base, async (request, reply) => {
    requireSignedIn(request.access);
    const report = deploymentReportParams(bodyParams(request));
    const created = await createDeployment(db, request.access, projectKey(request), report);
    return reply.code(201).send(await single(created));
  });

  app.put(`${base}/:deployment_id`, async (request) => {
    requireSignedIn(request.access);
    const status = deploymentStatusParam(bodyParams(request));
    return single(await updateDeploymentStatus(db, request.access, await located(request), status));
  });

  app.delete(`${base}/:deployment_id`, async (request, reply) => {
    await destroyDeployment(db, request.access, await located(request));
    return reply.code(204).send();
  });

  app.get(`${base}/:deployment_id/merge_requests`, async (request, reply) => {
    requireSignedIn(request.access);
    const query = request.query as Params;
    const page = offsetPage(query);
    const { params, sort, simple, withLabelsDetails } = mergeRequestListQuery(query, 'all');
    const shipped = await shippedMergeRequestIids(
      db,
      request.access,
      projectKey(request),
      pathId(request, 'deployment_id'),
    );
    // The merge requests it shipped, narrowed further by any `iids` the caller gave.
    const iids = params.iids ? shipped.filter((iid) => params.iids?.includes(iid)) : shipped;
    const { rows, total } = await listMergeRequestsAt(
      db,
      request.access,
      { kind: 'project', idOrPath: projectKey(request) },
      { ...params, iids },
      sort,
      { offset: page.offset, limit: page.perPage },
    );
    setPaginationHeaders(request, reply, config.externalUrl, page, total);
    const options = {
      access: request.access,
      externalUrl: config.externalUrl,
      now: now(),
      withLabelsDetails,
    };
    return simple ? presentSimpleMergeRequests(db, rows, options) : presentMergeRequests(db, rows, options);
  });

  app.post(`${base}/:deployment_id/approval`, async (request, reply) => {
    requireSignedIn(request.access);
    const input = approvalParams(bodyParams(request));
    const { approval, user } = await recordDeploymentApproval(
      db,
      request.access,
      await located(request),
      input,
    );
    return reply.code(201).send(approvalJson(approval, user, config.externalUrl));
  });
}
