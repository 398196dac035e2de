import { join } from 'node:path';
import type { ServerConfig } from '../../config.ts';
import { DiskFileStore, type FileStore } from '../../storage/fileStore.ts';
import { S3Bucket } from '../../storage/s3Bucket.ts';
import { S3FileStore } from '../../storage/s3FileStore.ts';

export type { FileStore, StagedFile } from '../../storage/fileStore.ts';

const stores = new Map<string, FileStore>();

/**
 * The server's store of uploaded files (metric images, markdown attachments), each kind under keys
 * of its own: the object store's bucket when one is configured (uploads staged under
 * `DATA_DIR/uploads/tmp`), else files under `DATA_DIR/uploads`.
 */
export function uploadStoreOf(config: Pick<ServerConfig, 'dataDir' | 'objectStore'>): FileStore {
  const root = join(config.dataDir, 'uploads');
  const id = config.objectStore
    ? `${root} ${config.objectStore.endpoint ?? ''} ${config.objectStore.bucket}`
    : root;
  let store = stores.get(id);
  if (!store) {
    const disk = new DiskFileStore(root);
    store = config.objectStore ? new S3FileStore(new S3Bucket(config.objectStore), disk) : disk;
    stores.set(id, store);
  }
  return store;
}
