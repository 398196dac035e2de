/**
 * Which rows of a tree snapshot a view draws: the window's entries whose rows intersect the
 * viewport grown by a buffer. Rows are fixed-height (row r covers [r·h, (r+1)·h) list px), so this is
 * arithmetic, not a search.
 */
import type { TreeSnapshot } from './treeSnapshot.ts';

/** Entry indices [start, end) of a snapshot's window; start === end when none. */
export interface EntryRange {
  start: number;
  end: number;
}

/**
 * The entries whose rows intersect [scrollTop − buffer, scrollTop + height + buffer) list px,
 * written into `out` (a frame reuses one object, so drawing allocates nothing).
 */
export function visibleEntryRange(
  snapshot: Pick<TreeSnapshot, 'firstRow' | 'count' | 'rowHeight'>,
  scrollTop: number,
  height: number,
  buffer: number,
  out: EntryRange,
): EntryRange {
  const top = scrollTop - buffer;
  const bottom = scrollTop + height + buffer;
  const h = snapshot.rowHeight;
  if (!(bottom > top) || !(h > 0) || snapshot.count <= 0) {
    out.start = 0;
    out.end = 0;
    return out;
  }
  const clamp = (entry: number) => Math.min(snapshot.count, Math.max(0, entry));
  out.start = clamp(Math.floor(top / h) - snapshot.firstRow);
  out.end = Math.max(out.start, clamp(Math.ceil(bottom / h) - snapshot.firstRow));
  return out;
}
