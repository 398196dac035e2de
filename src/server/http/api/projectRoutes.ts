import type { FastifyInstance, FastifyRequest } from 'fastify';
import { VISIBILITY_LEVEL, type Visibility } from '../../../core/domain/visibility.ts';
import type { Executor } from '../../db/executor.ts';
import type { ServerDeps } from '../../serverDeps.ts';
import { findReadableGroup } from '../../services/groupService.ts';
import { type ProjectInNamespace, withNamespaces } from '../../services/issueService.ts';
import { createProject } from '../../services/namespaces/creationService.ts';
import {
  countOpenIssuesForViewer,
  findReadableProject,
  listReadableProjects,
} from '../../services/projectService.ts';
import { creationParams } from './creationParams.ts';
import { setPaginationHeaders } from './pagination.ts';
import {
  bodyParams,
  offsetPage,
  optionalBoolean,
  optionalEnum,
  optionalInteger,
  optionalString,
  ParamError,
  type Params,
} from './params.ts';
import { projectJson } from './presenters.ts';

const ORDER_BY = ['id', 'name', 'path', 'created_at', 'updated_at', 'last_activity_at'] as const;

function listFilter(query: Params) {
  const visibility = optionalEnum<Visibility>(query, 'visibility', ['private', 'internal', 'public']);
  const orderBy = optionalEnum(query, 'order_by', ORDER_BY);
  return {
    search: optionalString(query, 'search', 255),
    membershipOnly: optionalBoolean(query, 'membership') || optionalBoolean(query, 'owned'),
    visibility: visibility === undefined ? undefined : VISIBILITY_LEVEL[visibility],
    orderBy: orderBy === 'last_activity_at' ? ('updated_at' as const) : orderBy,
    sort: optionalEnum(query, 'sort', ['asc', 'desc'] as const),
  };
}

/** GitLab's project entities for a page of projects, open issues counted as the viewer may see them. */
export async function presentProjects(
  db: Executor,
  request: FastifyRequest,
  externalUrl: string,
  located: readonly ProjectInNamespace[],
) {
  const counts = await countOpenIssuesForViewer(db, request.access, located);
  return located.map(({ project, namespace }) =>
    projectJson(project, namespace, externalUrl, counts.get(project.id) ?? 0),
  );
}

export function registerProjectRoutes(app: FastifyInstance, { db, config, settings }: ServerDeps): void {
  // GitLab's POST /projects: `name` or `path`, `namespace_id` (a group here), `visibility`, `description`.
  app.post('/api/v4/projects', async (request, reply) => {
    const body = bodyParams(request);
    const namespaceId = optionalInteger(body, 'namespace_id', 1);
    if (namespaceId === undefined) throw new ParamError('namespace_id is missing');
    const created = await createProject(db, request.access, settings, {
      ...creationParams(body),
      namespaceId,
    });
    const [json] = await presentProjects(db, request, config.externalUrl, [created]);
    return reply.code(201).send(json);
  });

  app.get('/api/v4/projects', async (request, reply) => {
    const query = request.query as Params;
    const page = offsetPage(query);
    const { rows, total } = await listReadableProjects(db, request.access, listFilter(query), {
      offset: page.offset,
      limit: page.perPage,
    });
    setPaginationHeaders(request, reply, config.externalUrl, page, total);
    return presentProjects(db, request, config.externalUrl, await withNamespaces(db, rows));
  });

  app.get('/api/v4/projects/:id', async (request) => {
    const { id } = request.params as { id: string };
    const found = await findReadableProject(db, request.access, id);
    const [json] = await presentProjects(db, request, config.externalUrl, [found]);
    return json;
  });

  app.get('/api/v4/groups/:id/projects', async (request, reply) => {
    const { id } = request.params as { id: string };
    const query = request.query as Params;
    const group = await findReadableGroup(db, request.access, id);
    const page = offsetPage(query);
    // Every project here has issues enabled and none is shared with another group, so
    // with_issues_enabled and with_shared are checked for their type and change nothing.
    optionalBoolean(query, 'with_issues_enabled');
    optionalBoolean(query, 'with_shared');
    const filter = {
      ...listFilter(query),
      namespaceId: group.id,
      includeSubgroups: optionalBoolean(query, 'include_subgroups') ?? false,
      searchNamespaces: optionalBoolean(query, 'search_namespaces') ?? false,
    };
    const { rows, total } = await listReadableProjects(db, request.access, filter, {
      offset: page.offset,
      limit: page.perPage,
    });
    setPaginationHeaders(request, reply, config.externalUrl, page, total);
    return presentProjects(db, request, config.externalUrl, await withNamespaces(db, rows));
  });
}
