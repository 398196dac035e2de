import type { MultipartFile } from '@fastify/multipart';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MAX_ATTACHMENT_SIZE_LIMIT_MIB, MIB, UPLOAD_TEXTS } from '../../../core/domain/uploads.ts';
import type { ServerDeps } from '../../serverDeps.ts';
import { findReadableGroup } from '../../services/groupService.ts';
import { findReadableProject } from '../../services/projectService.ts';
import {
  createUpload,
  maxAttachmentBytes,
  requireUpload,
  UPLOAD_HEAD_BYTES,
  type UploadPlace,
} from '../../services/uploads/uploadService.ts';
import { type FileStore, type StagedFile, uploadStoreOf } from '../../services/uploads/uploadStore.ts';
import { ParamError } from './params.ts';
import { readUploadForm } from './uploadForm.ts';

/** What a form adds around its file: boundaries and part headers. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/** Past `max_attachment_size`: GitLab's 413, and nothing kept. */
class AttachmentTooLargeError extends Error {}

interface UploadedFile {
  readonly staged: StagedFile;
  readonly filename: string;
}

async function stageAttachment(
  part: MultipartFile,
  store: FileStore,
  maxBytes: number,
): Promise<UploadedFile> {
  const staged = await store.stage(part.file, UPLOAD_HEAD_BYTES);
  // Busboy stops writing at the limit and marks the stream: what was kept is not the whole file.
  if (part.file.truncated || staged.size > maxBytes) {
    await store.discard(staged);
    throw new AttachmentTooLargeError(UPLOAD_TEXTS.tooLargeApi);
  }
  if (staged.size === 0) {
    await store.discard(staged);
    throw new ParamError('file is empty');
  }
  return { staged, filename: part.filename };
}

/**
 * GitLab's markdown uploads, as its uploads API takes them (`doc/api/project_markdown_uploads.md`):
 *
 * POST /projects/:id/uploads   multipart `file` → 201 `{ id, alt, url, full_path, markdown }`
 * POST /groups/:id/uploads     the same for a group's texts (epics)
 *
 * Whoever may comment there may attach (401 for nobody, 403 otherwise); a file past the instance's
 * `max_attachment_size` is a 413 and nothing is kept. The file streams to the store's staging area,
 * never into memory, and is refused as soon as it passes the limit.
 */
export async function registerUploadRoutes(app: FastifyInstance, { db, config, settings }: ServerDeps) {
  const store = uploadStoreOf(config);
  const hardLimit = MAX_ATTACHMENT_SIZE_LIMIT_MIB * MIB;

  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: hardLimit, files: 1, fields: 4, parts: 5, fieldSize: 1024, fieldNameSize: 100 },
    });
    scope.setErrorHandler((error, _request, reply) => {
      if (error instanceof AttachmentTooLargeError) return reply.code(413).send({ message: error.message });
      throw error;
    });

    const upload = async (request: FastifyRequest, place: UploadPlace) => {
      await requireUpload(request.access, place);
      const maxBytes = maxAttachmentBytes((await settings.current()).max_attachment_size);
      // A body that announces more than the limit allows is refused before a byte of it is read.
      if (Number(request.headers['content-length'] ?? 0) > maxBytes + FORM_OVERHEAD_BYTES) {
        throw new AttachmentTooLargeError(UPLOAD_TEXTS.tooLargeApi);
      }
      const form = await readUploadForm(request, {
        onFile: (part) => stageAttachment(part, store, maxBytes),
        onFailure: (file) => store.discard(file.staged),
        tooLarge: () => new AttachmentTooLargeError(UPLOAD_TEXTS.tooLargeApi),
        maxFileBytes: maxBytes,
      });
      try {
        if (!form.file) throw new ParamError('file is missing');
        return await createUpload(db, store, request.access, place, form.file);
      } finally {
        if (form.file) await store.discard(form.file.staged);
      }
    };

    const options = { bodyLimit: hardLimit + FORM_OVERHEAD_BYTES };
    scope.post('/api/v4/projects/:id/uploads', options, async (request, reply) => {
      const { id } = request.params as { id: string };
      const { project, namespace } = await findReadableProject(db, request.access, id);
      return reply.code(201).send(await upload(request, { kind: 'project', project, namespace }));
    });
    scope.post('/api/v4/groups/:id/uploads', options, async (request, reply) => {
      const { id } = request.params as { id: string };
      const group = await findReadableGroup(db, request.access, id);
      return reply.code(201).send(await upload(request, { kind: 'group', group }));
    });
  });
}
