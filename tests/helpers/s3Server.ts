import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { S3Bucket } from '../../src/server/storage/s3Bucket.ts';

/** A real S3-compatible server on loopback (s3rver, files in a temporary folder) with one bucket. */
export interface S3TestServer {
  readonly endpoint: string;
  readonly region: string;
  readonly bucket: string;
  /** s3rver's own account: its key id is checked, its V4 signatures are not. */
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  /** A client of its bucket, to read what the app wrote there. */
  client(): S3Bucket;
  close(): Promise<void>;
}

export async function startS3Server(bucket = 'status-page'): Promise<S3TestServer> {
  const directory = mkdtempSync(join(tmpdir(), 'plantrack-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const location = {
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  };
  return {
    ...location,
    client: () => new S3Bucket(location),
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
