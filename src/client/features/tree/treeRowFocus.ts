/**
 * Where the tree's arrow, Home and End keys send focus (WAI-ARIA treegrid rows). Item rows and
 * 'Show more' rows are stops; a loading row is passed over, since it goes when its page arrives.
 * Pure: the view says what kind of row lies at an index and focuses the answer.
 */

/** How the view sees a list row: a stop, a row to pass over, or one not rendered yet (try it). */
export type RowStop = 'stop' | 'pass' | 'unknown';

/** The row a navigation key aims at from `row`, and the way to go past rows that are not stops. */
export function navigationTarget(
  key: string,
  row: number,
  rowCount: number,
): { readonly row: number; readonly step: 1 | -1 } | null {
  switch (key) {
    case 'ArrowDown':
      return { row: row + 1, step: 1 };
    case 'ArrowUp':
      return { row: row - 1, step: -1 };
    case 'Home':
      return { row: 0, step: 1 };
    case 'End':
      return { row: rowCount - 1, step: -1 };
    default:
      return null;
  }
}

/** The first stop from `start` going `step`; -1 when the list ends first (focus stays). */
export function focusStopFrom(
  start: number,
  step: 1 | -1,
  rowCount: number,
  stopAt: (row: number) => RowStop,
): number {
  for (let row = start; row >= 0 && row < rowCount; row += step) {
    if (stopAt(row) !== 'pass') return row;
  }
  return -1;
}
