import { describe, expect, it } from 'vitest';
import { rowIndex } from '../units.ts';
import { type EntryRange, visibleEntryRange } from './treeViewport.ts';

const range = (
  firstRow: number,
  count: number,
  scrollTop: number,
  height: number,
  buffer = 0,
  rowHeight = 48,
): EntryRange =>
  visibleEntryRange({ firstRow: rowIndex(firstRow), count, rowHeight }, scrollTop, height, buffer, {
    start: 0,
    end: 0,
  });

describe('visibleEntryRange', () => {
  it('keeps the rows that intersect the viewport, including partly visible ones', () => {
    // Rows 0..9 in the window; the viewport 60..160 px shows rows 1 (48–96), 2 and 3 (144–192).
    expect(range(0, 10, 60, 100)).toEqual({ start: 1, end: 4 });
  });

  it('leaves out a row that only touches the viewport edge', () => {
    // 96..192 px: row 1 ends at 96 and row 4 starts at 192.
    expect(range(0, 10, 96, 96)).toEqual({ start: 2, end: 4 });
  });

  it('counts rows from the window start, not the list start', () => {
    // The window starts at row 20 (960 px); 1000..1100 px shows rows 20 to 22.
    expect(range(20, 30, 1000, 100)).toEqual({ start: 0, end: 3 });
  });

  it('grows the range by the buffer on both sides', () => {
    expect(range(0, 10, 96, 96, 48)).toEqual({ start: 1, end: 5 });
  });

  it('clamps to the window when the viewport reaches past it', () => {
    expect(range(10, 5, 0, 10_000)).toEqual({ start: 0, end: 5 });
    expect(range(0, 5, 5000, 100)).toEqual({ start: 5, end: 5 });
    expect(range(100, 5, 0, 100)).toEqual({ start: 0, end: 0 });
  });

  it('is empty for an empty window or a viewport without height', () => {
    expect(range(0, 0, 0, 500)).toEqual({ start: 0, end: 0 });
    expect(range(0, 10, 30, 0)).toEqual({ start: 0, end: 0 });
  });

  it('works with the taller rows shown with labels', () => {
    expect(range(0, 10, 72, 144, 0, 72)).toEqual({ start: 1, end: 3 });
  });

  it('writes into the object it is given and returns it', () => {
    const out = { start: -1, end: -1 };
    expect(visibleEntryRange({ firstRow: rowIndex(0), count: 3, rowHeight: 48 }, 0, 48, 0, out)).toBe(out);
    expect(out).toEqual({ start: 0, end: 1 });
  });
});
