import { describe, expect, it } from 'vitest';
import { appendTo } from './multiMap.ts';

describe('appendTo', () => {
  it('keeps values in arrival order under their key, one list per key', () => {
    const byRoot = new Map<number, string[]>();
    appendTo(byRoot, 1, 'a');
    appendTo(byRoot, 2, 'b');
    appendTo(byRoot, 1, 'c');
    expect([...byRoot]).toEqual([
      [1, ['a', 'c']],
      [2, ['b']],
    ]);
  });

  it('appends to the list already held, not to a copy', () => {
    const lists = new Map<string, number[]>();
    appendTo(lists, 'k', 1);
    const held = lists.get('k');
    appendTo(lists, 'k', 2);
    expect(lists.get('k')).toBe(held);
    expect(held).toEqual([1, 2]);
  });
});
