import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerDeps } from '../../serverDeps.ts';
import {
  blobsAfter,
  blobToSend,
  eventsAfter,
  GEO_PAGE_LIMIT,
  geoCallerSite,
  isGeoBlobModelType,
  recordSiteStatus,
  scopeOf,
} from '../../services/geo/geoPrimaryApi.ts';
import { uploadStoreOf } from '../../services/uploads/uploadStore.ts';
import { pathId } from './deploymentParams.ts';
import { optionalInteger, type Params } from './params.ts';

/**
 * The primary's Geo API (GitLab's API::Geo), for secondary sites only: each request carries the
 * site's signed Geo token (services/geo/geoAuth.ts), or gets 401.
 *
 * GET  /geo/node                          the asking site's settings (its capacities)
 * GET  /geo/events?after=&limit=          the event log after an id: blobs created and deleted
 * GET  /geo/blobs/:model_type?after_id=   the blobs of a kind, by id (a backfill)
 * GET  /geo/retrieve/:model_type/:id      a blob's bytes, its SHA-256 in X-Geo-Checksum; 404
 *      `{"geo_code": "FILE_NOT_FOUND"}` when the primary has none
 * POST /geo/status                        the site's status, kept for the Admin Area
 */
export function registerGeoApiRoutes(app: FastifyInstance, { db, config, now }: ServerDeps): void {
  const caller = (request: FastifyRequest, expected?: Record<string, string | number>) =>
    geoCallerSite(db, config.secretKeyBase, request.headers.authorization, now(), expected);
  const limitOf = (query: Params) => optionalInteger(query, 'limit', 1, GEO_PAGE_LIMIT) ?? 100;
  const store = uploadStoreOf(config);

  app.get('/api/v4/geo/node', async (request) => {
    const site = await caller(request, { scope: 'node' });
    return {
      id: site.id,
      name: site.name,
      files_max_capacity: site.files_max_capacity,
      verification_max_capacity: site.verification_max_capacity,
      selective_sync_type: site.selective_sync_type,
    };
  });

  app.get('/api/v4/geo/events', async (request) => {
    const site = await caller(request, { scope: 'events' });
    const query = request.query as Params;
    const answer = await eventsAfter(
      db,
      optionalInteger(query, 'after', 0) ?? 0,
      limitOf(query),
      await scopeOf(db, site),
    );
    return {
      events: answer.events.map((event) => ({
        id: event.id,
        event_name: event.eventName,
        model_type: event.modelType,
        model_id: event.modelId,
        path: event.path,
        size: event.size,
        created_at: event.createdAt.toISOString(),
      })),
      last_event_id: answer.lastEventId,
      last_event_timestamp: answer.lastEventAt ? Math.floor(answer.lastEventAt.getTime() / 1000) : null,
    };
  });

  app.get('/api/v4/geo/blobs/:model_type', async (request, reply) => {
    const site = await caller(request, { scope: 'blobs' });
    const { model_type: modelType } = request.params as { model_type: string };
    if (!isGeoBlobModelType(modelType)) return reply.code(404).send({ message: '404 Not Found' });
    const query = request.query as Params;
    const blobs = await blobsAfter(
      db,
      modelType,
      optionalInteger(query, 'after_id', 0) ?? 0,
      limitOf(query),
      await scopeOf(db, site),
    );
    return blobs.map((blob) => ({ model_id: blob.modelId, path: blob.path, size: blob.size }));
  });

  app.get('/api/v4/geo/retrieve/:model_type/:id', async (request, reply) => {
    const { model_type: modelType } = request.params as { model_type: string };
    const id = pathId(request, 'id');
    const site = await caller(request, { model_type: modelType, model_id: id });
    const found = isGeoBlobModelType(modelType)
      ? await blobToSend(db, store, modelType, id, now(), await scopeOf(db, site))
      : null;
    if (!found) return reply.code(404).send({ geo_code: 'FILE_NOT_FOUND', message: '404 Not Found' });
    return reply
      .header('content-type', 'application/octet-stream')
      .header('x-geo-checksum', found.checksum)
      .send(found.body);
  });

  app.post('/api/v4/geo/status', async (request, reply) => {
    const site = await caller(request, { scope: 'status' });
    await recordSiteStatus(db, site, request.body, now());
    return reply.code(201).send({ geo_node_id: site.id });
  });
}
