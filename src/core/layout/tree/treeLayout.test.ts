import { describe, expect, it } from 'vitest';
import { TREE_ROW_HEIGHT, TREE_ROW_HEIGHT_WITH_LABELS } from './treeConstants.ts';
import { makeEpicItem, makeIssueItem } from './treeFixtures.ts';
import { NO_MORE_PAGES, type TreeItemInput, type TreeItemKey } from './treeItem.ts';
import { layoutTreeWindow, treeWindowRows } from './treeLayout.ts';
import { TreeModel } from './treeModel.ts';
import { ROW_KIND } from './treeRows.ts';
import {
  ENTRY_FLAG,
  entryAtY,
  entryKey,
  entryOfKey,
  entryParentKey,
  readTreeEntry,
  type TreeSnapshot,
} from './treeSnapshot.ts';

const plain = { isShowingLabels: false };

function page(model: TreeModel, parent: TreeItemKey, items: TreeItemInput[], hasMoreIssues = false) {
  model.receivePage(parent, { items, pageInfo: { ...NO_MORE_PAGES, hasMoreIssues }, append: false });
}

/** Root with 100 issues, the first an epic holding 50 issues (expanded), then 'Show more'. */
function deepTree(): TreeModel {
  const model = new TreeModel();
  model.setRoot(makeEpicItem(1, { title: 'Root' }), 3);
  page(
    model,
    'epic:1',
    [
      makeEpicItem(2, { title: 'Parent epic' }),
      ...Array.from({ length: 99 }, (_, i) => makeIssueItem(100 + i)),
    ],
    true,
  );
  model.setExpanded('epic:2', true);
  page(
    model,
    'epic:2',
    Array.from({ length: 50 }, (_, i) => makeIssueItem(500 + i)),
  );
  return model;
}

const keysOf = (snapshot: TreeSnapshot) =>
  Array.from({ length: snapshot.count }, (_, i) => entryKey(snapshot, i));

describe('the scroll window', () => {
  it('covers the visible rows plus overscan, clamped to the list', () => {
    expect(treeWindowRows({ scrollTop: 480, height: 480, overscan: 2 }, 48, 1000)).toEqual({
      first: 8,
      end: 22,
    });
    expect(treeWindowRows({ scrollTop: 0, height: 480 }, 48, 1000)).toEqual({ first: 0, end: 20 });
    expect(treeWindowRows({ scrollTop: 47_000, height: 4800 }, 48, 1000)).toEqual({ first: 879, end: 1000 });
    expect(treeWindowRows({ scrollTop: 0, height: 480 }, 48, 0)).toEqual({ first: 0, end: 0 });
  });

  it('lays out only the window’s rows, tagged with the epoch, at fixed row heights', () => {
    const model = deepTree();
    const snapshot = layoutTreeWindow(model, 7, { scrollTop: 480, height: 240, overscan: 1 }, plain);
    expect(snapshot).toMatchObject({
      epoch: 7,
      rowCount: 151,
      rowHeight: TREE_ROW_HEIGHT,
      firstRow: 9,
      count: 7,
    });
    expect(snapshot.entries.y[0]).toBe(9 * TREE_ROW_HEIGHT);
    expect(keysOf(snapshot)).toEqual([
      'issue:508',
      'issue:509',
      'issue:510',
      'issue:511',
      'issue:512',
      'issue:513',
      'issue:514',
    ]);
  });

  it('uses taller rows while labels are shown and some row has labels', () => {
    const label = { id: 1, title: 'bug', color: '#ff0000', textColor: '#ffffff' };
    const model = deepTree();
    const window = { scrollTop: 720, height: 720, overscan: 0 };
    // Only the root has labels: it is no row, so the rows stay short.
    model.updateItems([{ key: 'epic:1', labels: [label] }]);
    expect(layoutTreeWindow(model, 1, window, { isShowingLabels: true }).rowHeight).toBe(TREE_ROW_HEIGHT);

    model.updateItems([{ key: 'issue:120', labels: [label] }]);
    const labelled = layoutTreeWindow(model, 2, window, { isShowingLabels: true });
    expect(labelled.rowHeight).toBe(TREE_ROW_HEIGHT_WITH_LABELS);
    expect(labelled.firstRow).toBe(10);
    expect(layoutTreeWindow(model, 3, window, { isShowingLabels: false }).rowHeight).toBe(TREE_ROW_HEIGHT);

    // Removing the last labelled item makes them short again.
    model.updateItems([{ key: 'issue:120', labels: [] }]);
    expect(layoutTreeWindow(model, 4, window, { isShowingLabels: true }).rowHeight).toBe(TREE_ROW_HEIGHT);
  });

  it('costs the same for a window of a huge tree as of a small one', () => {
    const model = new TreeModel();
    model.setRoot(makeEpicItem(1));
    for (let p = 0; p < 50; p += 1) {
      const items = Array.from({ length: 100 }, (_, i) => makeIssueItem(p * 100 + i));
      model.receivePage('epic:1', { items, pageInfo: NO_MORE_PAGES, append: true });
    }
    const snapshot = layoutTreeWindow(model, 1, { scrollTop: 100_000, height: 480 }, plain);
    expect(snapshot.rowCount).toBe(5000);
    expect(snapshot.count).toBe(31);
    expect(snapshot.buffer.byteLength).toBeLessThan(8 * 1024);
    expect(snapshot.strings.length).toBeLessThan(30 * 7);
  });
});

