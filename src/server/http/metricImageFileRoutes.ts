import type { FastifyInstance } from 'fastify';
import type { ServerDeps } from '../serverDeps.ts';
import { NotFoundError } from '../services/errors.ts';
import { readableMetricImageFile } from '../services/metricImages/metricImageService.ts';
import { uploadStoreOf } from '../services/uploads/uploadStore.ts';

/**
 * Serves an incident's metric images at GitLab's `file_path`, only to who may read the incident (a
 * 404 page for anyone else). The bytes were checked to be a PNG, JPEG, GIF or WebP when uploaded and
 * are sent as that type, never sniffed, in a sandbox that runs nothing even when opened on their own.
 */
export function registerMetricImageFileRoutes(app: FastifyInstance, { db, config }: ServerDeps): void {
  const store = uploadStoreOf(config);
  app.get('/uploads/-/system/issuable_metric_image/file/:image_id/:filename', async (request, reply) => {
    const { image_id, filename } = request.params as { image_id: string; filename: string };
    const found = /^\d{1,9}$/.test(image_id)
      ? await readableMetricImageFile(db, store, request.access, Number(image_id), filename)
      : null;
    if (!found) throw new NotFoundError('File');
    const { image, bytes } = found;
    return reply
      .header('content-type', image.content_type)
      .header('content-length', String(image.size))
      .header('content-disposition', `inline; filename="${image.file}"`)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, no-cache')
      .send(bytes);
  });
}
