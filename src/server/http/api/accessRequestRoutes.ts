import type { FastifyInstance } from 'fastify';

import type { ServerDeps } from '../../serverDeps.ts';
import {
  type AccessRequestView,
  approveAccessRequest,
  denyAccessRequest,
  listAccessRequestsOf,
  requestAccess,
} from '../../services/members/accessRequestService.ts';
import { memberSourceRoutes, optionalAccessLevel, userIdParam } from './memberParams.ts';
import { bodyParams } from './params.ts';
import { userBasicJson } from './presenters.ts';

/**
 * GitLab's access requests:
 *
 * GET /api/v4/{groups,projects}/:id/access_requests                   managers only
 * POST /api/v4/{groups,projects}/:id/access_requests                  the caller asks to join
 * PUT /api/v4/{groups,projects}/:id/access_requests/:user_id/approve  `access_level` (Developer)
 * DELETE /api/v4/{groups,projects}/:id/access_requests/:user_id       deny, or withdraw one's own
 */
export function registerAccessRequestRoutes(app: FastifyInstance, deps: ServerDeps): void {
  const { db, config } = deps;
  const requestJson = (row: AccessRequestView) => ({
    ...userBasicJson(
      { id: row.user_id, username: row.username, name: row.name, state: row.state },
      config.externalUrl,
    ),
    requested_at: row.requested_at.toISOString(),
  });
  for (const { prefix, find } of memberSourceRoutes(deps)) {
    app.get(`${prefix}/access_requests`, async (request) =>
      (await listAccessRequestsOf(db, request.access, await find(request))).map(requestJson),
    );
    app.post(`${prefix}/access_requests`, async (request, reply) => {
      const row = await requestAccess(db, request.access, await find(request));
      reply.code(201);
      return { ...requestJson(row), created_at: row.requested_at.toISOString() };
    });
    app.put(`${prefix}/access_requests/:user_id/approve`, async (request) => {
      const member = await approveAccessRequest(
        db,
        request.access,
        await find(request),
        userIdParam(request),
        optionalAccessLevel(bodyParams(request), 'access_level'),
      );
      const { row } = member;
      return {
        ...userBasicJson(
          { id: row.user_id, username: row.username, name: row.name, state: row.state },
          config.externalUrl,
        ),
        created_at: row.created_at.toISOString(),
        access_level: row.access_level,
      };
    });
    app.delete(`${prefix}/access_requests/:user_id`, async (request, reply) => {
      await denyAccessRequest(db, request.access, await find(request), userIdParam(request));
      return reply.code(204).send();
    });
  }
}
