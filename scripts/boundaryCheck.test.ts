import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkBoundaries, isClean, ROOTS } from './boundaryCheck.ts';

let root = '';
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A repository with every root folder and the given files. */
function tree(files: Record<string, string>, roots: readonly string[] = ROOTS): string {
  root = mkdtempSync(join(tmpdir(), 'boundaries-'));
  for (const folder of roots) mkdirSync(join(root, folder), { recursive: true });
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(root, dirname(file)), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  return root;
}

const layoutImportsFeature = {
  'src/client/canvas/scene.ts': "import { x } from '../features/roadmap/page.ts';\n",
  'src/client/features/roadmap/page.ts': 'export const x = 1;\n',
};
const debt = {
  file: 'src/client/canvas/scene.ts',
  imports: 'src/client/features/roadmap/page.ts',
  reason: 'r',
};

describe('checkBoundaries', () => {
  it('passes a tree whose imports the rules allow', () => {
    const report = checkBoundaries(
      tree({ 'src/client/ui/Button.tsx': "import { assert } from '../../core/lib/assert';\n" }),
      [],
    );
    expect(report).toMatchObject({ violations: [], staleDebts: [], files: 1, imports: 1, debts: 0 });
    expect(isClean(report)).toBe(true);
  });

  it('reports a refused import with its file, line and reason', () => {
    const report = checkBoundaries(tree(layoutImportsFeature), []);
    expect(report.violations).toEqual([
      "src/client/canvas/scene.ts:1: imports '../features/roadmap/page.ts': client/canvas may not import " +
        'client/features (client/canvas: all PixiJS drawing; draws from snapshots, knows no feature, state or data)',
    ]);
    expect(isClean(report)).toBe(false);
  });

  it('lets a refused import pass when the debt list names it, and counts the debt', () => {
    const report = checkBoundaries(tree(layoutImportsFeature), [debt]);
    expect(report).toMatchObject({ violations: [], staleDebts: [], debts: 1 });
    expect(isClean(report)).toBe(true);
  });

  it('fails on a debt entry that matches no refused import', () => {
    const report = checkBoundaries(tree({ 'src/client/canvas/scene.ts': '' }), [debt]);
    expect(report.staleDebts).toEqual(['src/client/canvas/scene.ts -> src/client/features/roadmap/page.ts']);
    expect(isClean(report)).toBe(false);
  });

  it('fails on a debt entry listed twice', () => {
    const report = checkBoundaries(tree(layoutImportsFeature), [debt, debt]);
    expect(report.staleDebts).toHaveLength(1);
    expect(isClean(report)).toBe(false);
  });

  it('fails when a root folder is missing instead of skipping it', () => {
    const report = checkBoundaries(
      tree(
        {},
        ROOTS.filter((folder) => folder !== 'workers'),
      ),
      [],
    );
    expect(report.missingRoots).toEqual(['workers']);
    expect(isClean(report)).toBe(false);
  });

  it('refuses a source file that no layer owns', () => {
    const report = checkBoundaries(tree({ 'src/shared/x.ts': "import { y } from './y.ts';\n" }), []);
    expect(report.violations).toEqual([
      'src/shared/x.ts: no layer owns this file; add it to LAYERS in scripts/boundaryRules.ts',
    ]);
  });
});
