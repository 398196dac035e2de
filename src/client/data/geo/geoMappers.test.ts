import { describe, expect, it } from 'vitest';
import {
  geoSiteBody,
  toGeoSite,
  toGeoSiteRefusal,
  toGeoSiteStatus,
  unixSecondsToInstant,
} from './geoMappers.ts';

const siteJson = (change: Record<string, unknown> = {}) => ({
  id: 2,
  name: 'eu-west',
  url: 'http://127.0.0.1:3999/',
  internal_url: null,
  primary: false,
  enabled: true,
  current: false,
  files_max_capacity: 10,
  repos_max_capacity: 25,
  verification_max_capacity: 100,
  ...change,
});

describe('a Geo site from GitLab’s REST entity', () => {
  it('reads its name, URLs, role and capacities', () => {
    expect(toGeoSite(siteJson())).toEqual({
      id: 2,
      name: 'eu-west',
      url: 'http://127.0.0.1:3999/',
      internalUrl: null,
      primary: false,
      enabled: true,
      current: false,
      filesMaxCapacity: 10,
      verificationMaxCapacity: 100,
    });
    expect(
      toGeoSite(siteJson({ primary: true, current: true, internal_url: 'http://10.0.0.1/' })),
    ).toMatchObject({
      primary: true,
      current: true,
      internalUrl: 'http://10.0.0.1/',
    });
    expect(toGeoSite(siteJson({ enabled: false }))?.enabled).toBe(false);
    expect(toGeoSite(siteJson({ internal_url: 'http://127.0.0.1:3999/' }))?.internalUrl).toBeNull();
    expect(toGeoSite({ name: 'no id' })).toBeNull();
  });
});

describe('a Geo site’s status', () => {
  it('reads a secondary’s sync and verification of uploads, its events and its lag', () => {
    const status = toGeoSiteStatus({
      geo_node_id: 2,
      healthy: true,
      health: 'Healthy',
      health_status: 'Healthy',
      db_replication_lag_seconds: 12,
      db_replication_available: true,
      last_event_id: null,
      last_event_timestamp: null,
      cursor_last_event_id: 40,
      cursor_last_event_timestamp: 1_780_000_000,
      updated_at: '2026-05-28T20:26:40.000Z',
      uploads_count: null,
      uploads_checksum_total_count: null,
      uploads_registry_count: 8,
      uploads_synced_count: 5,
      uploads_failed_count: 1,
      uploads_synced_in_percentage: '62.50%',
      uploads_verification_total_count: 5,
      uploads_verified_count: 4,
      uploads_verification_failed_count: 0,
      uploads_verified_in_percentage: '80.00%',
    });
    expect(status).toMatchObject({
      siteId: 2,
      healthy: true,
      healthStatus: 'Healthy',
      dbReplicationLagSeconds: 12,
      dbReplicationAvailable: true,
      lastEventId: null,
      cursorLastEventId: 40,
      cursorLastEventAt: '2026-05-28T20:26:40.000Z',
      updatedAt: '2026-05-28T20:26:40.000Z',
      uploadsCount: null,
      uploadsChecksums: null,
      uploadsSync: { total: 8, succeeded: 5, failed: 1, percentText: '62.50%' },
      uploadsVerification: { total: 5, succeeded: 4, failed: 0, percentText: '80.00%' },
    });
  });

  it('reads the primary’s uploads and checksums, and an unreported secondary as unhealthy', () => {
    expect(
      toGeoSiteStatus({
        geo_node_id: 1,
        healthy: true,
        health_status: 'Healthy',
        last_event_id: 44,
        last_event_timestamp: 1_780_000_100,
        uploads_count: 9,
        uploads_checksum_total_count: 9,
        uploads_checksummed_count: 8,
        uploads_checksum_failed_count: 1,
      }),
    ).toMatchObject({
      lastEventId: 44,
      lastEventAt: '2026-05-28T20:28:20.000Z',
      uploadsCount: 9,
      uploadsChecksums: { total: 9, succeeded: 8, failed: 1, percentText: null },
      uploadsSync: null,
    });
    expect(
      toGeoSiteStatus({
        geo_node_id: 2,
        healthy: false,
        health: 'Geo site has not reported its status',
        health_status: 'Unhealthy',
        db_replication_available: false,
        updated_at: null,
      }),
    ).toMatchObject({
      healthy: false,
      health: 'Geo site has not reported its status',
      healthStatus: 'Unhealthy',
      dbReplicationAvailable: false,
      dbReplicationLagSeconds: null,
      updatedAt: null,
    });
    expect(toGeoSiteStatus({ healthy: true })).toBeNull();
  });

  it('reads Unix seconds as instants, and no time for zero, null or text', () => {
    expect(unixSecondsToInstant(0)).toBeNull();
    expect(unixSecondsToInstant(null)).toBeNull();
    expect(unixSecondsToInstant('1780000000')).toBeNull();
    expect(unixSecondsToInstant(1)).toBe('1970-01-01T00:00:01.000Z');
  });
});

describe('the site form’s save', () => {
  it('sends GitLab’s parameters, trimmed, an empty internal URL as none', () => {
    expect(
      geoSiteBody({
        name: ' eu-west ',
        url: 'http://127.0.0.1:3999/ ',
        primary: false,
        internalUrl: ' ',
        filesMaxCapacity: 10,
        verificationMaxCapacity: 100,
      }),
    ).toEqual({
      name: 'eu-west',
      url: 'http://127.0.0.1:3999/',
      primary: false,
      internal_url: null,
      files_max_capacity: 10,
      verification_max_capacity: 100,
    });
  });

  it('keeps a refusal’s messages by field as sent, or its one message', () => {
    expect(toGeoSiteRefusal({ message: { name: ["can't be blank"], url: 'is blocked' } }, 400)).toEqual({
      fields: { name: ["can't be blank"], url: ['is blocked'] },
      message: '',
    });
    expect(toGeoSiteRefusal({ message: '403 Forbidden' }, 403)).toEqual({
      fields: {},
      message: '403 Forbidden',
    });
    expect(toGeoSiteRefusal(null, 502)).toEqual({ fields: {}, message: 'The server answered 502' });
  });
});
