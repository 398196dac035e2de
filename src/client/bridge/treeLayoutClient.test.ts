import { MessageChannel } from 'node:worker_threads';
import * as Comlink from 'comlink';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { treeLayoutWorker } from '../../../workers/treeLayout.worker.ts';
import type { TreeLayoutApi } from '../../../workers/treeLayoutApi.ts';
import { makeEpicItem, makeIssueItem } from '../../core/layout/tree/treeFixtures.ts';
import { NO_MORE_PAGES } from '../../core/layout/tree/treeItem.ts';
import { entryKey } from '../../core/layout/tree/treeSnapshot.ts';
import { type TreeChange, TreeLayoutClient, type TreeSnapshot } from './treeLayoutClient.ts';

const viewport = { scrollTop: 0, height: 480 };
const root: TreeChange = {
  root: { item: makeEpicItem(1, { title: 'Root' }) },
  pages: [
    {
      parentKey: 'epic:1',
      items: Array.from({ length: 20 }, (_, i) =>
        makeIssueItem(
          i + 1,
          i === 0 ? { labels: [{ id: 1, title: 'bug', color: null, textColor: null }] } : {},
        ),
      ),
      pageInfo: NO_MORE_PAGES,
      append: false,
    },
  ],
};

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** A client talking to the real worker object over a MessageChannel; counts the worker's calls. */
function connect() {
  const { port1, port2 } = new MessageChannel();
  const calls: string[] = [];
  const counted = Object.fromEntries(
    Object.entries(treeLayoutWorker).map(([name, method]) => [
      name,
      (...args: unknown[]) => {
        calls.push(name);
        return (method as (...a: unknown[]) => unknown)(...args);
      },
    ]),
  ) as unknown as TreeLayoutApi;
  Comlink.expose(counted, port1 as unknown as Comlink.Endpoint);
  const snapshots: TreeSnapshot[] = [];
  const errors: unknown[] = [];
  const busy: boolean[] = [];
  const terminate = vi.fn(() => port1.close());
  const client = new TreeLayoutClient(
    {
      onSnapshot: (snapshot) => snapshots.push(snapshot),
      onError: (error) => errors.push(error),
      onBusyChange: (value) => busy.push(value),
    },
    () => ({ endpoint: port2 as unknown as Comlink.Endpoint, terminate }),
  );
  cleanups.push(() => {
    client.dispose();
    port1.close();
    port2.close();
    treeLayoutWorker.dispose();
  });
  const idle = () => vi.waitFor(() => expect(client.busy).toBe(false));
  return { client, calls, snapshots, errors, busy, terminate, idle };
}

describe('the tree layout client', () => {
  it('delivers the snapshot of each change, newest last, and reports busy then idle', async () => {
    const { client, snapshots, busy, idle } = connect();
    client.init({ isShowingLabels: false });
    client.update(root, viewport);
    client.update({ expanded: [], view: { isShowingLabels: true } }, viewport);
    await idle();
    expect(snapshots.map((snapshot) => snapshot.epoch)).toEqual([1, 2]);
    expect(snapshots[1]!.rowHeight).toBe(72);
    expect(busy).toEqual([true, false]);
  });

  it('coalesces scrolls: only the newest viewport waits behind the one in flight', async () => {
    const { client, calls, snapshots, idle } = connect();
    client.init({ isShowingLabels: false });
    client.update(root, viewport);
    for (let top = 48; top <= 480; top += 48) client.layout({ scrollTop: top, height: 480, overscan: 0 });
    await idle();
    expect(calls.filter((name) => name === 'layout')).toHaveLength(2);
    expect(snapshots[snapshots.length - 1]!.firstRow).toBe(10);
  });

  it('returns a move’s reorder input, shows it at once, and shows the undo', async () => {
    const { client, snapshots, idle } = connect();
    client.init({ isShowingLabels: false });
    client.update(root, viewport);
    const result = await client.move({ key: 'issue:20', parentKey: 'epic:1', at: 0 }, viewport);
    expect(result).toMatchObject({ ok: true, value: { mutation: { relativePosition: 'after' } } });
    expect(entryKey(snapshots[snapshots.length - 1]!, 0)).toBe('issue:20');
    if (!result?.ok) throw new Error('move refused');
    client.undoMove(result.value.undo, viewport);
    await idle();
    expect(entryKey(snapshots[snapshots.length - 1]!, 0)).toBe('issue:1');
    expect(await client.rowOf('issue:20')).toBe(19);
  });

  it('runs keyboard steps and answers with the announcement and the focused row', async () => {
    const { client } = connect();
    client.init({ isShowingLabels: false });
    client.update(root, viewport);
    await client.keyboard({ type: 'grab', key: 'issue:1' }, viewport);
    const answer = await client.keyboard({ type: 'down' }, viewport);
    expect(answer).toMatchObject({
      focusRow: 1,
      step: { announcement: 'Issue 1001, position 2 of 20 in Root' },
    });
    expect(await client.pageInfo('epic:1')).toEqual(NO_MORE_PAGES);
  });

  it('reports a worker failure instead of swallowing it', async () => {
    const { client, errors, idle } = connect();
    client.layout(viewport);
    await idle();
    expect(String(errors[0])).toContain('before init');
  });

  it('stops the worker once on dispose and delivers nothing after', async () => {
    const { client, snapshots, terminate } = connect();
    client.init({ isShowingLabels: false });
    client.update(root, viewport);
    client.dispose();
    client.dispose();
    await vi.waitFor(() => expect(terminate).toHaveBeenCalledTimes(1));
    expect(snapshots).toEqual([]);
  });
});
