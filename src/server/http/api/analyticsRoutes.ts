import type { FastifyInstance, FastifyRequest } from 'fastify';
import { GROUP_ACTIVITY_COUNTS } from '../../../core/domain/groupActivity.ts';
import type { ServerDeps } from '../../serverDeps.ts';
import { listCodeReview } from '../../services/analytics/codeReviewService.ts';
import { doraMetrics, projectDeploymentFrequency } from '../../services/analytics/doraService.ts';
import { groupActivityCount } from '../../services/analytics/groupActivityService.ts';
import { requireSignedIn } from '../../services/links/linkViews.ts';
import {
  codeReviewParams,
  deploymentFrequencyParams,
  doraParams,
  groupPathParam,
} from './analyticsParams.ts';
import { codeReviewJson } from './codeReviewJson.ts';
import { setPaginationHeaders } from './pagination.ts';
import { offsetPage, type Params } from './params.ts';

/**
 * GitLab's analytics REST APIs, computed from the recorded deployments, merge requests, incidents and
 * memberships:
 *
 * GET /projects/:id/analytics/deployment_frequency  environment, from (required), to (now), interval
 *     (all): signed in (401), 400 for a reversed range or one over 91 days, Reporters on Ultimate (403)
 * GET /projects/:id/dora/metrics, GET /groups/:id/dora/metrics  metric (required), start_date (3
 *     months ago), end_date (today), interval (daily), environment_tiers (production): `[{date, value}]`;
 *     the service's refusals with its message, 401 for a caller without DORA metrics (Reporters on Ultimate)
 * GET /analytics/group_activity/issues_count|merge_requests_count|new_members_count  group_path
 *     (required): `{"issues_count": n}` over the last 90 days; signed in (401), Reporters on Premium (403)
 * GET /analytics/code_review  project_id (required), label_name, milestone_title, not[…], page,
 *     per_page: the open merge requests, longest in review first; Reporters on Premium (403)
 */
export function registerAnalyticsRoutes(app: FastifyInstance, { db, config, now }: ServerDeps): void {
  const pathId = (request: FastifyRequest) => (request.params as { id: string }).id;

  app.get('/api/v4/projects/:id/analytics/deployment_frequency', async (request) => {
    requireSignedIn(request.access);
    const params = deploymentFrequencyParams(request.query as Params);
    return projectDeploymentFrequency(db, request.access, pathId(request), params);
  });

  for (const kind of ['project', 'group'] as const) {
    app.get(`/api/v4/${kind}s/:id/dora/metrics`, async (request, reply) => {
      const params = doraParams(request.query as Params);
      const outcome = await doraMetrics(db, request.access, { kind, idOrPath: pathId(request) }, params);
      if (!outcome.ok) return reply.code(outcome.error.status).send({ message: outcome.error.message });
      return outcome.value;
    });
  }

  for (const count of GROUP_ACTIVITY_COUNTS) {
    app.get(`/api/v4/analytics/group_activity/${count}`, async (request) => {
      requireSignedIn(request.access);
      const groupPath = groupPathParam(request.query as Params);
      return { [count]: await groupActivityCount(db, request.access, groupPath, count) };
    });
  }

  app.get('/api/v4/analytics/code_review', async (request, reply) => {
    const query = request.query as Params;
    const { projectId, filters } = codeReviewParams(query);
    const page = offsetPage(query);
    const found = await listCodeReview(db, request.access, projectId, filters, {
      offset: page.offset,
      limit: page.perPage,
    });
    setPaginationHeaders(request, reply, config.externalUrl, page, found.total);
    return codeReviewJson(found, config.externalUrl, now());
  });
}
