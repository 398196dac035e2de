import { describe, expect, it } from 'vitest';
import { SharedSnapshots } from './snapshotReads.ts';

/** A read that counts how often it ran and answers a fresh object each time. */
function countingRead() {
  let runs = 0;
  const read = async () => ({ run: ++runs, rows: [{ id: 1 }] });
  return { read, runs: () => runs };
}

describe('SharedSnapshots', () => {
  it('answers a key once per data version, to every request at that version', async () => {
    const snapshots = new SharedSnapshots();
    const { read, runs } = countingRead();
    const first = await snapshots.at('7').remember('root:1', read);
    const second = await snapshots.at('7').remember('root:1', read);
    expect(second).toBe(first);
    expect(runs()).toBe(1);
    await snapshots.at('7').remember('root:2', read);
    expect(runs()).toBe(2);
  });

  it('reads again once the data version moves on, and never shares an older version’s read', async () => {
    const snapshots = new SharedSnapshots();
    const { read, runs } = countingRead();
    const older = snapshots.at('7');
    await older.remember('root:1', read);
    expect((await snapshots.at('8').remember('root:1', read)).run).toBe(2);
    // A request still at 7 reads for itself, and leaves 8's answer alone.
    expect((await older.remember('root:1', read)).run).toBe(3);
    expect((await snapshots.at('7').remember('root:1', read)).run).toBe(4);
    expect((await snapshots.at('8').remember('root:1', read)).run).toBe(2);
    expect(runs()).toBe(4);
  });

  it('keeps no failed read', async () => {
    const snapshots = new SharedSnapshots();
    let fail = true;
    const read = async () => {
      if (fail) throw new Error('connection lost');
      return 'answer';
    };
    await expect(snapshots.at('1').remember('plans:1', read)).rejects.toThrow('connection lost');
    fail = false;
    expect(await snapshots.at('1').remember('plans:1', read)).toBe('answer');
  });

  it('freezes a shared answer, so that no request changes what another reads', async () => {
    const snapshots = new SharedSnapshots();
    const answer = await snapshots.at('1').remember('root:1', countingRead().read);
    expect(() => {
      (answer.rows[0] as { id: number }).id = 2;
    }).toThrow(TypeError);
  });

  it('reads without keeping once a version holds its limit of answers', async () => {
    const snapshots = new SharedSnapshots();
    const reads = snapshots.at('1');
    for (let key = 0; key < 256; key++) await reads.remember(`namespace:${key}`, async () => key);
    const { read, runs } = countingRead();
    await reads.remember('namespace:more', read);
    await reads.remember('namespace:more', read);
    expect(runs()).toBe(2);
  });
});
