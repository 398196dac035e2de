/**
 * The import boundaries of DESIGN.md ("who may import whom"), checked over the repository (boundaryCheck.ts).
 * Run from the repository root; exits 1 on a refused import, a stale debt entry or a missing root.
 *
 *   node --import tsx scripts/check-boundaries.ts           check
 *   node --import tsx scripts/check-boundaries.ts --rules   print the rules, one layer at a time
 */
import { checkBoundaries, isClean } from './boundaryCheck.ts';
import { BOUNDARY_DEBT } from './boundaryDebt.ts';
import { describeLayers } from './boundaryVerdict.ts';

if (process.argv.includes('--rules')) {
  console.log(describeLayers().join('\n'));
  process.exit(0);
}

const report = checkBoundaries('.', BOUNDARY_DEBT);
if (report.missingRoots.length > 0) {
  console.error(
    `Import boundaries: missing root folder(s) ${report.missingRoots.join(', ')}; ` +
      'run from the repository root, or change ROOTS in scripts/boundaryCheck.ts',
  );
}
if (report.violations.length > 0) {
  console.error(
    `Import boundary violations (${report.violations.length}):\n${report.violations.join('\n')}\n`,
  );
}
if (report.staleDebts.length > 0) {
  console.error(
    `Stale debt entries (${report.staleDebts.length}): they match no refused import, so the debt is ` +
      `paid or has moved; remove them from scripts/boundaryDebt.ts:\n${report.staleDebts.join('\n')}\n`,
  );
}
if (!isClean(report)) process.exit(1);
console.log(
  `Import boundaries: ok (${report.imports} imports in ${report.files} files; ` +
    `${report.debts} debts remain in scripts/boundaryDebt.ts)`,
);
