/**
 * Runs the import rules (boundaryRules.ts) over a source tree and settles the debt list: an import
 * the rules refuse passes only when a debt entry names it, and an entry that names no refused
 * import is stale (paid or moved), which fails too, so the list only shrinks.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { BoundaryDebt } from './boundaryDebt.ts';
import { checkImport, layerOf } from './boundaryVerdict.ts';
import { findImports, joinSpecifier, resolveOnDisk } from './importScan.ts';

/** Every root must exist: a renamed or deleted folder must not pass by being skipped. */
export const ROOTS = ['src/core', 'src/client', 'src/server', 'workers', 'tests', 'bench', 'scripts'];
/** Scanned whole: a file no layer owns (a new `src/shared/`) is refused, not skipped. */
const SCANNED = ['src', 'workers', 'tests', 'bench', 'scripts'];
const SOURCE = /\.(ts|tsx|js)$/;

export interface BoundaryReport {
  /** Roots that are not folders under the checked tree; nothing else is checked when any is. */
  readonly missingRoots: readonly string[];
  /** `file:line: imports 'x': reason`, one per refused import not in the debt list. */
  readonly violations: readonly string[];
  /** `file -> path` of debt entries that match no refused import, or name one twice. */
  readonly staleDebts: readonly string[];
  readonly files: number;
  readonly imports: number;
  /** Debt entries still owed. */
  readonly debts: number;
}

export const isClean = (report: BoundaryReport) =>
  report.missingRoots.length === 0 && report.violations.length === 0 && report.staleDebts.length === 0;

function sourceFiles(root: string, folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).replaceAll('\\', '/'))
    .sort();
}

const debtKey = (file: string, target: string) => `${file} -> ${target}`;

/** Checks every source file under `root`'s ROOTS against the rules, with `debt` as the exceptions. */
export function checkBoundaries(root: string, debt: readonly BoundaryDebt[]): BoundaryReport {
  const missingRoots = ROOTS.filter((folder) => {
    const path = join(root, folder);
    return !existsSync(path) || !statSync(path).isDirectory();
  });
  if (missingRoots.length > 0) {
    return { missingRoots, violations: [], staleDebts: [], files: 0, imports: 0, debts: debt.length };
  }
  const owed = new Map<string, boolean>();
  const staleDebts: string[] = [];
  for (const entry of debt) {
    const key = debtKey(entry.file, entry.imports);
    if (owed.has(key)) staleDebts.push(`${key} (listed twice)`);
    owed.set(key, false);
  }
  const violations: string[] = [];
  let files = 0;
  let imports = 0;
  for (const file of SCANNED.flatMap((folder) => sourceFiles(root, folder))) {
    files += 1;
    if (!layerOf(file)) {
      violations.push(`${file}: no layer owns this file; add it to LAYERS in scripts/boundaryRules.ts`);
      continue;
    }
    for (const found of findImports(file, readFileSync(join(root, file), 'utf8'))) {
      imports += 1;
      const target = resolveOnDisk(root, file, found.specifier) ?? joinSpecifier(file, found.specifier);
      const verdict = checkImport(file, target, found.kind);
      if (verdict.allowed) continue;
      const key = debtKey(file, target);
      if (owed.has(key)) {
        owed.set(key, true);
        continue;
      }
      const kind = found.kind === 'value' ? '' : ` (${found.kind})`;
      violations.push(`${file}:${found.line}: imports '${found.specifier}'${kind}: ${verdict.reason}`);
    }
  }
  for (const [key, matched] of owed) if (!matched) staleDebts.push(key);
  return { missingRoots, violations, staleDebts, files, imports, debts: owed.size };
}
