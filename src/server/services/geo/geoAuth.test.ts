import { describe, expect, it } from 'vitest';
import { geoAuthorization, verifyGeoAuthorization } from './geoAuth.ts';

const KEY = 'a-secret-key-base-of-at-least-32-characters';
const NOW = new Date('2026-06-15T12:00:00Z');

describe('Geo request signatures', () => {
  it('name the site and carry its data, for the same SECRET_KEY_BASE only', () => {
    const header = geoAuthorization(KEY, 'EU-West', { model_type: 'Upload', model_id: 7 }, NOW);
    expect(header).toMatch(/^GL-Geo /);
    expect(verifyGeoAuthorization(KEY, header, NOW)).toEqual({
      siteName: 'EU-West',
      data: { model_type: 'Upload', model_id: 7 },
    });
    expect(verifyGeoAuthorization(`${KEY}x`, header, NOW)).toBeNull();
  });

  it('expire after a minute and a minute of leeway', () => {
    const header = geoAuthorization(KEY, 'eu', { scope: 'events' }, NOW);
    expect(verifyGeoAuthorization(KEY, header, new Date(NOW.getTime() + 110_000))).not.toBeNull();
    expect(verifyGeoAuthorization(KEY, header, new Date(NOW.getTime() + 121_000))).toBeNull();
  });

  it('refuse a token signed for another site, altered data, or no header', () => {
    const header = geoAuthorization(KEY, 'eu', { scope: 'events' }, NOW);
    const [, rest = ''] = header.split(':');
    const otherName = `GL-Geo ${Buffer.from('us').toString('base64url')}:${rest}`;
    expect(verifyGeoAuthorization(KEY, otherName, NOW)).toBeNull();
    const [head, , signature] = rest.split('.');
    const forged = Buffer.from(JSON.stringify({ data: '{"scope":"status"}', exp: 9e9 })).toString(
      'base64url',
    );
    expect(
      verifyGeoAuthorization(
        KEY,
        `GL-Geo ${Buffer.from('eu').toString('base64url')}:${head}.${forged}.${signature}`,
        NOW,
      ),
    ).toBeNull();
    expect(verifyGeoAuthorization(KEY, undefined, NOW)).toBeNull();
    expect(verifyGeoAuthorization(KEY, 'Bearer abc', NOW)).toBeNull();
  });
});
