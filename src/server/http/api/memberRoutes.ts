import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerDeps } from '../../serverDeps.ts';
import { findReadableGroup } from '../../services/groupService.ts';
import {
  findMemberOf,
  listMembersOf,
  type MemberRelation,
  type MembersOf,
  type MemberView,
} from '../../services/memberService.ts';
import { findReadableProject } from '../../services/projectService.ts';
import { setPaginationHeaders } from './pagination.ts';
import { offsetPage, optionalIdList, optionalString, ParamError, type Params } from './params.ts';
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
    // Memberships here do not expire.
    expires_at: null,
    membership_state: 'active',
  };
}

function userIdOf(request: FastifyRequest): number {
  const { user_id: userId } = request.params as { user_id: string };
  if (!/^\d{1,10}$/.test(userId)) throw new ParamError('user_id is invalid');
  return Number(userId);
}

/**
 * GitLab's members API, read-only:
 *
 * GET /api/v4/{groups,projects}/:id/members                  direct members, paginated; `query`
 *     (part of the name or username), `user_ids`, `skip_users`
 * GET /api/v4/{groups,projects}/:id/members/all              inherited members too, each user once
 *     with their highest access level; `query`, `user_ids`
 * GET /api/v4/{groups,projects}/:id/members/:user_id         one direct member
 * GET /api/v4/{groups,projects}/:id/members/all/:user_id     one member, inherited or direct
 *
 * Whoever may read the group or project may read its members; the others get its 404.
 */
export function registerMemberRoutes(app: FastifyInstance, { db, config }: ServerDeps): void {
  const sources = [
    {
      prefix: '/api/v4/groups/:id',
      find: async (request: FastifyRequest): Promise<MembersOf> => ({
        kind: 'group',
        group: await findReadableGroup(db, request.access, (request.params as { id: string }).id),
      }),
    },
    {
      prefix: '/api/v4/projects/:id',
      find: async (request: FastifyRequest): Promise<MembersOf> => ({
        kind: 'project',
        project: await findReadableProject(db, request.access, (request.params as { id: string }).id),
      }),
    },
  ];
  for (const { prefix, find } of sources) {
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
        const userId = userIdOf(request);
        const member = await findMemberOf(db, await find(request), relation, userId);
        return memberJson(member, config.externalUrl);
      });
    }
  }
}
