import { describe, expect, it } from 'vitest';
import {
  ENVIRONMENT_NAME_MAX,
  ENVIRONMENT_NAME_MESSAGE,
  environmentErrors,
  environmentFolder,
  environmentSlug,
  externalUrlError,
  guessEnvironmentTier,
  isValidEnvironmentName,
} from './environments.ts';

describe('guessEnvironmentTier', () => {
  it.each([
    ['production', 'production'],
    ['prod', 'production'],
    ['Prod-EU', 'production'],
    ['live', 'production'],
    ['staging', 'staging'],
    ['stage', 'staging'],
    ['stg', 'staging'],
    ['model', 'staging'],
    ['preprod', 'staging'],
    ['demo', 'staging'],
    ['non-prod', 'staging'],
    ['test', 'testing'],
    ['qa', 'testing'],
    ['integration', 'testing'],
    ['acceptance', 'testing'],
    ['MON-B-MTEST', 'testing'],
    ['development', 'development'],
    ['dev', 'development'],
    ['review/fix-login', 'development'],
    ['trunk', 'development'],
    ['canary', 'other'],
    ['', 'other'],
  ] as const)('guesses %j is %s', (name, tier) => {
    expect(guessEnvironmentTier(name)).toBe(tier);
  });

  it('tries development, then testing, then staging, then production, as GitLab does', () => {
    expect(guessEnvironmentTier('dev-production')).toBe('development');
    expect(guessEnvironmentTier('qa-staging')).toBe('testing');
    expect(guessEnvironmentTier('staging-prod')).toBe('staging');
  });
});

describe('environmentSlug', () => {
  // GitLab's own table (spec/lib/gitlab/slug/environment_spec.rb), with the digest stubbed to 'a' × 64,
  // whose base-36 tail is q517sa.
  const DIGEST = 'a'.repeat(64);
  it.each([
    ['staging-12345678901234567', 'staging-123456789-q517sa'],
    ['9-staging-123456789012345', 'env-9-staging-123-q517sa'],
    ['staging-1234567890123456', 'staging-1234567890123456'],
    ['staging-1234567890123456-', 'staging-123456789-q517sa'],
    ['production', 'production'],
    ['PRODUCTION', 'production-q517sa'],
    ['review/1-foo', 'review-1-foo-q517sa'],
    ['1-foo', 'env-1-foo-q517sa'],
    ['1/foo', 'env-1-foo-q517sa'],
    ['foo-', 'foo'],
    ['foo--bar', 'foo-bar-q517sa'],
    ['foo**bar', 'foo-bar-q517sa'],
    ['*-foo', 'env-foo-q517sa'],
    ['staging-12345678-', 'staging-12345678'],
    ['staging-12345678-01234567', 'staging-12345678-q517sa'],
    ['', 'env-q517sa'],
  ])('slugifies %j as %s', (name, slug) => {
    expect(environmentSlug(name, DIGEST)).toBe(slug);
  });

  it('takes the last six base-36 digits of the real digest', () => {
    // SHA-256 of "review/fix-foo".
    const digest = 'c79f2d8ebc1e9be852c068ef9bffca39b91d6449fa298d6993c29046f1d24ee9';
    expect(environmentSlug('review/fix-foo', digest)).toBe('review-fix-foo-v25cyx');
  });

  it('refuses a digest that is not lowercase SHA-256 hex', () => {
    expect(() => environmentSlug('Prod', 'xyz')).toThrow();
  });
});

describe('isValidEnvironmentName', () => {
  it.each(['production', 'review/fix-foo', 'Env {ref} $CI', 'a.b_c-d', 'x'])('accepts %j', (name) => {
    expect(isValidEnvironmentName(name)).toBe(true);
  });

  it.each(['', '/production', 'production/', 'prod!', 'naïve', 'a'.repeat(ENVIRONMENT_NAME_MAX + 1)])(
    'refuses %j',
    (name) => {
      expect(isValidEnvironmentName(name)).toBe(false);
    },
  );
});

describe('environmentFolder', () => {
  it('is the first part of a name with a slash, and none otherwise', () => {
    expect(environmentFolder('review/fix-foo')).toBe('review');
    expect(environmentFolder('review/a/b')).toBe('review');
    expect(environmentFolder('production')).toBeNull();
  });
});

describe('environmentErrors', () => {
  it('accepts a valid environment, and blanks as none', () => {
    expect(
      environmentErrors({ name: 'production', externalUrl: 'https://example.com', description: '' }),
    ).toEqual({});
    expect(environmentErrors({ externalUrl: '' })).toEqual({});
  });

  it('names each refused attribute with GitLab’s words', () => {
    expect(environmentErrors({ name: '/prod' })).toEqual({ name: [ENVIRONMENT_NAME_MESSAGE] });
    expect(environmentErrors({ name: ' ' })).toEqual({ name: ["can't be blank"] });
    expect(environmentErrors({ name: 'a'.repeat(256) })).toEqual({
      name: ['is too long (maximum is 255 characters)'],
    });
    expect(environmentErrors({ description: 'x'.repeat(10_001) })).toEqual({
      description: ['is too long (maximum is 10000 characters)'],
    });
  });

  it.each([
    ['javascript:alert(1)', 'javascript scheme is not allowed'],
    ['JavaScript:alert(1)', 'javascript scheme is not allowed'],
    ['data:text/html,x', 'data scheme is not allowed'],
    ['https://exa mple.com', 'URI is invalid'],
    [`https://example.com/${'x'.repeat(250)}`, 'is too long (maximum is 255 characters)'],
  ])('refuses the external URL %j', (url, message) => {
    expect(externalUrlError(url)).toBe(message);
  });

  it.each(['https://example.com', 'http://localhost:3000/x', 'example.com/app'])('accepts %j', (url) => {
    expect(externalUrlError(url)).toBeNull();
  });
});
