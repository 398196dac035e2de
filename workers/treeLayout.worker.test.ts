import { serialize } from 'node:v8';
import { MessageChannel } from 'node:worker_threads';
import * as Comlink from 'comlink';
import { afterEach, describe, expect, it } from 'vitest';
import { newerSnapshot } from '../src/core/layout/snapshot.ts';
import { makeEpicItem, makeIssueItem } from '../src/core/layout/tree/treeFixtures.ts';
import { NO_MORE_PAGES } from '../src/core/layout/tree/treeItem.ts';
import { entryKey } from '../src/core/layout/tree/treeSnapshot.ts';
import { treeLayoutWorker as worker } from './treeLayout.worker.ts';
import type { TreeChange, TreeLayoutApi, TreeSnapshot, TreeViewport } from './treeLayoutApi.ts';

const viewport: TreeViewport = { scrollTop: 0, height: 960 };
const view = { isShowingLabels: false };

const rootWith = (count: number, from = 1): TreeChange => ({
  root: { item: makeEpicItem(1, { title: 'Root' }) },
  pages: [{ parentKey: 'epic:1', items: issues(count, from), pageInfo: NO_MORE_PAGES, append: false }],
});
const issues = (count: number, from = 1) => Array.from({ length: count }, (_, i) => makeIssueItem(from + i));
const keys = (snapshot: TreeSnapshot) =>
  Array.from({ length: snapshot.count }, (_, i) => entryKey(snapshot, i));
/** What structured clone would copy besides the transferred buffer. */
const clonedBytes = (value: unknown) => serialize(value).byteLength;
const withoutBuffers = ({ buffer: _b, entries: _e, labels: _l, ...rest }: TreeSnapshot) => rest;

afterEach(() => worker.dispose());

