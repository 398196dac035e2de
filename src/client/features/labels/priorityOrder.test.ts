import { describe, expect, it } from 'vitest';
import { byPriority, moveBy, placeAt } from './priorityOrder.ts';

describe('the prioritised labels order', () => {
  it('places a label at an index, taking it from where it was', () => {
    expect(placeAt([1, 2, 3], 3, 0)).toEqual([3, 1, 2]);
    expect(placeAt([1, 2, 3], 1, 2)).toEqual([2, 3, 1]);
  });

  it('adds a label that was not prioritised, clamping the index to the ends', () => {
    expect(placeAt([1, 2], 9, 1)).toEqual([1, 9, 2]);
    expect(placeAt([1, 2], 9, 99)).toEqual([1, 2, 9]);
    expect(placeAt([1, 2], 9, -4)).toEqual([9, 1, 2]);
  });

  it('moves a label one place and leaves the ends as they are', () => {
    expect(moveBy([1, 2, 3], 2, -1)).toEqual([2, 1, 3]);
    expect(moveBy([1, 2, 3], 2, 1)).toEqual([1, 3, 2]);
    expect(moveBy([1, 2, 3], 1, -1)).toEqual([1, 2, 3]);
    expect(moveBy([1, 2, 3], 3, 1)).toEqual([1, 2, 3]);
    expect(moveBy([1, 2], 7, 1)).toEqual([1, 2]);
  });

  it('lists prioritised labels lowest priority first, ties by title', () => {
    const labels = [
      { title: 'b', priority: 1 },
      { title: 'x', priority: null },
      { title: 'a', priority: 1 },
      { title: 'c', priority: 0 },
    ];
    expect(byPriority(labels).map((label) => label.title)).toEqual(['c', 'a', 'b']);
  });
});
