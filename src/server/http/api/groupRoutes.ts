import type { FastifyInstance } from 'fastify';
import type { ServerDeps } from '../../serverDeps.ts';
import { UnauthorizedError } from '../../services/errors.ts';
import { findReadableGroup, listReadableGroups } from '../../services/groupService.ts';
import { setGroupEmailsDisabled } from '../../services/groupSettingsService.ts';
import { createGroup } from '../../services/namespaces/creationService.ts';
import { creationParams } from './creationParams.ts';
import { setPaginationHeaders } from './pagination.ts';
import {
  bodyParams,
  offsetPage,
  optionalBoolean,
  optionalEnum,
  optionalInteger,
  optionalString,
  type Params,
} from './params.ts';
import { groupJson } from './presenters.ts';

const ORDER_BY = ['name', 'path', 'id'] as const;
const SORT = ['asc', 'desc'] as const;

function listFilter(query: Params) {
  return {
    search: optionalString(query, 'search', 255),
    orderBy: optionalEnum(query, 'order_by', ORDER_BY),
    sort: optionalEnum(query, 'sort', SORT),
    membershipOnly: optionalBoolean(query, 'owned') || optionalBoolean(query, 'all_available') === false,
  };
}

export function registerGroupRoutes(app: FastifyInstance, { db, config, now, settings }: ServerDeps): void {
  // GitLab's POST /groups: `name` and `path` (either made from the other), `parent_id`, `visibility`.
  app.post('/api/v4/groups', async (request, reply) => {
    const body = bodyParams(request);
    const group = await createGroup(db, request.access, settings, {
      ...creationParams(body),
      parentId: optionalInteger(body, 'parent_id', 1) ?? null,
    });
    return reply.code(201).send(groupJson(group, config.externalUrl));
  });

  app.get('/api/v4/groups', async (request, reply) => {
    const query = request.query as Params;
    const page = offsetPage(query);
    const filter = { ...listFilter(query), topLevelOnly: optionalBoolean(query, 'top_level_only') };
    const { rows, total } = await listReadableGroups(db, request.access, filter, {
      offset: page.offset,
      limit: page.perPage,
    });
    setPaginationHeaders(request, reply, config.externalUrl, page, total);
    return rows.map((group) => groupJson(group, config.externalUrl));
  });

  app.get('/api/v4/groups/:id', async (request) => {
    const { id } = request.params as { id: string };
    const group = await findReadableGroup(db, request.access, id);
    return groupJson(group, config.externalUrl);
  });

  // Of GitLab's group settings only the email switch is writable here (the epic sidebar reads it).
  app.put('/api/v4/groups/:id', async (request) => {
    const { id } = request.params as { id: string };
    if (!request.actor.user) throw new UnauthorizedError();
    const body = { ...(request.query as Params), ...((request.body ?? {}) as Params) };
    const group = await findReadableGroup(db, request.access, id);
    const enabled = optionalBoolean(body, 'emails_enabled');
    const disabled =
      optionalBoolean(body, 'emails_disabled') ?? (enabled === undefined ? undefined : !enabled);
    const updated =
      disabled === undefined
        ? group
        : await setGroupEmailsDisabled(db, request.access, group, disabled, now());
    return groupJson(updated, config.externalUrl);
  });

  for (const [path, directOnly] of [
    ['/api/v4/groups/:id/subgroups', true],
    ['/api/v4/groups/:id/descendant_groups', false],
  ] as const) {
    app.get(path, async (request, reply) => {
      const { id } = request.params as { id: string };
      const query = request.query as Params;
      const group = await findReadableGroup(db, request.access, id);
      const page = offsetPage(query);
      const filter = directOnly
        ? { ...listFilter(query), childrenOf: group.id }
        : { ...listFilter(query), descendantsOf: group };
      const { rows, total } = await listReadableGroups(db, request.access, filter, {
        offset: page.offset,
        limit: page.perPage,
      });
      setPaginationHeaders(request, reply, config.externalUrl, page, total);
      return rows.map((row) => groupJson(row, config.externalUrl));
    });
  }
}
