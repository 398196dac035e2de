import { describe, expect, it } from 'vitest';
import { focusStopFrom, navigationTarget, type RowStop } from './treeRowFocus.ts';

/** Rows described by letters: s stop, p pass (loading), u not rendered. */
const rowsOf =
  (text: string) =>
  (row: number): RowStop =>
    text[row] === 'p' ? 'pass' : text[row] === 'u' ? 'unknown' : 'stop';

describe('navigationTarget', () => {
  it('moves one row down or up, to the first row on Home and to the last on End', () => {
    expect(navigationTarget('ArrowDown', 4, 10)).toEqual({ row: 5, step: 1 });
    expect(navigationTarget('ArrowUp', 4, 10)).toEqual({ row: 3, step: -1 });
    expect(navigationTarget('Home', 4, 10)).toEqual({ row: 0, step: 1 });
    expect(navigationTarget('End', 4, 10)).toEqual({ row: 9, step: -1 });
  });

  it('leaves other keys to the row', () => {
    for (const key of ['Enter', ' ', 'ArrowLeft', 'ArrowRight', 'Delete', 'a']) {
      expect(navigationTarget(key, 4, 10)).toBeNull();
    }
  });
});

describe('focusStopFrom', () => {
  it('stops on the row aimed at when it is an item or a Show more row', () => {
    expect(focusStopFrom(2, 1, 5, rowsOf('sssss'))).toBe(2);
  });

  it('passes over loading rows in the direction of travel', () => {
    expect(focusStopFrom(1, 1, 5, rowsOf('spps'))).toBe(3);
    expect(focusStopFrom(2, -1, 5, rowsOf('spps'))).toBe(0);
  });

  it('tries a row that is not rendered yet (it is focused once it is)', () => {
    expect(focusStopFrom(3, 1, 5, rowsOf('sssus'))).toBe(3);
  });

  it('answers -1 past either end, so focus stays where it is', () => {
    expect(focusStopFrom(5, 1, 5, rowsOf('sssss'))).toBe(-1);
    expect(focusStopFrom(-1, -1, 5, rowsOf('sssss'))).toBe(-1);
    expect(focusStopFrom(3, 1, 5, rowsOf('ssspp'))).toBe(-1);
  });

  it('finds nothing in an empty list', () => {
    expect(focusStopFrom(0, 1, 0, rowsOf(''))).toBe(-1);
    expect(focusStopFrom(-1, -1, 0, rowsOf(''))).toBe(-1);
  });
});
