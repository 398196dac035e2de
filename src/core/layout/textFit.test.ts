import { describe, expect, it } from 'vitest';
import { fittedLength } from './textFit.ts';

/** Characters 10 px wide: right edges 10, 20, 30, … */
const edges = (count: number) => Array.from({ length: count }, (_, i) => (i + 1) * 10);

describe('fitting a title into a bar', () => {
  it.each([
    { width: 100, length: 10, expected: 10, why: 'fits exactly' },
    { width: 99, length: 10, expected: 8, why: 'keeps 8 characters before a 15 px ellipsis' },
    { width: 40, length: 10, expected: 2, why: 'narrow bar' },
    { width: 20, length: 10, expected: 0, why: 'only room for the ellipsis' },
    { width: 0, length: 10, expected: 0, why: 'no room at all' },
    { width: 50, length: 0, expected: 0, why: 'empty title' },
  ])('$why: $length characters in $width px keep $expected', ({ width, length, expected }) => {
    expect(fittedLength(edges(length), width, 15)).toBe(expected);
  });
});
