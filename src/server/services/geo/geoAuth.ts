import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * How Geo sites prove who they are to each other (GitLab's Geo JWT requests): a request carries
 * `Authorization: GL-Geo <site name>:<JWT>`, the JWT signed with HS256 by the site's secret key and
 * valid for a minute. GitLab keeps each site's secret in the database the sites share; a secondary
 * on the embedded database shares none, so both derive the site's secret from the SECRET_KEY_BASE
 * they are configured with (as GitLab's secondaries share its gitlab-secrets.json).
 */

const SCHEME = 'GL-Geo';
/** GitLab's: a token is good for 60 s, with 60 s of leeway for clocks apart. */
const LIFETIME_S = 60;
const LEEWAY_S = 60;

const base64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

/** A site's secret: the same on both sites, for the same SECRET_KEY_BASE and site name. */
function siteSecret(secretKeyBase: string, siteName: string): Buffer {
  return createHmac('sha256', secretKeyBase).update(`geo-secret\0${siteName.toLowerCase()}`).digest();
}

function sign(secret: Buffer, input: string): string {
  return createHmac('sha256', secret).update(input).digest('base64url');
}

/** The Authorization header of a request `siteName` makes for `data` (what it asks for). */
export function geoAuthorization(
  secretKeyBase: string,
  siteName: string,
  data: Record<string, string | number>,
  now: Date,
): string {
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const exp = Math.floor(now.getTime() / 1000) + LIFETIME_S;
  const payload = base64url(JSON.stringify({ data: JSON.stringify(data), exp }));
  const signature = sign(siteSecret(secretKeyBase, siteName), `${header}.${payload}`);
  return `${SCHEME} ${base64url(siteName)}:${header}.${payload}.${signature}`;
}

export interface GeoCaller {
  readonly siteName: string;
  readonly data: Record<string, unknown>;
}

/**
 * The site and data of a Geo request, when its header is well formed, its signature is the named
 * site's and it has not expired; null otherwise. Whether the site exists and may ask is the caller's.
 */
export function verifyGeoAuthorization(
  secretKeyBase: string,
  header: string | undefined,
  now: Date,
): GeoCaller | null {
  const match = /^GL-Geo ([A-Za-z0-9_-]{1,400}):([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(
    header ?? '',
  );
  if (!match) return null;
  const [, nameText = '', head = '', body = '', signature = ''] = match;
  const siteName = Buffer.from(nameText, 'base64url').toString('utf8');
  const expected = Buffer.from(sign(siteSecret(secretKeyBase, siteName), `${head}.${body}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as {
      data?: unknown;
      exp?: unknown;
    };
    if (typeof payload.exp !== 'number' || payload.exp + LEEWAY_S < now.getTime() / 1000) return null;
    const data = typeof payload.data === 'string' ? (JSON.parse(payload.data) as unknown) : null;
    if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
    return { siteName, data: data as Record<string, unknown> };
  } catch {
    return null;
  }
}
