import { describe, expect, it } from 'vitest';
import { BatchLoader, whenRead } from './batchLoader.ts';

const doubler = () => {
  const batches: number[][] = [];
  const loader = new BatchLoader<number, number>(async (keys) => {
    batches.push(keys);
    return new Map(keys.filter((key) => key > 0).map((key) => [key, key * 2]));
  }, -1);
  return { loader, batches };
};

describe('BatchLoader', () => {
  it('fetches the keys asked for in one tick in one batch, each key once', async () => {
    const { loader, batches } = doubler();
    expect(await Promise.all([loader.load(1), loader.load(2), loader.load(1)])).toEqual([2, 4, 2]);
    expect(batches).toEqual([[1, 2]]);
  });

  it('reads a value already fetched, primed or missing as a plain value, an unknown one as a promise', async () => {
    const { loader, batches } = doubler();
    const first = loader.read(3);
    expect(first).toBeInstanceOf(Promise);
    expect(await first).toBe(6);
    expect(loader.read(3)).toBe(6);
    loader.prime(4, 40);
    expect(loader.read(4)).toBe(40);
    await loader.load(0);
    expect(loader.read(0)).toBe(-1);
    expect(batches).toEqual([[3], [0]]);
  });

  it('rejects every key of a failed batch and keeps none of them as read', async () => {
    const loader = new BatchLoader<number, number>(() => Promise.reject(new Error('down')), 0);
    await expect(loader.load(1)).rejects.toThrow('down');
    await expect(loader.read(1)).rejects.toThrow('down');
  });
});

describe('whenRead', () => {
  it('maps a plain value at once and a promised one when it arrives', async () => {
    expect(whenRead(2, (value) => value + 1)).toBe(3);
    expect(await whenRead(Promise.resolve(2), (value) => value + 1)).toBe(3);
  });
});
