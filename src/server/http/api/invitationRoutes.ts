import type { FastifyInstance, FastifyRequest } from 'fastify';
import { splitCommaList } from '../../../core/domain/memberRules.ts';
import type { ServerDeps } from '../../serverDeps.ts';
import {
  invite,
  listInvitationsOf,
  resendInvitation,
  revokeInvitation,
  updateInvitationOf,
} from '../../services/members/invitationService.ts';
import {
  memberSourceRoutes,
  optionalAccessLevel,
  optionalExpiresAt,
  requiredAccessLevel,
} from './memberParams.ts';
import { setPaginationHeaders } from './pagination.ts';
import { bodyParams, offsetPage, optionalIdList, optionalString, type Params } from './params.ts';

function emailParam(request: FastifyRequest): string {
  return (request.params as { email: string }).email;
}

/**
 * GitLab's invitations API:
 *
 * POST /api/v4/{groups,projects}/:id/invitations           `email` and/or `user_id` (comma-separated),
 *     `access_level`, `expires_at`: `{"status":"success"}`, or `{"status":"error","message":{…}}`
 *     with each invitee's refusal while the others go through
 * GET /api/v4/{groups,projects}/:id/invitations            pending invitations; `query` (one address)
 * PUT /api/v4/{groups,projects}/:id/invitations/:email     `access_level`, `expires_at`
 * DELETE /api/v4/{groups,projects}/:id/invitations/:email  revoke (204)
 * POST /api/v4/{groups,projects}/:id/invitations/:email/resend   send again with a new link (204)
 *
 * Managers of the source only (a group's owners, a project's maintainers).
 */
export function registerInvitationRoutes(app: FastifyInstance, deps: ServerDeps): void {
  const { db, config, mailer } = deps;
  const mail = { mailer, externalUrl: config.externalUrl };
  for (const { prefix, find } of memberSourceRoutes(deps)) {
    app.post(`${prefix}/invitations`, async (request, reply) => {
      const params = bodyParams(request);
      const errors = await invite(db, request.access, mail, await find(request), {
        emails: splitCommaList(optionalString(params, 'email', 100_000) ?? ''),
        userIds: optionalIdList(params, 'user_id') ?? [],
        accessLevel: requiredAccessLevel(params, 'access_level'),
        expiresAt: optionalExpiresAt(params) ?? null,
      });
      reply.code(201);
      return Object.keys(errors).length === 0 ? { status: 'success' } : { status: 'error', message: errors };
    });

    app.get(`${prefix}/invitations`, async (request, reply) => {
      const query = request.query as Params;
      const page = offsetPage(query);
      const { rows, total } = await listInvitationsOf(
        db,
        request.access,
        await find(request),
        { email: optionalString(query, 'query', 255) },
        { offset: page.offset, limit: page.perPage },
      );
      setPaginationHeaders(request, reply, config.externalUrl, page, total);
      return rows.map((row) => ({
        id: row.id,
        invite_email: row.invite_email,
        created_at: row.created_at.toISOString(),
        access_level: row.access_level,
        expires_at: row.expires_at,
        user_name: null,
        created_by_name: row.created_by_name,
      }));
    });

    app.put(`${prefix}/invitations/:email`, async (request) => {
      const params = bodyParams(request);
      const updated = await updateInvitationOf(db, request.access, await find(request), emailParam(request), {
        accessLevel: optionalAccessLevel(params, 'access_level'),
        expiresAt: optionalExpiresAt(params),
      });
      return { expires_at: updated.expires_at, access_level: updated.access_level };
    });

    app.delete(`${prefix}/invitations/:email`, async (request, reply) => {
      await revokeInvitation(db, request.access, await find(request), emailParam(request));
      return reply.code(204).send();
    });

    app.post(`${prefix}/invitations/:email/resend`, async (request, reply) => {
      await resendInvitation(db, request.access, mail, await find(request), emailParam(request));
      return reply.code(204).send();
    });
  }
}
