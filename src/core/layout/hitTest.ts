/**
 * Which row or bar is under a point, read from a snapshot alone (the main thread answers pointer
 * events without a round trip to the worker). O(1): rows in a snapshot are consecutive.
 * Coordinates: `x` in timeline world px (the details column is x < 0), `y` in px from the list top.
 */
import { EPIC_ITEM_HEIGHT } from './constants.ts';
import type { LayoutSnapshot } from './snapshot.ts';

/** Index into the snapshot's rows of the row at y, or -1 when y is outside the laid-out rows. */
export function rowEntryAt(snapshot: LayoutSnapshot, y: number): number {
  if (!(y >= 0)) return -1;
  const entry = Math.floor(y / EPIC_ITEM_HEIGHT) - snapshot.firstRow;
  return entry >= 0 && entry < snapshot.count ? entry : -1;
}

/** Index of the row whose bar contains (x, y) — the bar spans its row's height — or -1. */
export function barEntryAt(snapshot: LayoutSnapshot, x: number, y: number): number {
  const entry = rowEntryAt(snapshot, y);
  if (entry < 0) return -1;
  const left = snapshot.rows.x[entry]!;
  return x >= left && x < left + snapshot.rows.width[entry]! ? entry : -1;
}

/** The epic id at an entry index (from rowEntryAt/barEntryAt), or undefined for -1. */
export function idAtEntry(snapshot: LayoutSnapshot, entry: number): number | undefined {
  return entry >= 0 && entry < snapshot.count ? snapshot.rows.ids[entry] : undefined;
}
