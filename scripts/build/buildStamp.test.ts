import { mkdirSync, mkdtempSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BuildInputs, hashInputs, staleness, writeStamp } from './buildStamp.ts';

const BUILD: BuildInputs = {
  inputs: ['src', 'config.ts', 'absent.env'],
  output: 'dist/out/manifest.json',
  stamp: 'dist/stamps/out.json',
};

describe('build stamps', () => {
  let root = '';
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  /** A build as start.ts runs it: hash first, then build, then stamp. */
  const build = (manifest = 'built') => {
    const inputs = hashInputs(root, BUILD);
    write(BUILD.output, manifest);
    writeStamp(root, BUILD, inputs);
  };
  const check = () => staleness(root, BUILD, hashInputs(root, BUILD));

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'build-stamp-'));
    write('src/a.ts', 'export const a = 1;');
    write('src/nested/b.ts', 'export const b = 2;');
    write('config.ts', 'export default {};');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('calls a tree that was never built stale, and the same tree after its build fresh', () => {
    expect(check()).toBe('never built');
    build();
    expect(check()).toBeNull();
  });

  it('calls the build stale when an input is edited, added, removed or renamed', () => {
    build();
    write('src/nested/b.ts', 'export const b = 3;');
    expect(check()).toBe('sources changed');
    build();
    write('src/c.ts', '');
    expect(check()).toBe('sources changed');
    build();
    rmSync(join(root, 'src/c.ts'));
    expect(check()).toBe('sources changed');
    build();
    renameSync(join(root, 'src/a.ts'), join(root, 'src/a2.ts'));
    expect(check()).toBe('sources changed');
  });

  it('counts a named file that appears as a change', () => {
    build();
    write('absent.env', 'VITE_X=1');
    expect(check()).toBe('sources changed');
  });

  it('ignores unit tests, which no build reads', () => {
    build();
    write('src/a.test.ts', 'it()');
    write('src/nested/view.test.tsx', 'it()');
    expect(check()).toBeNull();
  });

  it('ignores a touched file whose content is the same', () => {
    build();
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, 'src/a.ts'), later, later);
    expect(check()).toBeNull();
  });

  it('calls the build stale when its output was rewritten by another build, or deleted', () => {
    build('built');
    write(BUILD.output, 'built by hand from other sources');
    expect(check()).toBe('output changed');
    rmSync(join(root, BUILD.output));
    expect(check()).toBe('never built');
  });

  it('calls a damaged stamp never built', () => {
    build();
    write(BUILD.stamp, '{"inputs":');
    expect(check()).toBe('never built');
  });

  it('keeps a build stale when a source changed while it ran', () => {
    const inputs = hashInputs(root, BUILD);
    write('src/a.ts', 'export const a = 4;');
    write(BUILD.output, 'built');
    writeStamp(root, BUILD, inputs);
    expect(check()).toBe('sources changed');
  });

  it('refuses to stamp a build that left no output', () => {
    expect(() => writeStamp(root, BUILD, hashInputs(root, BUILD))).toThrow(
      'The build left no dist/out/manifest.json',
    );
  });
});
