import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerDeps } from '../../serverDeps.ts';
import { UnprocessableError } from '../../services/deployments/deploymentAccess.ts';
import {
  findProtectedEnvironmentAt,
  listProtectedEnvironmentsAt,
  protectEnvironment,
  protectionPlace,
  REQUIRED_APPROVAL_COUNT_DEPRECATED,
  unprotectEnvironment,
  updateProtection,
} from '../../services/deployments/protectedEnvironmentService.ts';
import { protectedEnvironmentJson } from './deploymentJson.ts';
import { protectedEnvironmentName, protectionParams } from './deploymentParams.ts';
import { setPaginationHeaders } from './pagination.ts';
import { bodyParams, offsetPage, type Params } from './params.ts';

/** GitLab's 422 (`render_api_error!(…, 422)`): its message, or its validation messages. */
function protectionErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof UnprocessableError) return reply.code(422).send({ message: error.messages });
  throw error;
}

/**
 * GitLab's protected environments API (EE lib/api/protected_environments.rb), for Maintainers and up
 * (403 for anyone else, visitors included; 404 for a project they cannot see):
 *
 * GET    /projects/:id/protected_environments          paged, by name
 * GET    /projects/:id/protected_environments/:name
 * POST   /projects/:id/protected_environments          name, deploy_access_levels (both required),
 *        approval_rules; 201, 409 when already protected, 422 for entries GitLab refuses
 * PUT    /projects/:id/protected_environments/:name    deploy_access_levels, approval_rules: entries
 *        without `id` are added, with `id` changed, with `_destroy: true` deleted
 * DELETE /projects/:id/protected_environments/:name    204
 *
 * Entries are JSON objects of one `user_id`, `group_id` or `access_level` (30, 40 or 60), with
 * `group_inheritance_type` and, for approval rules, `required_approvals` (1 by default, at most 5).
 * The deprecated `required_approval_count` is refused above 0 (422), as GitLab does.
 */
export function registerProtectedEnvironmentRoutes(app: FastifyInstance, { db, config }: ServerDeps): void {
  const base = '/api/v4/projects/:id/protected_environments';
  const options = { errorHandler: protectionErrorHandler };
  const place = (request: FastifyRequest) =>
    protectionPlace(db, request.access, (request.params as { id: string }).id);
  const pathName = (request: FastifyRequest) =>
    protectedEnvironmentName((request.params as { name: string }).name);
  const refuseDeprecatedCount = (count: number | undefined) => {
    if (count !== undefined && count > 0) throw new UnprocessableError(REQUIRED_APPROVAL_COUNT_DEPRECATED);
  };

  app.get(base, async (request, reply) => {
    const project = await place(request);
    const page = offsetPage(request.query as Params);
    const { rows, total } = await listProtectedEnvironmentsAt(db, project, {
      offset: page.offset,
      limit: page.perPage,
    });
    setPaginationHeaders(request, reply, config.externalUrl, page, total);
    return rows.map(protectedEnvironmentJson);
  });

  app.get(`${base}/:name`, async (request) =>
    protectedEnvironmentJson(await findProtectedEnvironmentAt(db, await place(request), pathName(request))),
  );

  app.post(base, options, async (request, reply) => {
    const project = await place(request);
    const body = bodyParams(request);
    const input = protectionParams(body, true);
    const name = protectedEnvironmentName(body.name);
    refuseDeprecatedCount(input.requiredApprovalCount);
    const view = await protectEnvironment(db, request.access, project, name, input);
    return reply.code(201).send(protectedEnvironmentJson(view));
  });

  app.put(`${base}/:name`, options, async (request) => {
    const project = await place(request);
    const name = pathName(request);
    const input = protectionParams(bodyParams(request), false);
    const view = await updateProtectionChecked(project, name, input, request);
    return protectedEnvironmentJson(view);
  });

  /** GitLab looks the environment up (404) before it refuses the deprecated count (422). */
  const updateProtectionChecked = async (
    project: Awaited<ReturnType<typeof place>>,
    name: string,
    input: ReturnType<typeof protectionParams>,
    request: FastifyRequest,
  ) => {
    await findProtectedEnvironmentAt(db, project, name);
    refuseDeprecatedCount(input.requiredApprovalCount);
    return updateProtection(db, request.access, project, name, input);
  };

  app.delete(`${base}/:name`, async (request, reply) => {
    await unprotectEnvironment(db, await place(request), pathName(request));
    return reply.code(204).send();
  });
}
