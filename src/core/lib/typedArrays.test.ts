import { describe, expect, it } from 'vitest';
import { grownArray } from './typedArrays.ts';

describe('grownArray', () => {
  it('keeps the type and the elements, with zeros after them', () => {
    const grown = grownArray(Int32Array.of(-1, 7), 4);
    expect(grown).toBeInstanceOf(Int32Array);
    expect([...grown]).toEqual([-1, 7, 0, 0]);
    expect([...grownArray(Float64Array.of(0.5), 2)]).toEqual([0.5, 0]);
  });

  it('leaves the old array as it was', () => {
    const old = Uint8Array.of(3);
    grownArray(old, 8)[0] = 9;
    expect([...old]).toEqual([3]);
  });
});
