import type { Readable } from 'node:stream';
import {
  extensionMatches,
  imageTypeOf,
  METRIC_IMAGE_TYPE_ERROR,
  metricImageUrlError,
  metricImageUrlTextError,
  sanitizedFilename,
} from '../../../core/domain/metricImages.ts';
import { metricImageStoreKey } from '../../../core/domain/uploads.ts';
import { type Executor, inTransaction } from '../../db/executor.ts';
import {
  deleteMetricImage,
  findMetricImageById,
  findMetricImageOfIssue,
  insertMetricImage,
  listMetricImagesOfIssue,
  updateMetricImageLink,
} from '../../db/repositories/metricImageRepository.ts';
import type { MetricImageRow } from '../../db/schema.ts';
import { fitsSqlInteger } from '../../db/sqlInteger.ts';
import type { FileStore, StagedFile } from '../../storage/fileStore.ts';
import { S3Error } from '../../storage/s3Bucket.ts';
import type { AccessContext } from '../access.ts';
import { UnauthorizedError } from '../errors.ts';
import { findReadableIssueByIdOrNull, type IssueInProject } from '../issueService.ts';

export type { FileStore, StagedFile };

/**
 * A refusal answered as GitLab's metric image API does: its status and its `{"message"}`, word for
 * word (`Not allowed!`, `Metric image not found`, `400 Bad request - File is too large`).
 */
export class MetricImageError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 422 | 503,
    message: string,
  ) {
    super(message);
    this.name = 'MetricImageError';
  }
}

export const FILE_TOO_LARGE = '400 Bad request - File is too large';
const NOT_ALLOWED = 'Not allowed!';
const NOT_FOUND = 'Metric image not found';

/** GitLab's `file_path` of an image, which is also its key in the store (under `/uploads`). */
export function metricImageFilePath(image: Pick<MetricImageRow, 'id' | 'file'>): string {
  return `/uploads/${metricImageKey(image)}`;
}

const metricImageKey = (image: Pick<MetricImageRow, 'id' | 'file'>): string =>
  metricImageStoreKey(image.id, image.file);

/**
 * Whether the actor may add, edit and delete the incident's metric images: a signed-in member of the
 * team (Reporter and up), and only on an incident.
 */
export async function canManageMetricImages(
  access: AccessContext,
  { project, namespace, issue }: IssueInProject,
): Promise<boolean> {
  if (!access.actor.user || issue.issue_type !== 'incident') return false;
  return access.canInProject('upload_issuable_metric_image', project, namespace, {
    confidential: issue.confidential,
  });
}

/** Before any byte of an upload is read: 401 for nobody, GitLab's 403 `Not allowed!` otherwise. */
export async function requireMetricImageUpload(
  access: AccessContext,
  located: IssueInProject,
): Promise<void> {
  if (!access.actor.user) throw new UnauthorizedError();
  if (!(await canManageMetricImages(access, located))) throw new MetricImageError(403, NOT_ALLOWED);
}

/** The images of an issue the caller reads (an issue that is no incident has none). */
export function listMetricImages(db: Executor, { issue }: IssueInProject): Promise<MetricImageRow[]> {
  return listMetricImagesOfIssue(db, issue.id);
}

/**
 * An image's stored bytes at its `file_path`, for a caller who may read its incident; null for
 * everyone else, and for a path whose name is not the image's (both answered 404, as GitLab's).
 */
export async function readableMetricImageFile(
  db: Executor,
  store: FileStore,
  access: AccessContext,
  imageId: number,
  filename: string,
): Promise<{ image: MetricImageRow; bytes: Readable } | null> {
  const image = fitsSqlInteger(imageId) ? await findMetricImageById(db, imageId) : undefined;
  if (!image || image.file !== filename) return null;
  if (!(await findReadableIssueByIdOrNull(db, access, image.issue_id))) return null;
  const bytes = await store.read(metricImageKey(image));
  return bytes ? { image, bytes } : null;
}

export interface MetricImageLink {
  /** Undefined leaves it as it is; '' or null clears it. */
  readonly url?: string | null | undefined;
  readonly urlText?: string | null | undefined;
}

export interface MetricImageUpload extends MetricImageLink {
  readonly staged: StagedFile;
  readonly filename: string;
}

