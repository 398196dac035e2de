import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, promises as fs } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { type Readable, promises as streams, Transform } from 'node:stream';

/** Bytes received and kept under a temporary name until they are published or discarded. */
export interface StagedFile {
  readonly size: number;
  /** The first bytes, to tell the file's type by its magic number. */
  readonly head: Uint8Array;
}

/**
 * Where uploaded files live. A file is staged first (streamed to a temporary name), then published
 * under its key once the database row that names it exists, so a refused or failed upload leaves
 * nothing behind. DiskFileStore keeps them on the disk, S3FileStore in an S3-compatible bucket.
 */
export interface FileStore {
  /** Streams `source` to a temporary file, keeping its first `headBytes` bytes aside. */
  stage(source: Readable, headBytes: number): Promise<StagedFile>;
  /** Moves a staged file to `key` for good (durable once this resolves). */
  publish(staged: StagedFile, key: string): Promise<void>;
  discard(staged: StagedFile): Promise<void>;
  /** The stored bytes of `key`, or null when there are none. */
  read(key: string): Promise<Readable | null>;
  /** Removes `key` and the folder that held only it; nothing happens when it is gone already. */
  remove(key: string): Promise<void>;
}

interface DiskStagedFile extends StagedFile {
  readonly path: string;
}

/** Where a file staged by a DiskFileStore waits on the disk. */
export function stagedPathOf(staged: StagedFile): string {
  return (staged as DiskStagedFile).path;
}

/**
 * Files on the local disk under `root`. Writes are atomic: the bytes go to a temporary file in the
 * same file system, are flushed (fsync), then renamed into place and the folder flushed, so a crash
 * leaves either the whole file or none.
 */
export class DiskFileStore implements FileStore {
  private readonly root: string;
  private readonly staging: string;

  constructor(root: string) {
    this.root = resolve(root);
    this.staging = join(this.root, 'tmp');
  }

  async stage(source: Readable, headBytes: number): Promise<StagedFile> {
    await fs.mkdir(this.staging, { recursive: true });
    const path = join(this.staging, `${randomUUID()}.part`);
    let head = Buffer.alloc(0);
    let size = 0;
    const measure = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (head.length < headBytes) head = Buffer.concat([head, chunk.subarray(0, headBytes - head.length)]);
        done(null, chunk);
      },
    });
    const sink = createWriteStream(path, { flags: 'wx' });
    try {
      await streams.pipeline(source, measure, sink);
      await flush(path);
    } catch (error) {
      // A source that fails at once can end the pipeline before the file is open; removed then,
      // the file would be created after, and stay.
      if (!sink.closed) await new Promise<void>((closed) => sink.once('close', () => closed()));
      await fs.rm(path, { force: true });
      throw error;
    }
    const staged: DiskStagedFile = { path, size, head };
    return staged;
  }

  async publish(staged: StagedFile, key: string): Promise<void> {
    const target = this.pathOf(key);
    await fs.mkdir(dirname(target), { recursive: true });
    await fs.rename((staged as DiskStagedFile).path, target);
    await flushFolder(dirname(target));
  }

  async discard(staged: StagedFile): Promise<void> {
    await fs.rm((staged as DiskStagedFile).path, { force: true });
  }

  async read(key: string): Promise<Readable | null> {
    const path = this.pathOf(key);
    try {
      if (!(await fs.stat(path)).isFile()) return null;
    } catch {
      return null;
    }
    return createReadStream(path);
  }

  async remove(key: string): Promise<void> {
    const path = this.pathOf(key);
    await fs.rm(path, { force: true });
    // The image's own folder (…/file/<id>/) holds only it.
    await fs.rm(dirname(path), { recursive: true, force: true });
  }

  /** A key's path, never outside the root (keys come from sanitised names, this is a second lock). */
  private pathOf(key: string): string {
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new Error(`File key outside the store: ${key}`);
    return path;
  }
}

async function flush(path: string): Promise<void> {
  const handle = await fs.open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Makes a rename durable: the folder's entry is flushed too (not supported everywhere: best effort). */
async function flushFolder(path: string): Promise<void> {
  try {
    await flush(path);
  } catch {
    // Some file systems refuse fsync on a folder; the rename itself stays atomic.
  }
}
