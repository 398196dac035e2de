import type { FastifyInstance } from 'fastify';
import type { ServerDeps } from '../../serverDeps.ts';
import { findVisibleUser, listVisibleUsers } from '../../services/userDirectoryService.ts';
import { setPaginationHeaders } from './pagination.ts';
import { offsetPage, optionalString, ParamError, type Params } from './params.ts';
import { userBasicJson, userPublicJson } from './presenters.ts';

const MAX_USERNAME_LENGTH = 255;

/**
 * GitLab's users API (`@gitbeaker/rest`'s `Users.all`, `Users.show`), readable by anyone:
 *
 * GET /api/v4/users?username=&search=&page=&per_page=   users by id, with pagination headers;
 *     `username` matches exactly (any case), `search` a part of the username or name.
 * GET /api/v4/users/:id                                 one user, GitLab's public entity; 404
 *     `User Not Found` when missing (or, to non-administrators, not active).
 */
export function registerUserRoutes(app: FastifyInstance, { db, config }: ServerDeps): void {
  app.get('/api/v4/users', async (request, reply) => {
    const query = request.query as Params;
    const page = offsetPage(query);
    const { rows, total } = await listVisibleUsers(
      db,
      request.access,
      {
        username: optionalString(query, 'username', MAX_USERNAME_LENGTH),
        search: optionalString(query, 'search', MAX_USERNAME_LENGTH),
      },
      { offset: page.offset, limit: page.perPage },
    );
    setPaginationHeaders(request, reply, config.externalUrl, page, total);
    return rows.map((user) => userBasicJson(user, config.externalUrl));
  });

  app.get('/api/v4/users/:id', async (request) => {
    const { id } = request.params as { id: string };
    if (!/^\d{1,10}$/.test(id)) throw new ParamError('id is invalid');
    return userPublicJson(await findVisibleUser(db, request.access, Number(id)), config.externalUrl);
  });
}
