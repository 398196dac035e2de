import type { FastifyInstance, FastifyRequest } from 'fastify';
import { GEO_MESSAGES, SYNC_STATES, VERIFICATION_STATES } from '../../../core/domain/geo.ts';
import type { ServerDeps } from '../../serverDeps.ts';
import { ForbiddenError } from '../../services/errors.ts';
import { requireSiteAdministrator } from '../../services/geo/geoPrimaryAdmins.ts';
import {
  actOnAll,
  actOnItem,
  type GeoTrackingDb,
  isRegistryAction,
  listRegistryItems,
} from '../../services/geo/geoRegistryService.ts';
import { pathId } from '../api/deploymentParams.ts';
import { setPaginationHeaders } from '../api/pagination.ts';
import { offsetPage, optionalEnum, optionalString, type Params } from '../api/params.ts';
import { isGraphQLRequest, requestPath } from '../requestPath.ts';

/**
 * A secondary's registry (GitLab's /geo_replication API), for administrators (the primary's, when
 * this site's database knows no users):
 *
 * GET  /geo_replication/uploads?sync_status=&verification_status=&search=   the items, paginated
 * PUT  /geo_replication/uploads/:id/resync | reverify                       one item
 * POST /geo_replication/uploads/resync_all | reverify_all                   every item
 *
 * On a primary they answer 403 "Registries can only be requested from a secondary node".
 */
export function registerGeoReplicationRoutes(
  app: FastifyInstance,
  { config, now }: ServerDeps,
  tracking: GeoTrackingDb | undefined,
): void {
  const base = '/api/v4/geo_replication/uploads';
  const admitted = async (request: FastifyRequest): Promise<GeoTrackingDb> => {
    await requireSiteAdministrator(request.access, request.headers, config.geo.primaryUrl, now().getTime());
    if (!tracking) throw new ForbiddenError(GEO_MESSAGES.secondaryOnly);
    return tracking;
  };
  const itemJson = (row: Awaited<ReturnType<typeof actOnItem>>) => ({
    id: row.id,
    model_type: row.model_type,
    model_id: row.model_id,
    path: row.path,
    size: row.size === null ? null : Number(row.size),
    state: row.state,
    retry_count: row.retry_count,
    retry_at: row.retry_at?.toISOString() ?? null,
    last_synced_at: row.last_synced_at?.toISOString() ?? null,
    last_sync_failure: row.last_sync_failure,
    missing_on_primary: row.missing_on_primary,
    verification_state: row.verification_state,
    verification_checksum: row.verification_checksum,
    verification_failure: row.verification_failure,
    checksum_mismatch: row.checksum_mismatch,
    verified_at: row.verified_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  });

  app.get(base, async (request, reply) => {
    const registry = await admitted(request);
    const query = request.query as Params;
    const page = offsetPage(query);
    const { rows, total } = await listRegistryItems(
      registry,
      {
        syncState: optionalEnum(query, 'sync_status', SYNC_STATES),
        verificationState: optionalEnum(query, 'verification_status', VERIFICATION_STATES),
        search: optionalString(query, 'search', 255),
      },
      { offset: page.offset, limit: page.perPage },
    );
    setPaginationHeaders(request, reply, config.externalUrl, page, total);
    return rows.map(itemJson);
  });

  app.put(`${base}/:id/:action`, async (request, reply) => {
    const registry = await admitted(request);
    const { action } = request.params as { action: string };
    if (!isRegistryAction(action)) return reply.code(404).send({ message: '404 Not Found' });
    return itemJson(await actOnItem(registry, pathId(request, 'id'), action));
  });

  app.post(`${base}/:action`, async (request, reply) => {
    const registry = await admitted(request);
    const { action } = request.params as { action: string };
    const bulk = action.replace(/_all$/, '');
    if (!action.endsWith('_all') || !isRegistryAction(bulk))
      return reply.code(404).send({ message: '404 Not Found' });
    await actOnAll(registry, bulk);
    return { status: 'success' };
  });
}

/**
 * A secondary is read-only (GitLab's Gitlab::Middleware::ReadOnly): any write but to its registry
 * and signing in is refused, GraphQL mutations included.
 */
export function registerReadOnlyGuard(app: FastifyInstance): void {
  app.addHook('preHandler', async (request, reply) => {
    const path = requestPath(request);
    if (['GET', 'HEAD', 'OPTIONS'].includes(request.method)) return;
    if (
      path.startsWith('/api/v4/geo_replication/') ||
      path === '/users/sign_in' ||
      path === '/users/sign_out'
    )
      return;
    if (isGraphQLRequest(request) && !isMutation(request.body)) return;
    return reply.code(403).send({ message: GEO_MESSAGES.readOnly });
  });
}

function isMutation(body: unknown): boolean {
  const queries = (Array.isArray(body) ? body : [body]).map((entry) =>
    entry && typeof entry === 'object' ? String((entry as { query?: unknown }).query ?? '') : '',
  );
  // An operation that starts with `mutation` (comments and whitespace before it aside).
  return queries.some((query) => /(^|[}\s])mutation\b/.test(query.replace(/#[^\n]*/g, '')));
}
