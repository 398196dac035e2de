import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerDeps } from '../../serverDeps.ts';
import { deploymentPageFacts } from '../../services/deployments/deploymentQueries.ts';
import {
  createEnvironment,
  destroyEnvironment,
  findEnvironmentAt,
  lastDeploymentOf,
  listEnvironmentsAt,
  stopEnvironment,
  stopStaleEnvironments,
  updateEnvironment,
} from '../../services/deployments/environmentService.ts';
import { scheduleReviewAppsDeletion } from '../../services/deployments/reviewAppService.ts';
import { requireSignedIn } from '../../services/links/linkViews.ts';
import {
  deploymentJson,
  environmentBasicJson,
  environmentDetailsJson,
  environmentJson,
} from './deploymentJson.ts';
import {
  environmentFieldParams,
  environmentListParams,
  newEnvironmentParams,
  pathId,
  reviewAppsParams,
  stopStaleBefore,
} from './deploymentParams.ts';
import { setPaginationHeaders } from './pagination.ts';
import { bodyParams, offsetPage, optionalBoolean, type Params } from './params.ts';

/**
 * GitLab's environments API (lib/api/environments.rb), every route for a signed-in caller (401):
 *
 * GET    /projects/:id/environments                    name | search (≥ 3 characters), states; paged
 * GET    /projects/:id/environments/:environment_id    with last_deployment (its last success)
 * POST   /projects/:id/environments                    name (required), description, external_url,
 *        tier (guessed from the name when not given), auto_stop_setting; 201
 * PUT    /projects/:id/environments/:environment_id    the same but the name; 200
 * DELETE /projects/:id/environments/:environment_id    204; 403 unless stopped
 * POST   /projects/:id/environments/:environment_id/stop        force; 200 with the environment
 * POST   /projects/:id/environments/stop_stale                  before (required, 10 years to 1 week ago)
 * DELETE /projects/:id/environments/review_apps                 before, limit, dry_run (default true)
 *
 * Reading needs read_environment (Reporters and up, anyone on a public project: 403 otherwise),
 * changing admin_environment (Developers and up, and a protected environment's deployers); a missing
 * environment is `404 Not found`, a bad value a 400.
 */
export function registerEnvironmentRoutes(app: FastifyInstance, { db, config }: ServerDeps): void {
  const base = '/api/v4/projects/:id/environments';
  const projectKey = (request: FastifyRequest) => (request.params as { id: string }).id;
  const located = (request: FastifyRequest) =>
    findEnvironmentAt(db, request.access, projectKey(request), pathId(request, 'environment_id'));

  app.get(base, async (request, reply) => {
    requireSignedIn(request.access);
    const query = request.query as Params;
    const params = environmentListParams(query);
    const page = offsetPage(query);
    const { rows, total, place } = await listEnvironmentsAt(db, request.access, projectKey(request), params, {
      offset: page.offset,
      limit: page.perPage,
    });
    setPaginationHeaders(request, reply, config.externalUrl, page, total);
    return rows.map((environment) => environmentJson(environment, place.project.full_path));
  });

  app.get(`${base}/:environment_id`, async (request) => {
    const found = await located(request);
    const last = await lastDeploymentOf(db, found.environment);
    const lastJson = last
      ? deploymentJson(last, await deploymentPageFacts(db, found.project.id, [last]), config.externalUrl, {
          withEnvironment: false,
        })
      : null;
    return environmentDetailsJson(found.environment, found.project.full_path, lastJson);
  });

  app.post(base, async (request, reply) => {
    requireSignedIn(request.access);
    const { name, fields } = newEnvironmentParams(bodyParams(request));
    const created = await createEnvironment(db, request.access, projectKey(request), name, fields);
    return reply.code(201).send(environmentJson(created.environment, created.project.full_path));
  });

  app.put(`${base}/:environment_id`, async (request) => {
    requireSignedIn(request.access);
    const fields = environmentFieldParams(bodyParams(request));
    const found = await located(request);
    const environment = await updateEnvironment(db, request.access, found, fields);
    return environmentJson(environment, found.project.full_path);
  });

  app.delete(`${base}/review_apps`, async (request, reply) => {
    requireSignedIn(request.access);
    const params = reviewAppsParams(bodyParams(request));
    const result = await scheduleReviewAppsDeletion(db, request.access, projectKey(request), params);
    const body = {
      scheduled_entries: result.scheduled.map(environmentBasicJson),
      unprocessable_entries: result.unprocessable.map(environmentBasicJson),
    };
    // GitLab's render_api_error! wraps the whole answer, the reason included, in `message`.
    if (result.status !== 200) {
      return reply.code(result.status).send({ message: { ...body, message: result.message } });
    }
    return body;
  });

  app.delete(`${base}/:environment_id`, async (request, reply) => {
    await destroyEnvironment(db, request.access, await located(request));
    return reply.code(204).send();
  });

  app.post(`${base}/:environment_id/stop`, async (request, reply) => {
    requireSignedIn(request.access);
    const force = optionalBoolean(bodyParams(request), 'force') ?? false;
    const found = await located(request);
    const environment = await stopEnvironment(db, request.access, found, force);
    return reply.code(200).send(environmentJson(environment, found.project.full_path));
  });

  app.post(`${base}/stop_stale`, async (request) => {
    requireSignedIn(request.access);
    const before = stopStaleBefore(bodyParams(request));
    return { message: await stopStaleEnvironments(db, request.access, projectKey(request), before) };
  });
}
