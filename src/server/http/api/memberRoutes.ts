import type { FastifyInstance } from 'fastify';
import type { ServerDeps } from '../../serverDeps.ts';
import {
  findMemberOf,
  listMembersOf,
  type MemberRelation,
  type MemberView,
} from '../../services/memberService.ts';
import { addMembers, removeMember, updateMember } from '../../services/members/memberManagement.ts';
import { memberSourceRoutes, optionalExpiresAt, requiredAccessLevel, userIdParam } from './memberParams.ts';
import { setPaginationHeaders } from './pagination.ts';
import {
  bodyParams,
  offsetPage,
  optionalBoolean,
  optionalIdList,
  optionalList,
  optionalString,
  ParamError,
  type Params,
} from './params.ts';
import { userBasicJson } from './presenters.ts';

const MAX_QUERY_LENGTH = 255;

/** GitLab's member entity: the user's basics, then the membership's level, start and expiry. */
export function memberJson(member: MemberView, externalUrl: string) {
  const { row } = member;
  const user = { id: row.user_id, username: row.username, name: row.name, state: row.state };
  return {
    ...userBasicJson(user, externalUrl),
    access_level: row.access_level,
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at,
    membership_state: 'active',
  };
}

/**
 * GitLab's members API:
 *
 * GET /api/v4/{groups,projects}/:id/members                  direct members, paginated; `query`
 *     (part of the name or username), `user_ids`, `skip_users`
 * GET /api/v4/{groups,projects}/:id/members/all              inherited members too, each user once
 *     with their highest access level; `query`, `user_ids`
 * GET /api/v4/{groups,projects}/:id/members/:user_id         one direct member
 * GET /api/v4/{groups,projects}/:id/members/all/:user_id     one member, inherited or direct
 * POST /api/v4/{groups,projects}/:id/members                 add users (`user_id` or `username`,
 *     comma-separated for several), `access_level`, `expires_at`
 * PUT /api/v4/{groups,projects}/:id/members/:user_id         change `access_level`, `expires_at`
 * DELETE /api/v4/{groups,projects}/:id/members/:user_id      remove (`unassign_issuables`), or leave
 *
 * Whoever may read the group or project may read its members; the others get its 404. A group's
 * owners and a project's maintainers manage them, never above their own level.
 */
export function registerMemberRoutes(app: FastifyInstance, deps: ServerDeps): void {
  const { db, config } = deps;
  for (const { prefix, find } of memberSourceRoutes(deps)) {
    for (const [suffix, relation] of [
      ['members', 'direct'],
      ['members/all', 'all'],
    ] as const satisfies readonly (readonly [string, MemberRelation])[]) {
      app.get(`${prefix}/${suffix}`, async (request, reply) => {
        const query = request.query as Params;
        const filter = {
          search: optionalString(query, 'query', MAX_QUERY_LENGTH),
          userIds: optionalIdList(query, 'user_ids'),
          skipUserIds: relation === 'direct' ? optionalIdList(query, 'skip_users') : undefined,
          order: 'id' as const,
        };
        const page = offsetPage(query);
        const { rows, total } = await listMembersOf(db, await find(request), relation, filter, {
          offset: page.offset,
          limit: page.perPage,
        });
        setPaginationHeaders(request, reply, config.externalUrl, page, total);
        return rows.map((member) => memberJson(member, config.externalUrl));
      });
      app.get(`${prefix}/${suffix}/:user_id`, async (request) => {
        const member = await findMemberOf(db, await find(request), relation, userIdParam(request));
        return memberJson(member, config.externalUrl);
      });
    }

    app.post(`${prefix}/members`, async (request, reply) => {
      const params = bodyParams(request);
      const grant = {
        accessLevel: requiredAccessLevel(params, 'access_level'),
        expiresAt: optionalExpiresAt(params) ?? null,
      };
      const userIds = optionalIdList(params, 'user_id') ?? [];
      const usernames = optionalList(params, 'username') ?? [];
      if (userIds.length === 0 && usernames.length === 0) {
        throw new ParamError('user_id, username are missing, at least one parameter must be provided');
      }
      const outcome = await addMembers(
        db,
        request.access,
        await find(request),
        { userIds, usernames },
        grant,
      );
      reply.code(201);
      if (outcome.kind === 'single') return memberJson(outcome.member, config.externalUrl);
      return Object.keys(outcome.errors).length === 0
        ? { status: 'success' }
        : { status: 'error', message: outcome.errors };
    });

    app.put(`${prefix}/members/:user_id`, async (request) => {
      const params = bodyParams(request);
      const member = await updateMember(db, request.access, await find(request), userIdParam(request), {
        accessLevel: requiredAccessLevel(params, 'access_level'),
        expiresAt: optionalExpiresAt(params),
      });
      return memberJson(member, config.externalUrl);
    });

    app.delete(`${prefix}/members/:user_id`, async (request, reply) => {
      const params = bodyParams(request);
      await removeMember(db, request.access, await find(request), userIdParam(request), {
        unassignIssuables: optionalBoolean(params, 'unassign_issuables') ?? false,
      });
      return reply.code(204).send();
    });
  }
}
