import type { MultipartFile } from '@fastify/multipart';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IMAGE_SIGNATURE_BYTES } from '../../../core/domain/metricImages.ts';
import type { MetricImageRow } from '../../db/schema.ts';
import { findUnstorableText } from '../../input/unstorableText.ts';
import type { ServerDeps } from '../../serverDeps.ts';
import {
  createMetricImage,
  destroyMetricImage,
  FILE_TOO_LARGE,
  type FileStore,
  listMetricImages,
  MetricImageError,
  metricImageFilePath,
  requireMetricImageUpload,
  type StagedFile,
  updateMetricImage,
} from '../../services/metricImages/metricImageService.ts';
import { uploadStoreOf } from '../../services/uploads/uploadStore.ts';
import { readableIssueOfApiPath } from './issueApiParams.ts';
import { ISSUE_PATH } from './noteableApiPaths.ts';
import { bodyParams, optionalString, ParamError, type Params } from './params.ts';
import { readUploadForm } from './uploadForm.ts';

const IMAGES_PATH = `${ISSUE_PATH}/metric_images`;
/** The text fields a metric image form carries (`url` 255, `url_text` 128) with room to say "too long". */
const FIELD_BYTES = 4096;
/** What a form adds around its file: boundaries, part headers and the text fields. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/** GitLab's IssuableMetricImage entity. */
function metricImageJson(image: MetricImageRow) {
  return {
    id: image.id,
    created_at: image.created_at.toISOString(),
    filename: image.file,
    file_path: metricImageFilePath(image),
    url: image.url,
    url_text: image.url_text,
  };
}

function imageIdParam(request: FastifyRequest): number {
  const { image_id } = request.params as { image_id: string };
  if (!/^\d{1,9}$/.test(image_id)) throw new ParamError('metric_image_id is invalid');
  return Number(image_id);
}

/** `url` and `url_text` of a form or JSON body: undefined when not sent, '' to clear. */
function linkParams(params: Params) {
  const bad = findUnstorableText({ url: params.url, url_text: params.url_text });
  if (bad) throw new ParamError(`${bad.name} ${bad.reason}`);
  return {
    url: optionalString(params, 'url', FIELD_BYTES),
    urlText: optionalString(params, 'url_text', FIELD_BYTES),
  };
}

/**
 * GitLab's metric images of incidents (`doc/api/issues.md`, "Upload metric image"):
 *
 * GET    /projects/:id/issues/:issue_iid/metric_images            the images, oldest first
 * POST   /projects/:id/issues/:issue_iid/metric_images            multipart `file` (required), `url`,
 *        `url_text` → the image; 403 `Not allowed!` unless the issue is an incident the caller may
 *        update; 400 `400 Bad request - File is too large` past the configured size
 * PUT    /projects/:id/issues/:issue_iid/metric_images/:image_id  `url`, `url_text` → the image
 * DELETE /projects/:id/issues/:issue_iid/metric_images/:image_id  → 204
 *
 * Multipart is parsed only here (POST and PUT), streamed: a file is cut at the size limit, never
 * held in memory, and staged on disk until its row exists.
 */
export async function registerMetricImageRoutes(
  app: FastifyInstance,
  { db, config }: ServerDeps,
): Promise<void> {
  const store = uploadStoreOf(config);
  const maxBytes = config.metricImageMaxBytes;

  await app.register(async (scope) => {
    scope.setErrorHandler((error, _request, reply) => {
      if (error instanceof MetricImageError) return reply.code(error.status).send({ message: error.message });
      throw error;
    });

    scope.get(IMAGES_PATH, async (request) => {
      const located = await readableIssueOfApiPath(db, request);
      return (await listMetricImages(db, located)).map(metricImageJson);
    });

    scope.delete(`${IMAGES_PATH}/:image_id`, async (request, reply) => {
      const imageId = imageIdParam(request);
      const located = await readableIssueOfApiPath(db, request);
      await destroyMetricImage(db, store, request.access, located, imageId);
      return reply.code(204).send();
    });

    await scope.register(async (uploads) => {
      await uploads.register(multipart, {
        limits: {
          fileSize: maxBytes,
          files: 1,
          fields: 8,
          parts: 9,
          fieldSize: FIELD_BYTES,
          fieldNameSize: 100,
        },
      });

      uploads.post(IMAGES_PATH, { bodyLimit: maxBytes + FORM_OVERHEAD_BYTES }, async (request, reply) => {
        const located = await readableIssueOfApiPath(db, request);
        await requireMetricImageUpload(request.access, located);
        // A body that announces more than the limit allows is refused before a byte of it is read.
        if (Number(request.headers['content-length'] ?? 0) > maxBytes + FORM_OVERHEAD_BYTES) {
          throw new MetricImageError(400, FILE_TOO_LARGE);
        }
        const form = await readUploadForm(request, {
          onFile: (file) => stageUpload(file, store, maxBytes),
          onFailure: (file) => store.discard(file.staged),
          tooLarge: () => new MetricImageError(400, FILE_TOO_LARGE),
        });
        try {
          if (!form.file) throw new ParamError('file is missing');
          const image = await createMetricImage(db, store, request.access, located, {
            staged: form.file.staged,
            filename: form.file.filename,
            ...linkParams(form.fields),
          });
          return reply.code(201).send(metricImageJson(image));
        } finally {
          if (form.file) await store.discard(form.file.staged);
        }
      });

      uploads.put(`${IMAGES_PATH}/:image_id`, async (request, reply: FastifyReply) => {
        const imageId = imageIdParam(request);
        const located = await readableIssueOfApiPath(db, request);
        const params = request.isMultipart()
          ? (
              await readUploadForm(request, {
                onFile: () => Promise.reject(new ParamError('file is not accepted here')),
                tooLarge: () => new MetricImageError(400, FILE_TOO_LARGE),
              })
            ).fields
          : bodyParams(request);
        const image = await updateMetricImage(db, request.access, located, imageId, linkParams(params));
        return reply.send(metricImageJson(image));
      });
    });
  });
}

interface UploadedFile {
  readonly staged: StagedFile;
  readonly filename: string;
}

async function stageUpload(part: MultipartFile, store: FileStore, maxBytes: number): Promise<UploadedFile> {
  const staged = await store.stage(part.file, IMAGE_SIGNATURE_BYTES);
  // Busboy stops writing at the limit and marks the stream: what was kept is not the whole file.
  if (part.file.truncated || staged.size > maxBytes) {
    await store.discard(staged);
    throw new MetricImageError(400, FILE_TOO_LARGE);
  }
  return { staged, filename: part.filename };
}
