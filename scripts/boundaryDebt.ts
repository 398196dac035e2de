/**
 * Known breaks of the import rules (boundaryRules.ts), each an exact (importing file, imported path)
 * pair with its reason. The list only shrinks: the check fails on a refused import that is not here,
 * and on an entry that no longer matches a refused import (paid or moved: delete it). Never add an
 * entry to let new code pass; add a rule to boundaryRules.ts if the design allows the import.
 */
export interface BoundaryDebt {
  /** The importing file, from the repository root. */
  readonly file: string;
  /** What it imports: the resolved repository path (with its extension), or a package name. */
  readonly imports: string;
  readonly reason: string;
}

export const BOUNDARY_DEBT: readonly BoundaryDebt[] = [];
