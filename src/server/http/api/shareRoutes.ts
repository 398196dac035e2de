import type { FastifyInstance } from 'fastify';
import type { ServerDeps } from '../../serverDeps.ts';
import {
  listProjectGroups,
  listSharesOf,
  shareWithGroup,
  unshareWithGroup,
} from '../../services/members/shareService.ts';
import { findReadableProject } from '../../services/projectService.ts';
import { memberSourceRoutes, optionalExpiresAt, requiredAccessLevel, userIdParam } from './memberParams.ts';
import {
  bodyParams,
  optionalBoolean,
  optionalIdList,
  optionalInteger,
  optionalString,
  ParamError,
  type Params,
} from './params.ts';
import { groupJson } from './presenters.ts';

/**
 * Sharing a group or project with a group:
 *
 * POST /api/v4/{groups,projects}/:id/share             `group_id`, `group_access`, `expires_at`
 * DELETE /api/v4/{groups,projects}/:id/share/:group_id  (204)
 * GET /api/v4/{groups,projects}/:id/shared_with_groups  the shares the caller may see (GitLab lists
 *     them as the `shared_with_groups` field of a group or project)
 * GET /api/v4/projects/:id/groups                        the project's groups (`with_shared` adds
 *     those it is shared with), `search`, `skip_groups`: the invite-a-group search's list
 */
export function registerShareRoutes(app: FastifyInstance, deps: ServerDeps): void {
  const { db, config } = deps;
  app.get('/api/v4/projects/:id/groups', async (request) => {
    const query = request.query as Params;
    const project = await findReadableProject(db, request.access, (request.params as { id: string }).id);
    const groups = await listProjectGroups(db, request.access, project, {
      search: optionalString(query, 'search', 255),
      withShared: optionalBoolean(query, 'with_shared') ?? false,
      skipGroups: optionalIdList(query, 'skip_groups') ?? [],
    });
    return groups.map((group) => groupJson(group, config.externalUrl));
  });
  for (const { prefix, find } of memberSourceRoutes(deps)) {
    app.post(`${prefix}/share`, async (request, reply) => {
      const params = bodyParams(request);
      const groupId = optionalInteger(params, 'group_id', 1);
      if (groupId === undefined) throw new ParamError('group_id is missing');
      const of = await find(request);
      const group = await shareWithGroup(db, request.access, of, groupId, {
        accessLevel: requiredAccessLevel(params, 'group_access'),
        expiresAt: optionalExpiresAt(params) ?? null,
      });
      reply.code(201);
      const shares = await listSharesOf(db, request.access, of);
      const link = shares.find((share) => share.group_id === group.id);
      return {
        ...groupJson(of.kind === 'group' ? of.group : group, config.externalUrl),
        ...(of.kind === 'project' ? { project_id: of.project.project.id, group_id: group.id } : {}),
        group_access: link?.group_access,
        expires_at: link?.expires_at ?? null,
        shared_with_groups: shares.map(sharedWithGroupJson),
      };
    });

    app.delete(`${prefix}/share/:group_id`, async (request, reply) => {
      await unshareWithGroup(db, request.access, await find(request), userIdParam(request, 'group_id'));
      return reply.code(204).send();
    });

    app.get(`${prefix}/shared_with_groups`, async (request) =>
      (await listSharesOf(db, request.access, await find(request))).map(sharedWithGroupJson),
    );
  }
}

/** GitLab's `shared_with_groups` item. */
function sharedWithGroupJson(link: Awaited<ReturnType<typeof listSharesOf>>[number]) {
  return {
    group_id: link.group_id,
    group_name: link.group_name,
    group_full_path: link.group_full_path,
    group_access_level: link.group_access,
    expires_at: link.expires_at,
  };
}
