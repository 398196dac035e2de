import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkTreeInvariants, describeRows, makeEpicItem, makeIssueItem, treeState } from './treeFixtures.ts';
import { NO_MORE_PAGES, type TreeItemInput, type TreeItemKey } from './treeItem.ts';
import { TreeModel } from './treeModel.ts';
import { applyMove, epicHeight, reorderMutationFor, undoMove } from './treeMoves.ts';

const E = (id: number) => `gid://gitlab/Epic/${id}`;
const I = (id: number) => `gid://gitlab/EpicIssue/${id}`;

function page(model: TreeModel, parent: TreeItemKey, items: TreeItemInput[]) {
  model.receivePage(parent, { items, pageInfo: NO_MORE_PAGES, append: false });
}

/** Root 1: epic 2 (expanded: issue 20, epic 3 (collapsed: issue 30)), issue 10, epic 4 (not loaded), issue 11. */
function sampleTree(rootDepth = 1): TreeModel {
  const model = new TreeModel();
  model.setRoot(makeEpicItem(1, { title: 'Root' }), rootDepth);
  page(model, 'epic:1', [
    makeEpicItem(2),
    makeIssueItem(10),
    makeEpicItem(4, { hasIssues: true }),
    makeIssueItem(11),
  ]);
  model.setExpanded('epic:2', true);
  page(model, 'epic:2', [makeIssueItem(20), makeEpicItem(3)]);
  page(model, 'epic:3', [makeIssueItem(30)]);
  return model;
}

describe('moving an item optimistically', () => {
  it('reorders within a list and sends the adjacent item by GitLab’s rule', () => {
    const model = sampleTree();
    const result = applyMove(model, { key: 'issue:11', parentKey: 'epic:1', at: 1 });
    expect(result.ok && result.value.mutation).toEqual({
      id: I(11),
      adjacentReferenceId: I(10),
      relativePosition: 'after',
    });
    expect(describeRows(model)).toEqual([
      '- epic:2',
      '  issue:20',
      '  + epic:3',
      'issue:11',
      'issue:10',
      '+ epic:4',
    ]);
    checkTreeInvariants(model);
  });

  it('counts the gap with the moved item still in its list', () => {
    const model = sampleTree();
    // Gap 3 is between issue 10 and epic 4: moving epic 2 down there lands at index 1.
    const result = applyMove(model, { key: 'epic:2', parentKey: 'epic:1', at: 2 });
    expect(result.ok && result.value.mutation).toEqual({
      id: E(2),
      adjacentReferenceId: I(10),
      relativePosition: 'before',
    });
    expect(model.childKeys('epic:1')).toEqual(['issue:10', 'epic:2', 'epic:4', 'issue:11']);
    expect(describeRows(model)).toEqual([
      'issue:10',
      '- epic:2',
      '  issue:20',
      '  + epic:3',
      '+ epic:4',
      'issue:11',
    ]);
    checkTreeInvariants(model);
  });

  it('moves into a collapsed epic that is not loaded, out of sight, with a new parent and no adjacent item', () => {
    const model = sampleTree();
    const result = applyMove(model, { key: 'issue:10', parentKey: 'epic:3', at: 0 });
    expect(result.ok && result.value.mutation).toEqual({
      id: I(10),
      adjacentReferenceId: I(30),
      relativePosition: 'after',
      newParentId: E(3),
    });
    const empty = applyMove(model, { key: 'issue:11', parentKey: 'epic:4', at: 0 });
    expect(empty.ok && empty.value.mutation).toEqual({
      id: I(11),
      relativePosition: 'before',
      newParentId: E(4),
    });
    expect(describeRows(model)).toEqual(['- epic:2', '  issue:20', '  + epic:3', '+ epic:4']);
    checkTreeInvariants(model);
  });

  it('keeps an item moved into an unloaded epic when that epic’s first page comes without it', () => {
    const model = sampleTree();
    applyMove(model, { key: 'issue:11', parentKey: 'epic:4', at: 0 });
    model.setExpanded('epic:4', true);
    page(model, 'epic:4', [makeIssueItem(40)]);
    expect(model.childKeys('epic:4')).toEqual(['issue:40', 'issue:11']);
  });

  it('carries an expanded epic’s visible subtree along', () => {
    const model = sampleTree();
    model.setExpanded('epic:3', true);
    applyMove(model, { key: 'epic:2', parentKey: 'epic:1', at: 4 });
    expect(describeRows(model)).toEqual([
      'issue:10',
      '+ epic:4',
      'issue:11',
      '- epic:2',
      '  issue:20',
      '  - epic:3',
      '    issue:30',
    ]);
    checkTreeInvariants(model);
  });

  it('moves an item out of a child list to the top level', () => {
    const model = sampleTree();
    const result = applyMove(model, { key: 'issue:20', parentKey: 'epic:1', at: 4 });
    expect(result.ok && result.value.mutation).toEqual({
      id: I(20),
      adjacentReferenceId: I(11),
      relativePosition: 'before',
      newParentId: E(1),
    });
    expect(describeRows(model)).toEqual([
      '- epic:2',
      '  + epic:3',
      'issue:10',
      '+ epic:4',
      'issue:11',
      'issue:20',
    ]);
  });

  it('undoes a move exactly, the target’s chevron flags included', () => {
    for (const move of [
      { key: 'issue:10', parentKey: 'epic:3', at: 0 },
      { key: 'issue:11', parentKey: 'epic:4', at: 0 },
      { key: 'epic:2', parentKey: 'epic:1', at: 4 },
      { key: 'issue:20', parentKey: 'epic:1', at: 0 },
      { key: 'epic:3', parentKey: 'epic:1', at: 2 },
    ] as const) {
      const model = sampleTree();
      const before = treeState(model);
      const result = applyMove(model, move);
      if (!result.ok) throw new Error(result.error);
      expect(treeState(model)).not.toEqual(before);
      undoMove(model, result.value.undo);
      expect(treeState(model)).toEqual(before);
      checkTreeInvariants(model);
    }
  });

  it('computes the mutation of a move without applying it', () => {
    const model = sampleTree();
    const before = treeState(model);
    expect(reorderMutationFor(model, { key: 'issue:10', parentKey: 'epic:2', at: 1 })).toEqual({
      ok: true,
      value: { id: I(10), adjacentReferenceId: E(3), relativePosition: 'after', newParentId: E(2) },
    });
    expect(treeState(model)).toEqual(before);
  });
});

