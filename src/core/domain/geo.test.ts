import { describe, expect, it } from 'vitest';
import { normalizeSiteUrl, percentage, retryDelaySeconds, siteErrors } from './geo.ts';

describe('Geo rules', () => {
  it('waits n⁴ + 15 + rand(30)·(n+1) seconds before the n-th retry, up to the cap', () => {
    expect(retryDelaySeconds(0, 0, 3600)).toBe(15);
    expect(retryDelaySeconds(1, 0.5, 3600)).toBe(1 + 15 + 15 * 2);
    expect(retryDelaySeconds(3, 0.99, 3600)).toBe(81 + 15 + 29 * 4);
    expect(retryDelaySeconds(20, 0, 3600)).toBe(3600);
    expect(retryDelaySeconds(2, 0, 10)).toBe(10);
  });

  it('writes percentages as GitLab’s statuses do', () => {
    expect(percentage(1, 8)).toBe('12.50%');
    expect(percentage(3, 3)).toBe('100.00%');
    expect(percentage(0, 0)).toBe('0.00%');
  });

  it('keeps site URLs as http(s) URLs ending with a slash', () => {
    expect(normalizeSiteUrl('http://geo.example.com')).toBe('http://geo.example.com/');
    expect(normalizeSiteUrl(' https://geo.example.com/gitlab ')).toBe('https://geo.example.com/gitlab/');
    expect(normalizeSiteUrl('ftp://geo.example.com')).toBeNull();
    expect(normalizeSiteUrl('http://user:secret@geo.example.com')).toBeNull();
    expect(normalizeSiteUrl('not a url')).toBeNull();
  });

  it('validates sites with GitLab’s messages', () => {
    const none = { name: false, primary: false };
    expect(siteErrors({}, null, none)).toEqual({ name: ["can't be blank"], url: ["can't be blank"] });
    expect(siteErrors({ name: 'eu', url: 'http://eu/' }, null, { name: true, primary: false })).toEqual({
      name: ['has already been taken'],
    });
    expect(
      siteErrors({ name: 'eu', url: 'http://eu/', primary: true }, null, { name: false, primary: true }),
    ).toEqual({
      primary: ['node already exists'],
    });
    expect(siteErrors({ enabled: false }, { primary: true, enabled: true }, none)).toEqual({
      enabled: ['Geo primary node cannot be disabled'],
    });
    expect(siteErrors({ url: 'gopher://x' }, { primary: false, enabled: true }, none)).toEqual({
      url: ['is blocked: Only allowed schemes are http, https'],
    });
    expect(siteErrors({ filesMaxCapacity: -1 }, { primary: false, enabled: true }, none)).toEqual({
      files_max_capacity: ['must be greater than or equal to 0'],
    });
    expect(siteErrors({ name: 'eu', url: 'http://eu/' }, null, none)).toEqual({});
  });
});
