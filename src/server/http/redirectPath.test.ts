import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './redirectPath.ts';

describe('safeRedirectPath', () => {
  it.each([
    '/',
    '/acme',
    '/groups/acme/-/epics?state=opened&sort=start_date_asc',
    '/groups/acme/-/roadmap#today',
    '/acme/platform/-/issues/12',
    '/groups/acme/-/epics?search=a%20b',
  ])('keeps the same-site path %s', (value) => {
    expect(safeRedirectPath(value)).toBe(value);
  });

  it.each([
    ['//evil.com', 'protocol-relative URL'],
    ['///evil.com', 'three slashes'],
    ['/\\evil.com', 'backslash read as a slash by browsers'],
    ['/\\/evil.com', 'backslash and slash'],
    ['\\\\evil.com', 'two backslashes'],
    ['/%09/evil.com', 'encoded tab, stripped by a later decode'],
    ['/%0a/evil.com', 'encoded newline'],
    ['/%0d%0aSet-Cookie:x=1', 'header injection'],
    ['/\t/evil.com', 'raw tab, stripped by the URL parser'],
    ['/\n/evil.com', 'raw newline'],
    ['/\u0000/evil.com', 'NUL'],
    ['/%5Cevil.com', 'encoded backslash'],
    ['/%2F/evil.com', 'encoded slash that decodes to //'],
    ['/%2f%2fevil.com', 'two encoded slashes'],
    ['/.//evil.com', 'dot segment that normalises to //'],
    ['/..//evil.com', 'dot-dot segment that normalises to //'],
    ['/%E0%A4%A', 'malformed percent-encoding'],
    ['https://evil.com', 'absolute URL'],
    ['http:evil.com', 'scheme without slashes'],
    ['javascript:alert(1)', 'script URL'],
    ['evil.com', 'relative host-like value'],
    ['', 'empty'],
    ['/users/sign_in', 'the sign-in page itself'],
    ['/users/sign_in?redirect_to=/x', 'the sign-in page with a query'],
    ['/users/./sign_in', 'the sign-in page behind a dot segment'],
  ])('refuses %j (%s)', (value) => {
    expect(safeRedirectPath(value)).toBe('/');
  });

  it.each([undefined, null, 42, ['/acme'], { path: '/acme' }])('refuses the non-string %j', (value) => {
    expect(safeRedirectPath(value)).toBe('/');
  });
});
