import { describe, expect, it } from 'vitest';
import { imageWithoutTag } from './containerImage.ts';
import { parseLocation } from './location.ts';
import { fingerprintPath, locationKey } from './locationKey.ts';
import type { ReportType } from './reportTypes.ts';

describe('imageWithoutTag, as GitLab names a container finding’s image', () => {
  it.each([
    ['registry.gitlab.com/group/app:latest', 'registry.gitlab.com/group/app'],
    ['registry.gitlab.com/group/app:main-3f2a1c9', 'registry.gitlab.com/group/app'],
    ['app:3f2a1c9d8e7b6a5f4e3d2c1b0a9f8e7d6c5b4a39', 'app'],
    // All digits but 40 long: a hash, not a version.
    ['app:1234567890123456789012345678901234567890', 'app'],
    // A version is part of the name: a release is a different image.
    ['alpine:3.18', 'alpine:3.18'],
    ['node:20.11.1-bookworm', 'node:20.11.1-bookworm'],
    ['app:v1.2.3', 'app'],
    ['app@sha256:8e2f0e1e2b2d6c0a4a1e2f3c4b5a69788e2f0e1e2b2d6c0a4a1e2f3c4b5a6978', 'app@sha256'],
    // A registry port is not a tag (GitLab makes this "registry.example.com").
    ['registry.example.com:5000/app', 'registry.example.com:5000/app'],
    ['registry.example.com:5000/app:edge', 'registry.example.com:5000/app'],
    // No tag at all: kept whole (GitLab's current code makes it "").
    ['registry.gitlab.com/group/app', 'registry.gitlab.com/group/app'],
    ['', ''],
  ])('%s is %s', (image, name) => {
    expect(imageWithoutTag(image)).toBe(name);
  });
});

describe('locationKey, the text GitLab fingerprints', () => {
  const key = (reportType: ReportType, location: unknown) =>
    locationKey(reportType, parseLocation(reportType, location));

  it.each<[ReportType, unknown, string]>([
    ['sast', { file: 'app/models/user.rb', start_line: 5, end_line: 9 }, 'app/models/user.rb:5:9'],
    ['sast', { file: 'app.js', start_line: 18 }, 'app.js:18:'],
    ['sast', {}, '::'],
    ['secret_detection', { file: '.env', start_line: 2, end_line: 2 }, '.env:2:2'],
    ['generic', { file: 'main.c', start_line: 1 }, 'main.c:1:'],
    [
      'dependency_scanning',
      { file: 'Gemfile.lock', dependency: { package: { name: 'rack' }, version: '2.0.1' } },
      'Gemfile.lock:rack',
    ],
    ['dependency_scanning', { file: 'go.sum' }, 'go.sum:'],
    [
      'container_scanning',
      {
        image: 'registry.gitlab.com/g/app:latest',
        operating_system: 'alpine 3.18',
        dependency: { package: { name: 'musl' } },
      },
      'registry.gitlab.com/g/app:musl',
    ],
    [
      'cluster_image_scanning',
      { image: 'nginx:1.25.3', dependency: { package: { name: 'openssl' }, version: '3.0.11' } },
      'nginx:1.25.3:openssl',
    ],
    [
      'dast',
      { hostname: 'https://a.example', path: '/login', method: 'POST', param: 'user' },
      '/login:POST:user',
    ],
    [
      'dast',
      { hostname: 'https://b.example', path: '/login', method: 'POST', param: 'user' },
      '/login:POST:user',
    ],
    ['api_fuzzing', { path: '/api/v1/items', method: 'GET' }, '/api/v1/items:GET:'],
    [
      'coverage_fuzzing',
      {
        crash_type: 'Heap-buffer-overflow\nREAD 1',
        crash_state: 'parse\nmain',
        crash_address: '0x602000001573',
      },
      'Heap-buffer-overflow\nREAD 1:parse\nmain',
    ],
  ])('%s %j is %j', (reportType, location, expected) => {
    expect(key(reportType, location)).toBe(expected);
  });

  it('reads a location that is not an object as an empty one', () => {
    expect(key('sast', 'app.js:3')).toBe('::');
    expect(key('container_scanning', null)).toBe(':');
  });

  it('reads line numbers that are not non-negative integers as missing', () => {
    expect(key('sast', { file: 'a.js', start_line: '12', end_line: 1.5 })).toBe('a.js::');
    expect(key('sast', { file: 'a.js', start_line: -1, end_line: 0 })).toBe('a.js::0');
  });
});

describe('fingerprintPath, the place a derived title names', () => {
  it.each<[ReportType, unknown, string]>([
    ['sast', { file: 'src/main/App.java', start_line: 1 }, 'App.java'],
    ['dependency_scanning', { file: 'web/yarn.lock', dependency: { package: { name: 'x' } } }, 'yarn.lock'],
    ['dast', { path: '/cart', method: 'GET' }, '/cart'],
    ['container_scanning', { image: 'app:latest', dependency: { package: { name: 'zlib' } } }, 'app:zlib'],
    ['container_scanning', {}, ''],
    ['sast', {}, ''],
  ])('of %s %j is %j', (reportType, location, expected) => {
    expect(fingerprintPath(reportType, parseLocation(reportType, location))).toBe(expected);
  });
});
