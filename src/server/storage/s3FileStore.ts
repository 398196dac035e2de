import type { Readable } from 'node:stream';
import { type DiskFileStore, type FileStore, type StagedFile, stagedPathOf } from './fileStore.ts';
import type { S3Bucket } from './s3Bucket.ts';

/**
 * Files in an S3-compatible bucket. An upload is staged on the local disk first (as DiskFileStore
 * stages it: measured, its first bytes kept, flushed), so that a refused or broken upload never
 * reaches the bucket; publishing streams it to its key and drops the local copy.
 */
export class S3FileStore implements FileStore {
  constructor(
    private readonly bucket: S3Bucket,
    /** Where uploads wait before they are published (a DiskFileStore's own staging). */
    private readonly staging: DiskFileStore,
  ) {}

  stage(source: Readable, headBytes: number): Promise<StagedFile> {
    return this.staging.stage(source, headBytes);
  }

  async publish(staged: StagedFile, key: string): Promise<void> {
    try {
      await this.bucket.putFile(key, stagedPathOf(staged), staged.size, 'application/octet-stream');
    } finally {
      await this.staging.discard(staged);
    }
  }

  discard(staged: StagedFile): Promise<void> {
    return this.staging.discard(staged);
  }

  read(key: string): Promise<Readable | null> {
    return this.bucket.get(key);
  }

  remove(key: string): Promise<void> {
    return this.bucket.delete(key);
  }
}