/**
 * Keeps an uploaded image: its type is read from its bytes (PNG, JPEG, GIF or WebP, with a name of
 * that type), the row is written and the staged file published under the row's id in one
 * transaction. Whatever is refused or fails leaves neither row nor file. The caller has checked
 * requireMetricImageUpload before reading the upload, and discards the staged file on a throw.
 */
export async function createMetricImage(
  db: Executor,
  store: FileStore,
  access: AccessContext,
  located: IssueInProject,
  upload: MetricImageUpload,
): Promise<MetricImageRow> {
  await requireMetricImageUpload(access, located);
  const type = imageTypeOf(upload.staged.head);
  if (!type) {
    throw new MetricImageError(400, 'Validation failed: File is not a PNG, JPEG, GIF or WebP image');
  }
  const file = sanitizedFilename(upload.filename);
  if (!extensionMatches(file, type))
    throw new MetricImageError(400, `Validation failed: ${METRIC_IMAGE_TYPE_ERROR}`);
  const link = validatedLink(upload, 'Validation failed: ');
  let published: string | undefined;
  try {
    return await inTransaction(db, async (trx) => {
      const image = await insertMetricImage(trx, {
        rootNamespaceId: located.issue.root_namespace_id,
        issueId: located.issue.id,
        file,
        contentType: type,
        size: upload.staged.size,
        url: link.url ?? null,
        urlText: link.urlText ?? null,
        now: access.now(),
      });
      // Inside the transaction: a file that cannot be published rolls the row back.
      published = metricImageKey(image);
      await store.publish(upload.staged, published);
      return image;
    });
  } catch (error) {
    // The row is gone: a file published before a failed commit must go too.
    if (published) await store.remove(published).catch(() => undefined);
    if (error instanceof S3Error)
      throw new MetricImageError(503, `The file could not be stored: ${error.message}`);
    throw error;
  }
}

/** Changes an image's link and its text (GitLab's PUT: `url`, `url_text`). */
export async function updateMetricImage(
  db: Executor,
  access: AccessContext,
  located: IssueInProject,
  imageId: number,
  link: MetricImageLink,
): Promise<MetricImageRow> {
  await requireManage(access, located);
  const image = await findMetricImageOfIssue(db, located.issue.id, imageId);
  if (!image) throw new MetricImageError(404, NOT_FOUND);
  const changes = validatedLink(link, 'Metric image could not be updated: ', 422);
  const updated = await updateMetricImageLink(db, image.id, changes, access.now());
  if (!updated) throw new MetricImageError(404, NOT_FOUND);
  return updated;
}

/** Deletes an image: its row, then (once that is committed) its file. */
export async function destroyMetricImage(
  db: Executor,
  store: FileStore,
  access: AccessContext,
  located: IssueInProject,
  imageId: number,
): Promise<void> {
  await requireManage(access, located);
  const image = await findMetricImageOfIssue(db, located.issue.id, imageId);
  if (!image) throw new MetricImageError(404, NOT_FOUND);
  if (!(await deleteMetricImage(db, image.id))) throw new MetricImageError(404, NOT_FOUND);
  await store.remove(metricImageKey(image));
}

/** The files of these images, removed after their rows went (an incident deleted for good). */
export async function removeMetricImageFiles(
  store: FileStore,
  images: readonly Pick<MetricImageRow, 'id' | 'file'>[],
): Promise<void> {
  await Promise.all(images.map((image) => store.remove(metricImageKey(image))));
}

/** GitLab's authorize!: 401 for nobody, `403 Forbidden` for who may not. */
async function requireManage(access: AccessContext, located: IssueInProject): Promise<void> {
  if (!access.actor.user) throw new UnauthorizedError();
  if (!(await canManageMetricImages(access, located))) throw new MetricImageError(403, '403 Forbidden');
}

function validatedLink(link: MetricImageLink, prefix: string, status: 400 | 422 = 400): MetricImageLink {
  const url = link.url === undefined ? undefined : link.url?.trim() || null;
  const urlText = link.urlText === undefined ? undefined : link.urlText?.trim() || null;
  const urlError = url ? metricImageUrlError(url) : null;
  if (urlError) throw new MetricImageError(status, `${prefix}Url ${urlError}`);
  const textError = urlText ? metricImageUrlTextError(urlText) : null;
  if (textError) throw new MetricImageError(status, `${prefix}Url text ${textError}`);
  return { url, urlText };
}
