import { describe, expect, it } from 'vitest';
import { makeEpicItem, makeIssueItem } from './treeFixtures.ts';
import { NO_MORE_PAGES } from './treeItem.ts';
import { TreeSession } from './treeSession.ts';
import { entryKey, type TreeSnapshot } from './treeSnapshot.ts';

const viewport = { scrollTop: 0, height: 960 };
const keys = (snapshot: TreeSnapshot) =>
  Array.from({ length: snapshot.count }, (_, i) => entryKey(snapshot, i));

function session() {
  const tree = new TreeSession({ isShowingLabels: false });
  tree.apply({
    root: { item: makeEpicItem(1, { title: 'Root' }), rootDepth: 2 },
    pages: [
      {
        parentKey: 'epic:1',
        items: [makeEpicItem(2, { hasIssues: true }), makeIssueItem(10)],
        pageInfo: NO_MORE_PAGES,
        append: false,
      },
    ],
  });
  return tree;
}

describe('the tree session', () => {
  it('applies a batch in order: removals, pages, additions, updates, then flags', () => {
    const tree = session();
    tree.apply({
      removed: ['issue:10'],
      pages: [{ parentKey: 'epic:2', items: [makeIssueItem(20)], pageInfo: NO_MORE_PAGES, append: false }],
      added: [{ parentKey: 'epic:2', items: [makeIssueItem(21)] }],
      updated: [{ key: 'issue:20', title: 'Renamed' }],
      expanded: [{ key: 'epic:2', expanded: true }],
      fetching: [{ key: 'epic:2', inProgress: true }],
      removing: [{ key: 'issue:21', inProgress: true }],
    });
    const snapshot = tree.layout(3, viewport);
    expect(keys(snapshot)).toEqual(['epic:2', 'issue:21', 'issue:20', 'epic:2']);
    expect(snapshot.strings).toContain('Renamed');
    expect(snapshot.rootDepth).toBe(2);
    expect(tree.latestEpoch).toBe(3);
    expect(tree.rowOf('issue:20')).toBe(2);
  });

  it('switches to taller rows when labels are shown and a row has some', () => {
    const tree = session();
    tree.apply({ view: { isShowingLabels: true } });
    expect(tree.layout(1, viewport).rowHeight).toBe(48);
    tree.apply({
      updated: [{ key: 'issue:10', labels: [{ id: 1, title: 'bug', color: null, textColor: null }] }],
    });
    expect(tree.layout(2, viewport).rowHeight).toBe(72);
  });

  it('starts over on a new root, forgetting a keyboard move in progress', () => {
    const tree = session();
    expect(tree.keyboard({ type: 'grab', key: 'issue:10' }).phase).toBe('grabbed');
    tree.apply({ root: { item: makeEpicItem(5) } });
    expect(tree.keyboard({ type: 'down' })).toMatchObject({ phase: 'idle', announcement: '' });
    expect(tree.rowCount).toBe(0);
  });

  it('says where a grabbed item is on request, without moving it', () => {
    const tree = session();
    expect(tree.keyboard({ type: 'locate' })).toMatchObject({ phase: 'idle', announcement: '' });
    tree.keyboard({ type: 'grab', key: 'issue:10' });
    expect(tree.keyboard({ type: 'locate' })).toMatchObject({
      phase: 'grabbed',
      announcement: 'Issue 1010, position 2 of 2 in Root',
    });
    expect(tree.rowOf('issue:10')).toBe(1);
  });

  it('moves, undoes, and reports paging per parent', () => {
    const tree = session();
    const moved = tree.move({ key: 'issue:10', parentKey: 'epic:1', at: 0 });
    expect(moved.ok).toBe(true);
    expect(tree.rowOf('issue:10')).toBe(0);
    if (moved.ok) tree.undoMove(moved.value.undo);
    expect(tree.rowOf('issue:10')).toBe(1);
    expect(tree.pageInfo('epic:1')).toEqual(NO_MORE_PAGES);
    tree.reset();
    expect(() => tree.layout(1, viewport)).toThrow('root');
  });
});
