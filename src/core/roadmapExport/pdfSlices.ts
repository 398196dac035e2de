/**
 * How a PDF export pages the roadmap, without pdf-lib: the paper sizes (the export dialog offers
 * them) and the time slices, one per page. The dialog's code runs on the main thread of every page
 * that has a roadmap, so it must not reach pdf-lib, which only the export worker loads.
 */
import type { LayoutSnapshot } from '../layout/snapshot.ts';

export const PAPER_SIZES = ['A4', 'Letter'] as const;
export type PaperSize = (typeof PAPER_SIZES)[number];

/** Landscape page sizes, pt (width, height). */
export const PAPER_PT: Readonly<Record<PaperSize, readonly [number, number]>> = {
  A4: [841.89, 595.28],
  Letter: [792, 612],
};

/** World px of timeline per page: six of GitLab's 180-px columns. */
export const SLICE_WORLD_WIDTH = 6 * 180;

export interface TimeSlice {
  readonly fromX: number;
  readonly toX: number;
  /** First and last (inclusive) epoch day of the slice's columns. */
  readonly startDay: number;
  readonly endDay: number;
}

/** Consecutive header columns grouped so each slice is at most `maxWidth` world px (≥ 1 column). */
export function timeSlices(snapshot: LayoutSnapshot, maxWidth = SLICE_WORLD_WIDTH): TimeSlice[] {
  const { header } = snapshot;
  const slices: TimeSlice[] = [];
  let current: { fromX: number; toX: number; startDay: number; endDay: number } | null = null;
  for (let c = 0; c < header.columnCount; c += 1) {
    const x = header.x[c]!;
    const right = x + header.width[c]!;
    if (current && right - current.fromX <= maxWidth + 1e-6) {
      current.toX = right;
      current.endDay = header.endDay[c]!;
    } else {
      if (current) slices.push(current);
      current = { fromX: x, toX: right, startDay: header.startDay[c]!, endDay: header.endDay[c]! };
    }
  }
  if (current) slices.push(current);
  return slices;
}
