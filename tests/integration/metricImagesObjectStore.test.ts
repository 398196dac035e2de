import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3Bucket } from '../../src/server/storage/s3Bucket.ts';
import { BACKENDS } from '../helpers/backends.ts';
import { projectIdOf } from '../helpers/lookups.ts';
import { type S3TestServer, startS3Server } from '../helpers/s3Server.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

const PROJECT = 'acme/platform/backend/api';
/** The smallest valid PNG: one transparent pixel. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

describe.each(BACKENDS)('metric images kept in an S3-compatible bucket (%s)', (backend) => {
  let s3: S3TestServer;
  let bucket: S3Bucket;
  let server: TestServer;
  let dataDir: string;
  let token: string;
  let imagesPath: string;

  const form = (bytes: Buffer, filename: string) => {
    const data = new FormData();
    data.append('file', new Blob([new Uint8Array(bytes)]), filename);
    data.append('url_text', 'CPU');
    return data;
  };
  const call = (method: string, path: string, body?: FormData) =>
    fetch(new URL(path, server.baseUrl), {
      method,
      headers: { 'PRIVATE-TOKEN': token },
      ...(body ? { body } : {}),
    });
  const localFiles = () =>
    readdirSync(dataDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());

  beforeAll(async () => {
    s3 = await startS3Server('uploads');
    bucket = s3.client();
    dataDir = mkdtempSync(join(tmpdir(), 'pt-object-store-'));
    server = await startTestServer({
      backend,
      epics: 5,
      issues: 20,
      env: {
        DATA_DIR: dataDir,
        OBJECT_STORE_BUCKET: s3.bucket,
        OBJECT_STORE_ENDPOINT: s3.endpoint,
        OBJECT_STORE_REGION: s3.region,
        OBJECT_STORE_ACCESS_KEY_ID: s3.accessKeyId,
        OBJECT_STORE_SECRET_ACCESS_KEY: s3.secretAccessKey,
      },
    });
    token = await server.tokenFor('owner');
    const projectId = await projectIdOf(server, PROJECT);
    const created = await fetch(new URL(`/api/v4/projects/${projectId}/issues`, server.baseUrl), {
      method: 'POST',
      headers: { 'PRIVATE-TOKEN': token, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Latency spike', issue_type: 'incident' }),
    });
    const { iid } = (await created.json()) as { iid: number };
    imagesPath = `/api/v4/projects/${projectId}/issues/${iid}/metric_images`;
  });
  afterAll(async () => {
    await server.close();
    await s3.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores an upload in the bucket, serves it to readers, and deletes it from there', async () => {
    const created = await call('POST', imagesPath, form(PNG, 'cpu.png'));
    expect(created.status).toBe(201);
    const image = (await created.json()) as { id: number; file_path: string };
    const key = image.file_path.replace('/uploads/', '');
    expect(await bucket.list('')).toEqual([key]);
    // Nothing stays on the disk once the file is in the bucket.
    expect(localFiles()).toEqual([]);

    const served = await fetch(new URL(image.file_path, server.baseUrl));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);

    expect((await call('DELETE', `${imagesPath}/${image.id}`)).status).toBe(204);
    expect(await bucket.list('')).toEqual([]);
    expect((await fetch(new URL(image.file_path, server.baseUrl))).status).toBe(404);
  });

  it('puts nothing in the bucket for a refused upload', async () => {
    const refused = await call('POST', imagesPath, form(SVG, 'chart.svg'));
    expect(refused.status).toBe(400);
    expect(await bucket.list('')).toEqual([]);
    expect(localFiles()).toEqual([]);
  });

  it('answers 503 and keeps nothing when the store does not answer', async () => {
    await s3.close();
    try {
      const failed = await call('POST', imagesPath, form(PNG, 'cpu.png'));
      expect(failed.status).toBe(503);
      expect(((await failed.json()) as { message: string }).message).toMatch(
        /^The file could not be stored: /,
      );
      expect(await server.db.selectFrom('issuable_metric_images').selectAll().execute()).toEqual([]);
      expect(localFiles()).toEqual([]);
    } finally {
      s3 = await startS3Server('uploads');
    }
  });
});
