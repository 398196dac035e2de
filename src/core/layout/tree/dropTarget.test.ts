import { describe, expect, it } from 'vitest';
import { dragSubjectOf, dropTargetAt, moveOfDrop } from './dropTarget.ts';
import { TREE_INDENT } from './treeConstants.ts';
import { makeEpicItem, makeIssueItem } from './treeFixtures.ts';
import { NO_MORE_PAGES, type TreeItemInput, type TreeItemKey } from './treeItem.ts';
import { layoutTreeWindow } from './treeLayout.ts';
import { TreeModel } from './treeModel.ts';
import { entryOfKey, type TreeSnapshot } from './treeSnapshot.ts';

const H = 48;

function page(model: TreeModel, parent: TreeItemKey, items: TreeItemInput[], hasMoreIssues = false) {
  model.receivePage(parent, { items, pageInfo: { ...NO_MORE_PAGES, hasMoreIssues }, append: false });
}

/**
 * Rows: 0 epic 2 (expanded), 1 issue 20, 2 epic 3 (collapsed, has children), 3 issue 10,
 * 4 epic 4 (collapsed, no children), 5 issue 11, 6 epic 5 (expanded), 7 issue 50, 8 [more epic:5]
 */
function tree(rootDepth = 1): TreeModel {
  const model = new TreeModel();
  model.setRoot(makeEpicItem(1, { title: 'Root' }), rootDepth);
  page(model, 'epic:1', [
    makeEpicItem(2),
    makeIssueItem(10),
    makeEpicItem(4),
    makeIssueItem(11),
    makeEpicItem(5),
  ]);
  model.setExpanded('epic:2', true);
  page(model, 'epic:2', [makeIssueItem(20), makeEpicItem(3, { hasIssues: true })]);
  model.setExpanded('epic:5', true);
  page(model, 'epic:5', [makeIssueItem(50)], true);
  return model;
}

function probe(model: TreeModel, dragged: TreeItemKey, y: number, x?: number) {
  const snapshot: TreeSnapshot = layoutTreeWindow(
    model,
    1,
    { scrollTop: 0, height: 2000 },
    { isShowingLabels: false },
  );
  const subject = dragSubjectOf(snapshot, entryOfKey(snapshot, dragged));
  return dropTargetAt(snapshot, subject, x === undefined ? { y } : { x, y });
}

const at = (row: number, fraction: number) => (row + fraction) * H;

describe('dropping on an issue row', () => {
  it('goes before it from the top half and after it from the bottom half', () => {
    const model = tree();
    expect(probe(model, 'issue:11', at(3, 0.4)).target).toEqual({
      parentKey: 'epic:1',
      at: 1,
      position: 'before',
      indicator: { kind: 'line', y: 3 * H, level: 1 },
    });
    expect(probe(model, 'issue:11', at(3, 0.6)).target).toEqual({
      parentKey: 'epic:1',
      at: 2,
      position: 'after',
      indicator: { kind: 'line', y: 4 * H, level: 1 },
    });
  });

  it('moves into another list before or after its items, as the move the worker applies', () => {
    const { target } = probe(tree(), 'issue:10', at(1, 0.1));
    expect(target).toMatchObject({ parentKey: 'epic:2', at: 0, position: 'before' });
    const model = tree();
    const snapshot = layoutTreeWindow(model, 1, { scrollTop: 0, height: 2000 }, { isShowingLabels: false });
    const subject = dragSubjectOf(snapshot, entryOfKey(snapshot, 'issue:10'));
    expect(moveOfDrop(subject, target!)).toEqual({ key: 'issue:10', parentKey: 'epic:2', at: 0 });
  });
});

