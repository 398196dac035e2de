/**
 * Markdown uploads (GitLab's UploadService and uploads API): who may attach a file to a project's or
 * a group's text, how it is kept, and who may read it back.
 */
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { imageTypeOf, sanitizedFilename } from '../../../core/domain/metricImages.ts';
import {
  isInlineImage,
  MIB,
  UPLOAD_SECRET_PATTERN,
  type UploadOwnerKind,
  uploadAlt,
  uploadFullPath,
  uploadMarkdown,
  uploadStoreKey,
  uploadUrl,
} from '../../../core/domain/uploads.ts';
import { type Executor, inTransaction } from '../../db/executor.ts';
import { findNamespaceById } from '../../db/repositories/namespaceRepository.ts';
import { findProjectById } from '../../db/repositories/projectRepository.ts';
import { findUpload, insertUpload, type UploadOwner } from '../../db/repositories/uploadRepository.ts';
import type { NamespaceRow, ProjectRow, UploadRow } from '../../db/schema.ts';
import { fitsSqlInteger } from '../../db/sqlInteger.ts';
import type { FileStore, StagedFile } from '../../storage/fileStore.ts';
import { S3Error } from '../../storage/s3Bucket.ts';
import type { AccessContext } from '../access.ts';
import { ForbiddenError, ServiceError, UnauthorizedError } from '../errors.ts';

/** A project (with its group) or a group that texts are written in. */
export type UploadPlace =
  | { readonly kind: 'project'; readonly project: ProjectRow; readonly namespace: NamespaceRow }
  | { readonly kind: 'group'; readonly group: NamespaceRow };

/** GitLab's Upload entity, as its uploads API answers. */
export interface UploadView {
  readonly id: number;
  readonly alt: string;
  readonly url: string;
  readonly full_path: string;
  readonly markdown: string;
}

/** Enough leading bytes to tell an image (core/domain/metricImages). */
export { IMAGE_SIGNATURE_BYTES as UPLOAD_HEAD_BYTES } from '../../../core/domain/metricImages.ts';

const ownerOf = (kind: UploadOwnerKind, ownerId: number): UploadOwner => ({
  modelType: kind === 'project' ? 'Project' : 'Namespace',
  modelId: ownerId,
});
const ownerIdOf = (place: UploadPlace): number =>
  place.kind === 'project' ? place.project.id : place.group.id;

/** Who may attach: whoever may comment there (GitLab's upload_file follows create_note). */
export async function requireUpload(access: AccessContext, place: UploadPlace): Promise<void> {
  if (!access.actor.user) throw new UnauthorizedError();
  const allowed =
    place.kind === 'project'
      ? await access.canInProject('create_note', place.project, place.namespace)
      : await access.canInNamespace('create_note', place.group);
  if (!allowed) throw new ForbiddenError();
}

/** The largest file the instance accepts now (`max_attachment_size`, in MiB). */
export const maxAttachmentBytes = (maxAttachmentSizeMiB: number): number => maxAttachmentSizeMiB * MIB;

/**
 * Keeps a staged file as the place's upload: the row and the published bytes in one transaction,
 * so a failure leaves neither. Images (by their bytes, never their name) are served as such; every
 * other file is served as a download. The caller checked requireUpload before reading the body and
 * discards the staged file afterwards.
 */
export async function createUpload(
  db: Executor,
  store: FileStore,
  access: AccessContext,
  place: UploadPlace,
  upload: { readonly staged: StagedFile; readonly filename: string },
): Promise<UploadView> {
  await requireUpload(access, place);
  const user = access.actor.user;
  if (!user) throw new UnauthorizedError();
  const filename = sanitizedFilename(upload.filename);
  const secret = randomBytes(16).toString('hex');
  const contentType = imageTypeOf(upload.staged.head) ?? 'application/octet-stream';
  const rootNamespaceId =
    place.kind === 'project' ? place.project.root_namespace_id : place.group.root_namespace_id;
  let published: string | undefined;
  try {
    const row = await inTransaction(db, async (trx) => {
      const inserted = await insertUpload(trx, {
        rootNamespaceId,
        owner: ownerOf(place.kind, ownerIdOf(place)),
        secret,
        filename,
        mimeType: contentType,
        size: upload.staged.size,
        uploadedById: user.id,
        now: access.now(),
      });
      published = uploadKey(place.kind, ownerIdOf(place), inserted);
      await store.publish(upload.staged, published);
      return inserted;
    });
    return uploadView(place.kind, ownerIdOf(place), row, isInlineImage(upload.staged.head));
  } catch (error) {
    if (published) await store.remove(published).catch(() => undefined);
    if (error instanceof S3Error)
      throw new ServiceError('unavailable', `The file could not be stored: ${error.message}`);
    throw error;
  }
}

function uploadView(kind: UploadOwnerKind, ownerId: number, row: UploadRow, isImage: boolean): UploadView {
  const fullPath = uploadFullPath(kind, ownerId, row.secret, row.filename);
  return {
    id: row.id,
    alt: uploadAlt(row.filename),
    url: uploadUrl(row.secret, row.filename),
    full_path: fullPath,
    markdown: uploadMarkdown(row.filename, fullPath, isImage),
  };
}

/** The file's key in the store: its owner, its secret and its name. */
const uploadKey = (kind: UploadOwnerKind, ownerId: number, row: Pick<UploadRow, 'secret' | 'filename'>) =>
  uploadStoreKey(kind, ownerId, row.secret, row.filename);

/**
 * An upload's bytes for a reader of its project or group; null (a 404) for anyone else, for a
 * secret or a name that is not the upload's, and for an owner that is gone.
 */
export async function readableUpload(
  db: Executor,
  store: FileStore,
  access: AccessContext,
  kind: UploadOwnerKind,
  ownerId: number,
  secret: string,
  filename: string,
): Promise<{ readonly upload: UploadRow; readonly bytes: Readable } | null> {
  if (!UPLOAD_SECRET_PATTERN.test(secret) || !fitsSqlInteger(ownerId)) return null;
  if (!(await mayRead(db, access, kind, ownerId))) return null;
  const upload = await findUpload(db, ownerOf(kind, ownerId), secret);
  if (!upload || upload.filename !== filename) return null;
  const bytes = await store.read(uploadKey(kind, ownerId, upload));
  return bytes ? { upload, bytes } : null;
}

async function mayRead(db: Executor, access: AccessContext, kind: UploadOwnerKind, ownerId: number) {
  if (kind === 'group') {
    const group = await findNamespaceById(db, ownerId);
    return group !== undefined && (await access.canInNamespace('read_group', group));
  }
  const project = await findProjectById(db, ownerId);
  const namespace = project ? await findNamespaceById(db, project.namespace_id) : undefined;
  return (
    project !== undefined &&
    namespace !== undefined &&
    access.canInProject('read_project', project, namespace)
  );
}