describe('what an entry tells the overlay', () => {
  it('gives aria level, position and set size, counting the ‘Show more’ row in its set', () => {
    const model = deepTree();
    const snapshot = layoutTreeWindow(model, 1, { scrollTop: 0, height: 480 * 20, overscan: 0 }, plain);
    const epic = entryOfKey(snapshot, 'epic:2');
    const child = entryOfKey(snapshot, 'issue:501');
    const more = snapshot.count - 1;
    expect([
      snapshot.entries.level[epic],
      snapshot.entries.posInSet[epic],
      snapshot.entries.setSize[epic],
    ]).toEqual([1, 1, 101]);
    expect([
      snapshot.entries.level[child],
      snapshot.entries.posInSet[child],
      snapshot.entries.setSize[child],
    ]).toEqual([2, 2, 50]);
    expect(snapshot.entries.kind[more]).toBe(ROW_KIND.SHOW_MORE);
    expect(entryKey(snapshot, more)).toBe('epic:1');
    expect([
      snapshot.entries.level[more],
      snapshot.entries.posInSet[more],
      snapshot.entries.setSize[more],
    ]).toEqual([1, 101, 101]);
    expect(snapshot.entries.subtreeEnd[epic]).toBe(51);
    expect(snapshot.entries.subtreeEnd[child]).toBe(3);
  });

  it('links every entry to its parent, with the ancestors above the window as context entries', () => {
    const model = deepTree();
    model.setExpanded('epic:2', false);
    page(model, 'epic:2', [makeEpicItem(3), ...Array.from({ length: 20 }, (_, i) => makeIssueItem(500 + i))]);
    page(
      model,
      'epic:3',
      Array.from({ length: 20 }, (_, i) => makeIssueItem(700 + i)),
    );
    model.setExpanded('epic:3', true);
    model.setExpanded('epic:2', true);
    // Rows: 0 epic 2, 1 epic 3, 2..21 issues of 3, 22.. issues of 2.
    const snapshot = layoutTreeWindow(model, 1, { scrollTop: 10 * 48, height: 720, overscan: 0 }, plain);
    expect(snapshot.contextCount).toBe(2);
    const context = [snapshot.count, snapshot.count + 1];
    expect(context.map((i) => entryKey(snapshot, i))).toEqual(['epic:3', 'epic:2']);
    expect(context.map((i) => snapshot.entries.row[i])).toEqual([1, 0]);
    expect(context.map((i) => snapshot.entries.flags[i]! & ENTRY_FLAG.CONTEXT)).toEqual([
      ENTRY_FLAG.CONTEXT,
      ENTRY_FLAG.CONTEXT,
    ]);
    expect(entryParentKey(snapshot, 0)).toBe('epic:3');
    expect(entryParentKey(snapshot, snapshot.count + 1)).toBe('epic:1');
    const firstOfEpic2 = entryOfKey(snapshot, 'issue:500');
    expect(entryParentKey(snapshot, firstOfEpic2)).toBe('epic:2');
    for (let i = 0; i < snapshot.count; i += 1) {
      const parent = snapshot.entries.parent[i]!;
      const level = snapshot.entries.level[i]!;
      expect(parent < 0 ? 0 : snapshot.entries.level[parent]).toBe(level - 1);
    }
  });

  it('reads an item’s fields back from numbers and the string table', () => {
    const model = new TreeModel();
    model.setRoot(makeEpicItem(1));
    page(model, 'epic:1', [
      makeIssueItem(9, {
        title: 'Fix the login',
        state: 'closed',
        confidential: true,
        blocked: true,
        dueDate: '2024-02-29',
        weight: 3,
        milestoneTitle: 'v1.0',
        assigneeCount: 5,
        assigneeNames: ['Ann', 'Bob', 'Cid', 'Dee'],
        healthStatus: 'atRisk',
        relationPath: '/groups/acme/-/epics/1/issues/9',
        createdAt: '2024-01-01T10:00:00Z',
        closedAt: '2024-03-01T12:00:00Z',
        labels: [
          { id: 4, title: 'bug', color: '#c91c00', textColor: '#ffffff' },
          { id: 5, title: 'ui', color: null, textColor: null },
        ],
      }),
      makeEpicItem(2, {
        descendantCounts: { openedEpics: 1, closedEpics: 2, openedIssues: 3, closedIssues: 4 },
      }),
    ]);
    const snapshot = layoutTreeWindow(model, 1, { scrollTop: 0, height: 480 }, plain);
    // The closed issue sorts after the open epic.
    expect(readTreeEntry(snapshot, 1)).toMatchObject({
      kind: ROW_KIND.ITEM,
      key: 'issue:9',
      parentKey: 'epic:1',
      type: 'issue',
      id: 1009,
      epicIssueId: 9,
      title: 'Fix the login',
      reference: 'acme/app#1009',
      relationPath: '/groups/acme/-/epics/1/issues/9',
      milestoneTitle: 'v1.0',
      dueDate: '2024-02-29',
      weight: 3,
      assigneeCount: 5,
      assigneeNames: ['Ann', 'Bob', 'Cid'],
      healthStatus: 'atRisk',
      createdAt: Date.UTC(2024, 0, 1, 10),
      closedAt: Date.UTC(2024, 2, 1, 12),
      labels: [
        { id: 4, title: 'bug', color: 0xc91c00, textColor: 0xffffff },
        { id: 5, title: 'ui', color: -1, textColor: -1 },
      ],
    });
    const flags = snapshot.entries.flags[1]!;
    expect(flags & (ENTRY_FLAG.CLOSED | ENTRY_FLAG.CONFIDENTIAL | ENTRY_FLAG.BLOCKED | ENTRY_FLAG.EPIC)).toBe(
      ENTRY_FLAG.CLOSED | ENTRY_FLAG.CONFIDENTIAL | ENTRY_FLAG.BLOCKED,
    );
    expect(readTreeEntry(snapshot, 0)).toMatchObject({
      type: 'epic',
      dueDate: null,
      weight: null,
      labels: [],
    });
    expect(snapshot.entries.openedEpics[0]).toBe(1);
    expect(snapshot.entries.closedIssues[0]).toBe(4);
    expect(snapshot.entries.flags[0]! & ENTRY_FLAG.ADMIN_EPIC).toBe(ENTRY_FLAG.ADMIN_EPIC);
  });

  it('finds the entry under a y coordinate and the entry of a key', () => {
    const snapshot = layoutTreeWindow(deepTree(), 1, { scrollTop: 480, height: 240, overscan: 0 }, plain);
    expect(entryAtY(snapshot, 10 * 48 + 5)).toBe(0);
    expect(entryAtY(snapshot, 9 * 48)).toBe(-1);
    expect(entryAtY(snapshot, -1)).toBe(-1);
    expect(entryOfKey(snapshot, 'issue:509')).toBe(0);
    expect(entryOfKey(snapshot, 'issue:100')).toBe(-1);
  });

  it('refuses to lay out a tree without a root', () => {
    expect(() => layoutTreeWindow(new TreeModel(), 1, { scrollTop: 0, height: 100 }, plain)).toThrow('root');
  });
});
