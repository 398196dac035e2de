/**
 * The import rules of DESIGN.md section 1, checked on every source file. Prints each violation as
 * `file: imports 'x' (rule)` and exits 1 when there is any.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { findBoundaryViolations } from './boundaryRules.ts';

const ROOTS = ['src', 'workers'];

function sourceFiles(folder: string): string[] {
  try {
    return readdirSync(folder, { withFileTypes: true, recursive: true })
      .filter(
        (entry) =>
          entry.isFile() && /\.(ts|tsx)$/.test(entry.name) && !entry.parentPath.includes('generated'),
      )
      .map((entry) => join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}

const IMPORT_PATTERN =
  /(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

const violations: string[] = [];
for (const file of ROOTS.flatMap(sourceFiles)) {
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(IMPORT_PATTERN)) {
    const specifier = match[3] ?? match[4];
    if (!specifier) continue;
    const typeOnly = Boolean(match[2]);
    const target = specifier.startsWith('.') ? relative('.', resolve(dirname(file), specifier)) : specifier;
    for (const rule of findBoundaryViolations(relative('.', file), target, typeOnly)) {
      violations.push(`${relative('.', file)}: imports '${specifier}' (${rule})`);
    }
  }
}

if (violations.length > 0) {
  console.error(`Import boundary violations (${violations.length}):\n${violations.join('\n')}`);
  process.exit(1);
}
console.log('Import boundaries: ok');
