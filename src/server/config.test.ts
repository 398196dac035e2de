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

describe('the LDAP provider settings', () => {
  it('are off without LDAP_URL', () => {
    expect(readConfig({ LDAP_BASE: 'dc=example,dc=org' }).ldap).toBeUndefined();
  });

  it('name the server, the bind account and the bases, with GitLab defaults', () => {
    expect(
      readConfig({
        LDAP_URL: 'ldap://127.0.0.1:389/',
        LDAP_BIND_DN: 'cn=admin,dc=example,dc=org',
        LDAP_BIND_PASSWORD: 'secret',
        LDAP_BASE: 'dc=example,dc=org',
      }).ldap,
    ).toEqual({
      provider: 'ldapmain',
      url: 'ldap://127.0.0.1:389',
      bindDn: 'cn=admin,dc=example,dc=org',
      bindPassword: 'secret',
      base: 'dc=example,dc=org',
      groupBase: 'dc=example,dc=org',
      uidAttribute: 'uid',
      timeoutMs: 10_000,
    });
    const named = readConfig({
      LDAP_URL: 'ldaps://ldap.example.org',
      LDAP_BASE: 'dc=example,dc=org',
      LDAP_GROUP_BASE: 'ou=groups,dc=example,dc=org',
      LDAP_PROVIDER: 'corp',
      LDAP_USER_UID_ATTRIBUTE: 'sAMAccountName',
      LDAP_TIMEOUT_MS: '2500',
    }).ldap;
    expect(named).toMatchObject({
      provider: 'corp',
      groupBase: 'ou=groups,dc=example,dc=org',
      uidAttribute: 'sAMAccountName',
      timeoutMs: 2500,
    });
  });

  it('refuse to start without a base, with a bad address, or with a timeout over ten seconds', () => {
    expect(() => readConfig({ LDAP_URL: 'ldap://localhost' })).toThrow('LDAP_URL needs LDAP_BASE');
    expect(() => readConfig({ LDAP_URL: 'localhost:389', LDAP_BASE: 'dc=x' })).toThrow(
      'LDAP_URL must be an ldap:// or ldaps:// address, got "localhost:389"',
    );
    expect(() =>
      readConfig({ LDAP_URL: 'ldap://localhost', LDAP_BASE: 'dc=x', LDAP_TIMEOUT_MS: '60000' }),
    ).toThrow('LDAP_TIMEOUT_MS must be at most 10000, got "60000"');
  });
});

describe('prepared statements', () => {
  it('are on unless DATABASE_PREPARED_STATEMENTS is off', () => {
    expect(readConfig({}).databasePreparedStatements).toBe(true);
    expect(readConfig({ DATABASE_PREPARED_STATEMENTS: 'on' }).databasePreparedStatements).toBe(true);
    expect(readConfig({ DATABASE_PREPARED_STATEMENTS: 'off' }).databasePreparedStatements).toBe(false);
  });
});