describe('moves the tree refuses', () => {
  it.each<[string, TreeItemKey, TreeItemKey, number, string]>([
    ['an epic into itself', 'epic:2', 'epic:2', 0, 'intoItself'],
    ['an epic into its own descendant', 'epic:2', 'epic:3', 0, 'intoItself'],
    ['anything into an issue', 'issue:10', 'issue:11', 0, 'notAParent'],
    ['the root', 'epic:1', 'epic:2', 0, 'root'],
    ['an unknown item', 'epic:99', 'epic:1', 0, 'unknown'],
    ['into an unknown parent', 'issue:10', 'epic:99', 0, 'unknown'],
    ['a drop just before itself', 'issue:10', 'epic:1', 1, 'unchanged'],
    ['a drop just after itself', 'issue:10', 'epic:1', 2, 'unchanged'],
  ])('%s', (_name, key, parentKey, at, error) => {
    const model = sampleTree();
    const before = treeState(model);
    expect(applyMove(model, { key, parentKey, at })).toEqual({ ok: false, error });
    expect(treeState(model)).toEqual(before);
  });

  it('refuses an epic subtree that would pass seven levels, counting the root’s ancestors', () => {
    // Root at depth 5: epic 2 is at depth 6, epic 3 at depth 7. Epic 4 (height 1) fits under 2, not under 3.
    const model = sampleTree(5);
    expect(applyMove(model, { key: 'epic:4', parentKey: 'epic:2', at: 0 }).ok).toBe(true);
    expect(applyMove(model, { key: 'epic:4', parentKey: 'epic:3', at: 0 })).toEqual({
      ok: false,
      error: 'tooDeep',
    });
    // Issues do not count as levels.
    expect(applyMove(model, { key: 'issue:10', parentKey: 'epic:3', at: 0 }).ok).toBe(true);
  });
});

describe('the height of an epic subtree', () => {
  it('counts loaded child epics, and at least one level for child epics not loaded yet', () => {
    const model = sampleTree();
    expect(epicHeight(model, model.slotOf('epic:3'))).toBe(1);
    expect(epicHeight(model, model.slotOf('epic:2'))).toBe(2);
    expect(epicHeight(model, model.slotOf('issue:10'))).toBe(0);
    model.addItems('epic:1', [makeEpicItem(6, { hasChildren: true })]);
    expect(epicHeight(model, model.slotOf('epic:6'))).toBe(2);
    applyMove(model, { key: 'epic:6', parentKey: 'epic:3', at: 0 });
    expect(epicHeight(model, model.slotOf('epic:2'))).toBe(4);
  });
});

describe('moves and undos in any order', () => {
  const keys: TreeItemKey[] = ['epic:2', 'epic:3', 'epic:4', 'issue:10', 'issue:11', 'issue:20', 'issue:30'];
  const parents: TreeItemKey[] = ['epic:1', 'epic:2', 'epic:3', 'epic:4'];

  it('keep the rows consistent, and each undo restores the tree before its move', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            key: fc.constantFrom(...keys),
            parentKey: fc.constantFrom(...parents),
            at: fc.nat(5),
            expand: fc.constantFrom(...parents),
            undo: fc.boolean(),
          }),
          { maxLength: 25 },
        ),
        (steps) => {
          const model = sampleTree();
          for (const step of steps) {
            model.setExpanded(step.expand, !model.isExpanded(model.slotOf(step.expand)));
            const before = treeState(model);
            const result = applyMove(model, step);
            checkTreeInvariants(model);
            if (result.ok && step.undo) {
              undoMove(model, result.value.undo);
              expect(treeState(model)).toEqual(before);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
