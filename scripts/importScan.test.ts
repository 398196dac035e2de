import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findImports, resolveOnDisk } from './importScan.ts';

const kinds = (text: string, file = 'src/x.ts') =>
  findImports(file, text).map(({ specifier, kind }) => `${kind} ${specifier}`);

describe('findImports', () => {
  it('tells type-only imports and re-exports from value ones', () => {
    const text = [
      "import type { A } from './a.ts';",
      "import { type B, c } from './b.ts';",
      "import d, { type E } from './d.ts';",
      "import { type F } from './f.ts';",
      "export type { G } from './g.ts';",
      "export { h } from './h.ts';",
      "export * from './i.ts';",
      "import * as j from './j.ts';",
    ].join('\n');
    expect(kinds(text)).toEqual([
      'type ./a.ts',
      'value ./b.ts',
      'value ./d.ts',
      'value ./f.ts',
      'type ./g.ts',
      'value ./h.ts',
      'value ./i.ts',
      'value ./j.ts',
    ]);
  });

  it('finds side-effect, dynamic, require and typeof-import references', () => {
    const text = [
      "import './styles.css';",
      "const Page = lazy(() => import('../features/roadmap/RoadmapPage.tsx'));",
      "const { parse } = createRequire(import.meta.url)('graphql') as typeof import('graphql');",
      "const pg = require('pg');",
    ].join('\n');
    expect(kinds(text)).toEqual([
      'value ./styles.css',
      'value ../features/roadmap/RoadmapPage.tsx',
      'value graphql',
      'type graphql',
      'value pg',
    ]);
  });

  it('finds a worker entry named by URL, but not fixtures or web addresses', () => {
    const text = [
      "new Worker(new URL('../../../workers/tree.worker.ts', import.meta.url), { type: 'module' });",
      "readFileSync(new URL('./schema.graphql', import.meta.url));",
      "new URL('/api/v4/epics', base);",
    ].join('\n');
    expect(kinds(text)).toEqual(['url ../../../workers/tree.worker.ts']);
  });

  it('keeps bundler queries on the specifier and ignores imports inside strings and comments', () => {
    const text = [
      "import Worker from './tree.worker.ts?worker';",
      "// import { x } from '../server/db.ts';",
      "const code = `import('tsx/esm/api')`;",
      'const text = "import y from \'pg\'";',
    ].join('\n');
    expect(kinds(text)).toEqual(['value ./tree.worker.ts?worker']);
  });

  it('parses TSX and reports the line of each import', () => {
    const text = "import { Button } from './Button.tsx';\n\nexport const X = () => <Button />;\n";
    expect(findImports('src/client/ui/X.tsx', text)).toEqual([
      { specifier: './Button.tsx', kind: 'value', line: 1 },
    ]);
  });
});

describe('resolveOnDisk', () => {
  const root = mkdtempSync(join(tmpdir(), 'boundaries-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  for (const file of ['src/a/b.ts', 'src/a/c.tsx', 'src/a/d/index.ts', 'src/a/e.js', 'src/a/f.css']) {
    mkdirSync(join(root, dirname(file)), { recursive: true });
    writeFileSync(join(root, file), '');
  }

  it.each([
    ['./b.ts', 'src/a/b.ts'],
    ['./b', 'src/a/b.ts'],
    ['./b.js', 'src/a/b.ts'],
    ['./c', 'src/a/c.tsx'],
    ['./d', 'src/a/d/index.ts'],
    ['./e', 'src/a/e.js'],
    ['./f.css', 'src/a/f.css'],
    ['../a/b.ts?worker', 'src/a/b.ts'],
  ])('resolves %s from src/a/x.ts to %s', (specifier, path) => {
    expect(resolveOnDisk(root, 'src/a/x.ts', specifier)).toBe(path);
  });

  it('leaves packages and missing files unresolved', () => {
    expect(resolveOnDisk(root, 'src/a/x.ts', 'react')).toBeUndefined();
    expect(resolveOnDisk(root, 'src/a/x.ts', './missing')).toBeUndefined();
  });
});
