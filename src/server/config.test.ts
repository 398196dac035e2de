import { describe, expect, it } from 'vitest';
import { readConfig } from './config.ts';

describe('the object store settings', () => {
  it('are off without a bucket', () => {
    expect(readConfig({}).objectStore).toBeUndefined();
  });

  it('name a bucket with its keys, region and endpoint', () => {
    const config = readConfig({
      OBJECT_STORE_BUCKET: 'uploads',
      OBJECT_STORE_ACCESS_KEY_ID: 'key',
      OBJECT_STORE_SECRET_ACCESS_KEY: 'secret',
      OBJECT_STORE_ENDPOINT: 'http://127.0.0.1:9000',
      OBJECT_STORE_PATH_STYLE: 'off',
    });
    expect(config.objectStore).toEqual({
      bucket: 'uploads',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      endpoint: 'http://127.0.0.1:9000',
      pathStyle: false,
    });
  });

  it('refuse to start with a bucket but no keys, or an endpoint that is not an address', () => {
    expect(() => readConfig({ OBJECT_STORE_BUCKET: 'uploads' })).toThrow(
      'OBJECT_STORE_BUCKET needs OBJECT_STORE_ACCESS_KEY_ID and OBJECT_STORE_SECRET_ACCESS_KEY',
    );
    expect(() =>
      readConfig({
        OBJECT_STORE_BUCKET: 'uploads',
        OBJECT_STORE_ACCESS_KEY_ID: 'key',
        OBJECT_STORE_SECRET_ACCESS_KEY: 'secret',
        OBJECT_STORE_ENDPOINT: 'minio:9000',
      }),
    ).toThrow('OBJECT_STORE_ENDPOINT must be an http(s) address, got "minio:9000"');
  });
});
