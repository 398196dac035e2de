import type { FastifyInstance } from 'fastify';
import type { UploadOwnerKind } from '../../core/domain/uploads.ts';
import type { ServerDeps } from '../serverDeps.ts';
import { NotFoundError } from '../services/errors.ts';
import { readableUpload } from '../services/uploads/uploadService.ts';
import { uploadStoreOf } from '../services/uploads/uploadStore.ts';

/**
 * Serves markdown uploads at their `full_path` (`/-/project/:id/uploads/:secret/:filename`, and
 * `/-/group/…` for a group's), only to who may read the project or group: a 404 page for anyone
 * else. Images whose bytes were read as PNG, JPEG, GIF or WebP show inline; every other file is a
 * download, never sniffed, in a sandbox that runs nothing even when opened on its own.
 */
export function registerUploadFileRoutes(app: FastifyInstance, { db, config }: ServerDeps): void {
  const store = uploadStoreOf(config);
  for (const kind of ['project', 'group'] as const satisfies readonly UploadOwnerKind[]) {
    app.get(`/-/${kind}/:id/uploads/:secret/:filename`, async (request, reply) => {
      const { id, secret, filename } = request.params as { id: string; secret: string; filename: string };
      const found = /^\d{1,10}$/.test(id)
        ? await readableUpload(db, store, request.access, kind, Number(id), secret, filename)
        : null;
      if (!found) throw new NotFoundError('File');
      const { upload, bytes } = found;
      const inline = upload.mime_type.startsWith('image/');
      return reply
        .header('content-type', upload.mime_type)
        .header('content-length', String(upload.size))
        .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename="${upload.filename}"`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-cache')
        .send(bytes);
    });
  }
}
