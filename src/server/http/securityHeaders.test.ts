import { describe, expect, it } from 'vitest';
import { securityHeadersOf } from './securityHeaders.ts';

describe('securityHeadersOf', () => {
  it("answers Helmet's headers for the options, the policy's directives included", () => {
    const headers = securityHeadersOf({
      contentSecurityPolicy: { useDefaults: true, directives: { 'script-src': ["'self'", "'sha256-abc'"] } },
      hsts: false,
    });
    expect(headers['content-security-policy']).toContain("script-src 'self' 'sha256-abc'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers).not.toHaveProperty('strict-transport-security');
    expect(securityHeadersOf({ hsts: true })['strict-transport-security']).toMatch(/^max-age=\d+/);
  });

  it('refuses a policy Helmet refuses, when the app is built rather than on the first request', () => {
    expect(() =>
      securityHeadersOf({ contentSecurityPolicy: { directives: { 'script-src': ['a;b'] } } }),
    ).toThrow();
  });
});