describe('the tree layout worker', () => {
  it('answers every request with the epoch it was asked with', () => {
    worker.init(view);
    expect(worker.update(1, rootWith(10), viewport).epoch).toBe(1);
    expect(worker.layout(5, viewport).epoch).toBe(5);
    expect(worker.layout(3, viewport).epoch).toBe(3);
    const older = worker.layout(6, viewport);
    const newer = worker.layout(7, viewport);
    expect(newerSnapshot(newer, older)).toBe(newer);
  });

  it('keeps the tree resident and takes changes by key', () => {
    worker.init(view);
    expect(worker.update(1, rootWith(100), viewport).rowCount).toBe(100);
    const added = worker.update(
      2,
      { added: [{ parentKey: 'epic:1', items: [makeEpicItem(7, { hasIssues: true })] }] },
      viewport,
    );
    expect(keys(added).slice(0, 2)).toEqual(['epic:7', 'issue:1']);
    const expanded = worker.update(
      3,
      { expanded: [{ key: 'epic:7', expanded: true }], fetching: [{ key: 'epic:7', inProgress: true }] },
      viewport,
    );
    expect(expanded.rowCount).toBe(102);
    const loaded = worker.update(
      4,
      {
        pages: [
          {
            parentKey: 'epic:7',
            items: issues(3, 500),
            pageInfo: { ...NO_MORE_PAGES, hasMoreIssues: true },
            append: false,
          },
        ],
        updated: [{ key: 'issue:1', title: 'Renamed' }],
        removed: ['issue:2'],
      },
      viewport,
    );
    expect(keys(loaded).slice(0, 6)).toEqual([
      'epic:7',
      'issue:500',
      'issue:501',
      'issue:502',
      'epic:7',
      'issue:1',
    ]);
    expect(loaded.strings).toContain('Renamed');
    expect(worker.pageInfo('epic:7')).toMatchObject({ hasMoreIssues: true });
    expect(worker.rowOf('issue:3')).toBe(6);
    expect(worker.rowOf('issue:999')).toBe(-1);
  });

  it('applies a move with its reorder input and undoes it when the server refuses', () => {
    worker.init(view);
    worker.update(1, rootWith(5), viewport);
    const answer = worker.move(2, { key: 'issue:5', parentKey: 'epic:1', at: 0 }, viewport);
    expect(answer.result).toMatchObject({
      ok: true,
      value: {
        mutation: {
          id: 'gid://gitlab/EpicIssue/5',
          adjacentReferenceId: 'gid://gitlab/EpicIssue/1',
          relativePosition: 'after',
        },
      },
    });
    expect(keys(answer.snapshot)[0]).toBe('issue:5');
    if (!answer.result.ok) throw new Error('move refused');
    expect(keys(worker.undoMove(3, answer.result.value.undo, viewport))).toEqual([
      'issue:1',
      'issue:2',
      'issue:3',
      'issue:4',
      'issue:5',
    ]);
    expect(worker.move(4, { key: 'issue:1', parentKey: 'issue:2', at: 0 }, viewport).result).toEqual({
      ok: false,
      error: 'notAParent',
    });
  });

  it('runs a keyboard move step by step and tells which row keeps focus', () => {
    worker.init(view);
    worker.update(1, rootWith(5), viewport);
    expect(worker.keyboard(2, { type: 'grab', key: 'issue:2' }, viewport).step.phase).toBe('grabbed');
    const down = worker.keyboard(3, { type: 'down' }, viewport);
    expect(down.step.announcement).toBe('Issue 1002, position 3 of 5 in Root');
    expect(down.focusRow).toBe(2);
    const dropped = worker.keyboard(4, { type: 'drop' }, viewport);
    expect(dropped.step.commit?.mutation).toEqual({
      id: 'gid://gitlab/EpicIssue/2',
      adjacentReferenceId: 'gid://gitlab/EpicIssue/3',
      relativePosition: 'before',
    });
  });

  it('answers a scroll of a 20,000-row tree with a small payload besides the transferred buffer', () => {
    worker.init(view);
    worker.update(1, rootWith(100), viewport);
    for (let page = 1; page < 200; page += 1) {
      worker.update(
        page + 1,
        {
          pages: [
            {
              parentKey: 'epic:1',
              items: issues(100, page * 100 + 1),
              pageInfo: NO_MORE_PAGES,
              append: true,
            },
          ],
        },
        viewport,
      );
    }
    const scroll = [300, { scrollTop: 480_000, height: 960 }] as const;
    expect(clonedBytes(scroll)).toBeLessThan(256);
    const snapshot = worker.layout(...scroll);
    expect(snapshot.rowCount).toBe(20_000);
    expect(snapshot.firstRow).toBe(9980);
    expect(clonedBytes(withoutBuffers(snapshot))).toBeLessThan(16 * 1024);
  });

  it('refuses to lay out before init', () => {
    expect(() => worker.layout(1, viewport)).toThrow('before init');
  });

  it('transfers the snapshot buffer through Comlink instead of copying it', async () => {
    const { port1, port2 } = new MessageChannel();
    const sent: ArrayBuffer[] = [];
    const spy: TreeLayoutApi = {
      ...worker,
      layout: (epoch, request) => {
        const snapshot = worker.layout(epoch, request);
        sent.push(snapshot.buffer);
        return snapshot;
      },
      move: (epoch, move, request) => {
        const answer = worker.move(epoch, move, request);
        sent.push(answer.snapshot.buffer);
        return answer;
      },
    };
    Comlink.expose(spy, port1 as unknown as Comlink.Endpoint);
    const remote = Comlink.wrap<TreeLayoutApi>(port2 as unknown as Comlink.Endpoint);
    try {
      await remote.init(view);
      await remote.update(1, rootWith(50), viewport);
      const received = await remote.layout(2, viewport);
      expect(received.count).toBe(40);
      expect(keys(received)[0]).toBe('issue:1');
      const moved = await remote.move(3, { key: 'issue:3', parentKey: 'epic:1', at: 0 }, viewport);
      expect(keys(moved.snapshot)[0]).toBe('issue:3');
      expect(sent.map((buffer) => buffer.byteLength)).toEqual([0, 0]);
    } finally {
      remote[Comlink.releaseProxy]();
      port1.close();
      port2.close();
    }
  });
});
