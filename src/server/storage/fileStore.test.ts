import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DiskFileStore } from './fileStore.ts';

const filesUnder = (root: string): string[] =>
  readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));

describe('DiskFileStore', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'pt-file-store-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('stages a stream, keeps its first bytes aside, and publishes it under its key', async () => {
    const store = new DiskFileStore(root);
    const staged = await store.stage(Readable.from([Buffer.from('hello '), Buffer.from('world')]), 8);
    expect(staged.size).toBe(11);
    expect(Buffer.from(staged.head).toString()).toBe('hello wo');
    await store.publish(staged, 'a/1/greeting.txt');
    expect(filesUnder(root)).toEqual([join(root, 'a/1/greeting.txt')]);
    expect(readFileSync(join(root, 'a/1/greeting.txt'), 'utf8')).toBe('hello world');
    const read = await store.read('a/1/greeting.txt');
    expect(Buffer.concat(await read!.toArray()).toString()).toBe('hello world');
  });

  it('leaves nothing behind for a discarded, a failed or a removed file', async () => {
    const store = new DiskFileStore(root);
    await store.discard(await store.stage(Readable.from([Buffer.from('x')]), 4));
    // An upload can fail before its temporary file is even open: many at once make that likely.
    const failing = () =>
      new Readable({
        read() {
          this.destroy(new Error('client went away'));
        },
      });
    const failures = await Promise.allSettled(Array.from({ length: 40 }, () => store.stage(failing(), 4)));
    expect(failures.map((failure) => failure.status === 'rejected' && String(failure.reason))).toEqual(
      Array(40).fill('Error: client went away'),
    );
    const kept = await store.stage(Readable.from([Buffer.from('y')]), 4);
    await store.publish(kept, 'b/2/y.png');
    await store.remove('b/2/y.png');
    await store.remove('b/2/y.png');
    expect(filesUnder(root)).toEqual([]);
    expect(await store.read('b/2/y.png')).toBeNull();
  });

  it('refuses a key that would leave its folder', async () => {
    const store = new DiskFileStore(root);
    await expect(store.remove('../outside.txt')).rejects.toThrow(/outside the store/);
  });
});
