import { describe, expect, it } from 'vitest';
import { ROW_KIND, TreeRows } from './treeRows.ts';

function rowsOf(slots: number[]): TreeRows {
  const rows = new TreeRows();
  for (const slot of slots) rows.push(slot, ROW_KIND.ITEM);
  rows.splice(0, 0);
  return rows;
}
const content = (rows: TreeRows) => Array.from(rows.slots.subarray(0, rows.count));

describe('the flattened rows', () => {
  it('insert, remove and replace blocks by splicing', () => {
    const rows = rowsOf([1, 2, 3, 4]);
    rows.push(7, ROW_KIND.ITEM);
    rows.push(8, ROW_KIND.ITEM);
    rows.splice(2, 0);
    expect(content(rows)).toEqual([1, 2, 7, 8, 3, 4]);
    rows.splice(1, 3);
    expect(content(rows)).toEqual([1, 3, 4]);
    rows.push(9, ROW_KIND.SHOW_MORE);
    rows.splice(2, 1);
    expect(content(rows)).toEqual([1, 3, 9]);
    expect(rows.kinds[2]).toBe(ROW_KIND.SHOW_MORE);
    expect(() => rows.splice(2, 5)).toThrow('bad splice');
  });

  it('find the row of a slot after any splice, and -1 for slots not on an item row', () => {
    const rows = rowsOf([10, 11, 12, 13, 14]);
    expect(rows.rowOf(13)).toBe(3);
    rows.push(20, ROW_KIND.ITEM);
    rows.splice(0, 2);
    expect([20, 12, 13, 14].map((slot) => rows.rowOf(slot))).toEqual([0, 1, 2, 3]);
    expect(rows.rowOf(10)).toBe(-1);
    rows.push(12, ROW_KIND.LOADING);
    rows.splice(4, 0);
    expect(rows.rowOf(12)).toBe(1);
    rows.splice(1, 1);
    expect(rows.rowOf(12)).toBe(-1);
    expect(rows.rowOf(5000)).toBe(-1);
  });

  it('grow past their first capacity', () => {
    const rows = rowsOf(Array.from({ length: 1000 }, (_, i) => i));
    expect(rows.count).toBe(1000);
    expect(rows.rowOf(999)).toBe(999);
    rows.clear();
    expect(rows.count).toBe(0);
    expect(rows.rowOf(5)).toBe(-1);
  });
});