describe('dropping on an epic row', () => {
  it('goes into a collapsed epic from the middle half, highlighting its row', () => {
    const model = tree();
    expect(probe(model, 'issue:10', at(4, 0.5)).target).toEqual({
      parentKey: 'epic:4',
      at: 0,
      position: 'into',
      indicator: { kind: 'row', row: 4 },
    });
    expect(probe(model, 'issue:20', at(4, 0.2)).target).toMatchObject({
      parentKey: 'epic:1',
      at: 2,
      position: 'before',
    });
    expect(probe(model, 'issue:20', at(4, 0.8)).target).toMatchObject({
      parentKey: 'epic:1',
      at: 3,
      position: 'after',
    });
  });

  it('goes into an expanded epic as its first child from the bottom half', () => {
    expect(probe(tree(), 'issue:11', at(0, 0.7)).target).toEqual({
      parentKey: 'epic:2',
      at: 0,
      position: 'into',
      indicator: { kind: 'line', y: H, level: 2 },
    });
  });

  it('asks to hover-expand a collapsed epic with children, not an expanded or empty one', () => {
    const model = tree();
    expect(probe(model, 'issue:10', at(2, 0.5)).hoverKey).toBe('epic:3');
    expect(probe(model, 'issue:10', at(0, 0.5)).hoverKey).toBeNull();
    expect(probe(model, 'issue:10', at(4, 0.5)).hoverKey).toBeNull();
  });
});

describe('drops that are refused', () => {
  it('changes nothing over the dragged row itself or the gaps next to it', () => {
    const model = tree();
    expect(probe(model, 'issue:10', at(3, 0.5))).toEqual({ target: null, hoverKey: null });
    expect(probe(model, 'issue:10', at(2, 0.9), 4).target).toBeNull();
    expect(probe(model, 'issue:10', at(4, 0.1)).target).toBeNull();
  });

  it('keeps an epic out of its own subtree', () => {
    const model = tree();
    expect(probe(model, 'epic:2', at(1, 0.1)).target).toBeNull();
    expect(probe(model, 'epic:2', at(2, 0.5)).target).toBeNull();
    expect(probe(model, 'epic:2', at(2, 0.9)).target).toBeNull();
  });

  it('keeps an epic subtree within seven levels from the root’s most distant ancestor', () => {
    // The root is at depth 6: its children at 7. A leaf epic may sit beside them, not below them.
    const model = tree(6);
    expect(probe(model, 'epic:4', at(3, 0.1)).target).toMatchObject({
      parentKey: 'epic:1',
      position: 'before',
    });
    expect(probe(model, 'epic:4', at(1, 0.1)).target).toBeNull();
    expect(probe(model, 'epic:4', at(0, 0.7)).target).toBeNull();
    // Issues are not epic levels.
    expect(probe(model, 'issue:11', at(1, 0.1)).target).toMatchObject({
      parentKey: 'epic:2',
      position: 'before',
    });
  });
});

describe('dropping at the end of a list', () => {
  it("drops on a 'Show more' row at the end of its parent's loaded children", () => {
    expect(probe(tree(), 'issue:10', at(8, 0.5)).target).toEqual({
      parentKey: 'epic:5',
      at: 1,
      position: 'after',
      indicator: { kind: 'line', y: 9 * H, level: 2 },
    });
  });

  it('goes up a level after the last row of a list when the pointer moves left', () => {
    const model = tree();
    expect(probe(model, 'issue:10', at(2, 0.9), 2 * TREE_INDENT + 4).target).toMatchObject({
      parentKey: 'epic:2',
      at: 2,
      indicator: { kind: 'line', y: 3 * H, level: 2 },
    });
    expect(probe(model, 'issue:11', at(2, 0.9), 4).target).toEqual({
      parentKey: 'epic:1',
      at: 1,
      position: 'after',
      indicator: { kind: 'line', y: 3 * H, level: 1 },
    });
    expect(probe(model, 'issue:10', at(8, 0.5), 4).target).toMatchObject({
      parentKey: 'epic:1',
      at: 5,
      position: 'after',
    });
  });

  it('goes to the end of the top level below the last row', () => {
    expect(probe(tree(), 'issue:20', 20 * H).target).toEqual({
      parentKey: 'epic:1',
      at: 5,
      position: 'after',
      indicator: { kind: 'line', y: 9 * H, level: 1 },
    });
  });

  it('finds nothing above the window', () => {
    const model = tree();
    const snapshot = layoutTreeWindow(
      model,
      1,
      { scrollTop: 5 * H, height: 2 * H, overscan: 0 },
      { isShowingLabels: false },
    );
    const subject = dragSubjectOf(snapshot, entryOfKey(snapshot, 'issue:11'));
    expect(subject).toEqual({
      key: 'issue:11',
      title: 'Issue 1011',
      isEpic: false,
      parentKey: 'epic:1',
      index: 3,
      epicHeight: 0,
    });
    expect(dropTargetAt(snapshot, subject, { y: H })).toEqual({ target: null, hoverKey: null });
  });
});
