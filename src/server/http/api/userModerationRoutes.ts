import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerDeps } from '../../serverDeps.ts';
import { banUser, unbanUser } from '../../services/userModerationService.ts';
import { ParamError } from './params.ts';

/**
 * GitLab's user moderation API, for administrators:
 *
 * POST /api/v4/users/:id/ban     201 `true`; the user can no longer sign in and their issues are
 *                                hidden from everyone but administrators.
 * POST /api/v4/users/:id/unban   201 `true`.
 *
 * 401 anonymous, 403 for anyone but an administrator and for a user not in the state the action
 * needs (GitLab's message says which), 404 `User Not Found`, 400 for an id that is not a number.
 */
export function registerUserModerationRoutes(app: FastifyInstance, { db }: ServerDeps): void {
  const userIdOf = (request: FastifyRequest) => {
    const { id } = request.params as { id: string };
    if (!/^\d{1,10}$/.test(id)) throw new ParamError('id is invalid');
    return Number(id);
  };
  app.post('/api/v4/users/:id/ban', async (request, reply) => {
    await banUser(db, request.access, userIdOf(request));
    return reply.code(201).send(true);
  });
  app.post('/api/v4/users/:id/unban', async (request, reply) => {
    await unbanUser(db, request.access, userIdOf(request));
    return reply.code(201).send(true);
  });
}
