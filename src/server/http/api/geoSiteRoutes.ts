import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SiteInput } from '../../../core/domain/geo.ts';
import type { GeoNodeRow } from '../../db/schema.ts';
import type { ServerDeps } from '../../serverDeps.ts';
import {
  changeSite,
  createSite,
  findSiteView,
  listSiteViews,
  removeSite,
  type SiteView,
  siteStatus,
  siteStatuses,
  siteView,
} from '../../services/geo/geoSites.ts';
import { pathId } from './deploymentParams.ts';
import {
  bodyParams,
  optionalBoolean,
  optionalIdList,
  optionalInteger,
  optionalString,
  type Params,
} from './params.ts';

/**
 * GitLab's Geo sites API (doc/api/geo_sites.md, and the older /geo_nodes paths its front end calls),
 * administrators only (401, 403):
 *
 * GET    /geo_nodes, /geo_nodes/:id           the sites, the primary first
 * POST   /geo_nodes                           name and url required; 201; 400 with the field errors
 * PUT    /geo_nodes/:id                       200; DELETE /geo_nodes/:id 204; 404 `GeoNode Not Found`
 * GET    /geo_nodes/status, /geo_nodes/:id/status   each site's replication status
 */
export function registerGeoSiteRoutes(app: FastifyInstance, { db, config }: ServerDeps): void {
  const external = config.externalUrl;
  const siteJson = ({ site, current, groupIds }: SiteView) => ({
    id: site.id,
    name: site.name,
    url: site.url,
    internal_url: site.internal_url ?? site.url,
    primary: site.primary,
    enabled: site.enabled,
    current,
    files_max_capacity: site.files_max_capacity,
    repos_max_capacity: site.repos_max_capacity,
    verification_max_capacity: site.verification_max_capacity,
    container_repositories_max_capacity: site.container_repositories_max_capacity,
    selective_sync_type: site.selective_sync_type,
    selective_sync_shards: [],
    selective_sync_namespace_ids: groupIds,
    minimum_reverification_interval: site.minimum_reverification_interval,
    sync_object_storage: site.sync_object_storage,
    clone_protocol: 'http',
    web_edit_url: `${external}/admin/geo/sites/${site.id}/edit`,
    ...(site.primary
      ? {}
      : { web_geo_replication_details_url: `${site.url}admin/geo/sites/${site.id}/replication/uploads` }),
    _links: {
      self: `${external}/api/v4/geo_nodes/${site.id}`,
      status: `${external}/api/v4/geo_nodes/${site.id}/status`,
      repair: `${external}/api/v4/geo_nodes/${site.id}/repair`,
    },
  });
  const statusJson = (status: Record<string, unknown>) => ({
    ...status,
    version: '17.0.0-plantrack',
    revision: 'plantrack',
    _links: {
      self: `${external}/api/v4/geo_nodes/${String(status.geo_node_id)}/status`,
      site: `${external}/api/v4/geo_nodes/${String(status.geo_node_id)}`,
    },
  });
  const inputOf = (params: Params): SiteInput => {
    const type = optionalString(params, 'selective_sync_type');
    return {
      name: optionalString(params, 'name', 1000),
      url: optionalString(params, 'url', 1000),
      internalUrl: optionalString(params, 'internal_url', 1000),
      primary: optionalBoolean(params, 'primary'),
      enabled: optionalBoolean(params, 'enabled'),
      filesMaxCapacity: optionalInteger(params, 'files_max_capacity', 0),
      reposMaxCapacity: optionalInteger(params, 'repos_max_capacity', 0),
      verificationMaxCapacity: optionalInteger(params, 'verification_max_capacity', 0),
      containerRepositoriesMaxCapacity: optionalInteger(params, 'container_repositories_max_capacity', 0),
      minimumReverificationInterval: optionalInteger(params, 'minimum_reverification_interval', 1),
      selectiveSyncType: type === undefined ? undefined : type === 'namespaces' ? 'namespaces' : null,
      selectiveSyncNamespaceIds: optionalIdList(params, 'selective_sync_namespace_ids'),
    };
  };
  const id = (request: FastifyRequest) => pathId(request, 'id');
  const view = (site: GeoNodeRow) => siteView(db, site, config.geo);

  for (const base of ['/api/v4/geo_nodes', '/api/v4/geo_sites']) {
    app.get(base, async (request) => (await listSiteViews(db, request.access, config.geo)).map(siteJson));
    app.post(base, async (request, reply) =>
      reply
        .code(201)
        .send(siteJson(await view(await createSite(db, request.access, inputOf(bodyParams(request)))))),
    );
    app.get(`${base}/status`, async (request) => (await siteStatuses(db, request.access)).map(statusJson));
    app.get(`${base}/:id`, async (request) =>
      siteJson(await findSiteView(db, request.access, config.geo, id(request))),
    );
    app.get(`${base}/:id/status`, async (request) =>
      statusJson(await siteStatus(db, request.access, id(request))),
    );
    app.put(`${base}/:id`, async (request) =>
      siteJson(await view(await changeSite(db, request.access, id(request), inputOf(bodyParams(request))))),
    );
    app.delete(`${base}/:id`, async (request, reply) => {
      await removeSite(db, request.access, id(request));
      return reply.code(204).send();
    });
  }
}
