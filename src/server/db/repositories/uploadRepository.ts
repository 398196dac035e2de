/** Markdown uploads: one row a file, found by its owner and secret. */
import type { Executor } from '../executor.ts';
import type { UploadRow } from '../schema.ts';

export interface UploadOwner {
  readonly modelType: UploadRow['model_type'];
  readonly modelId: number;
}

export interface NewUpload {
  readonly rootNamespaceId: number;
  readonly owner: UploadOwner;
  readonly secret: string;
  readonly filename: string;
  readonly mimeType: string;
  readonly size: number;
  readonly uploadedById: number;
  readonly now: Date;
}

export function insertUpload(db: Executor, upload: NewUpload): Promise<UploadRow> {
  return db
    .insertInto('uploads')
    .values({
      root_namespace_id: upload.rootNamespaceId,
      model_type: upload.owner.modelType,
      model_id: upload.owner.modelId,
      secret: upload.secret,
      filename: upload.filename,
      mime_type: upload.mimeType,
      size: upload.size,
      uploaded_by_id: upload.uploadedById,
      created_at: upload.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The owner's upload under this secret; undefined when there is none. */
export function findUpload(db: Executor, owner: UploadOwner, secret: string): Promise<UploadRow | undefined> {
  return db
    .selectFrom('uploads')
    .selectAll()
    .where('model_type', '=', owner.modelType)
    .where('model_id', '=', owner.modelId)
    .where('secret', '=', secret)
    .executeTakeFirst();
}
