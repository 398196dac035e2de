import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Bucket, S3Error } from '../../src/server/storage/s3Bucket.ts';
import { type S3TestServer, startS3Server } from '../helpers/s3Server.ts';

describe('an S3-compatible bucket, spoken to over HTTP with signed requests', () => {
  let s3: S3TestServer;
  let bucket: S3Bucket;
  const locationOf = (server: S3TestServer) => ({
    endpoint: server.endpoint,
    region: server.region,
    bucket: server.bucket,
    accessKeyId: server.accessKeyId,
    secretAccessKey: server.secretAccessKey,
  });

  beforeAll(async () => {
    s3 = await startS3Server('plantrack-test');
    bucket = new S3Bucket(locationOf(s3));
  });
  afterAll(() => s3.close());

  it('puts, reads, lists and deletes objects, keys with spaces and accents included', async () => {
    await bucket.put('data/list.json', '[]', 'application/json');
    await bucket.put('data/incident/1 été.json', new TextEncoder().encode('{"id":1}'), 'application/json');
    const stream = await bucket.get('data/incident/1 été.json');
    expect(stream && (await text(stream))).toBe('{"id":1}');
    expect((await bucket.list('data/')).sort()).toEqual(['data/incident/1 été.json', 'data/list.json']);
    // A prefix with a space and parentheses lists as it is written.
    await bucket.put("data/it's (1) + 2.json", '{}', 'application/json');
    expect(await bucket.list("data/it's (1)")).toEqual(["data/it's (1) + 2.json"]);
    await bucket.delete("data/it's (1) + 2.json");

    await bucket.delete('data/list.json');
    await bucket.delete('data/list.json');
    expect(await bucket.get('data/list.json')).toBeNull();
    await bucket.deletePrefix('data/incident/');
    expect(await bucket.list('data/')).toEqual([]);
  });

  it('reports the store’s refusals with its own code', async () => {
    const stranger = new S3Bucket({ ...locationOf(s3), accessKeyId: 'NOT-A-KEY' });
    const refusal = await stranger.put('x.json', '{}', 'application/json').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(S3Error);
    expect(refusal).toMatchObject({ status: 403, code: 'InvalidAccessKeyId' });

    const missing = new S3Bucket({ ...locationOf(s3), bucket: 'no-such-bucket' });
    await expect(missing.put('x.json', '{}', 'application/json')).rejects.toMatchObject({
      status: 404,
      code: 'NoSuchBucket',
    });
  });

  it('says so when the store does not answer', async () => {
    const gone = new S3Bucket({ ...locationOf(s3), endpoint: 'http://127.0.0.1:9' });
    await expect(gone.get('x.json')).rejects.toMatchObject({ status: 503, code: 'Unreachable' });
  });
});
