import { describe, expect, it } from 'vitest';
import { KeyboardMove, type KeyboardMoveCommand } from './keyboardMove.ts';
import { checkTreeInvariants, describeRows, makeEpicItem, makeIssueItem, treeState } from './treeFixtures.ts';
import { NO_MORE_PAGES, type TreeItemInput, type TreeItemKey } from './treeItem.ts';
import { TreeModel } from './treeModel.ts';
import { undoMove } from './treeMoves.ts';

const E = (id: number) => `gid://gitlab/Epic/${id}`;
const I = (id: number) => `gid://gitlab/EpicIssue/${id}`;

function page(model: TreeModel, parent: TreeItemKey, items: TreeItemInput[]) {
  model.receivePage(parent, { items, pageInfo: NO_MORE_PAGES, append: false });
}

/**
 * Root 'Roadmap': epic 2 'Backend' (expanded: issue 20, issue 21), issue 10 'Login',
 * epic 4 'Frontend' (collapsed, not loaded, has issues), issue 11.
 */
function tree(rootDepth = 1): TreeModel {
  const model = new TreeModel();
  model.setRoot(makeEpicItem(1, { title: 'Roadmap' }), rootDepth);
  page(model, 'epic:1', [
    makeEpicItem(2, { title: 'Backend' }),
    makeIssueItem(10, { title: 'Login' }),
    makeEpicItem(4, { title: 'Frontend', hasIssues: true }),
    makeIssueItem(11),
  ]);
  model.setExpanded('epic:2', true);
  page(model, 'epic:2', [makeIssueItem(20), makeIssueItem(21)]);
  return model;
}

function play(model: TreeModel, key: TreeItemKey, commands: KeyboardMoveCommand[]) {
  const machine = new KeyboardMove(model);
  const steps = [machine.start(key), ...commands.map((command) => machine.command(command))];
  checkTreeInvariants(model);
  return { machine, steps, last: steps[steps.length - 1]! };
}

describe('grabbing a row', () => {
  it('announces how to move, drop and cancel', () => {
    const { last } = play(tree(), 'issue:10', []);
    expect(last).toEqual({
      phase: 'grabbed',
      announcement: 'Grabbed Login. Use arrow keys to move, Space to drop, Escape to cancel.',
      focusKey: 'issue:10',
      fetchChildren: [],
      commit: null,
    });
  });

  it('folds an expanded epic while it moves and unfolds it on drop', () => {
    const model = tree();
    const { machine } = play(model, 'epic:2', []);
    expect(describeRows(model)[0]).toBe('+ epic:2');
    machine.command('drop');
    expect(describeRows(model)[0]).toBe('- epic:2');
  });

  it('does nothing for the root or an unknown key', () => {
    expect(play(tree(), 'epic:1', []).last.phase).toBe('idle');
    expect(play(tree(), 'issue:99', ['down']).last).toMatchObject({ phase: 'idle', announcement: '' });
  });
});

describe('arrow keys while grabbed', () => {
  it('moves down one position among siblings and says where it is', () => {
    const model = tree();
    const { last } = play(model, 'issue:10', ['down']);
    expect(last.announcement).toBe('Login, position 3 of 4 in Roadmap');
    expect(model.childKeys('epic:1')).toEqual(['epic:2', 'epic:4', 'issue:10', 'issue:11']);
  });

  it('passes over a collapsed epic and enters an expanded one as its last child going up', () => {
    const model = tree();
    const { steps } = play(model, 'issue:11', ['up', 'up', 'up']);
    expect(steps.map((step) => step.announcement).slice(1)).toEqual([
      'Issue 1011, position 3 of 4 in Roadmap',
      'Issue 1011, position 2 of 4 in Roadmap',
      'Issue 1011, position 3 of 3 in Backend',
    ]);
    expect(describeRows(model)).toEqual([
      '- epic:2',
      '  issue:20',
      '  issue:21',
      '  issue:11',
      'issue:10',
      '+ epic:4',
    ]);
  });

  it('enters an expanded epic as its first child going down, and leaves its list past either end', () => {
    const model = tree();
    const machine = new KeyboardMove(model);
    model.setExpanded('epic:2', false);
    machine.start('issue:10');
    machine.command('up');
    model.setExpanded('epic:2', true);
    expect(model.childKeys('epic:1')).toEqual(['issue:10', 'epic:2', 'epic:4', 'issue:11']);
    expect(machine.command('down').announcement).toBe('Login, position 1 of 3 in Backend');
    expect(machine.command('up').announcement).toBe('Login, position 1 of 4 in Roadmap');
    machine.command('down');
    machine.command('down');
    machine.command('down');
    expect(machine.command('down').announcement).toBe('Login, position 2 of 4 in Roadmap');
    checkTreeInvariants(model);
  });

  it('stops at the ends of the top level', () => {
    expect(play(tree(), 'epic:2', ['up']).last.announcement).toBe(
      'Backend cannot move further in that direction.',
    );
    expect(play(tree(), 'issue:11', ['down']).last.announcement).toBe(
      'Issue 1011 cannot move further in that direction.',
    );
    expect(play(tree(), 'issue:10', ['out']).last.announcement).toBe(
      'Login cannot move further in that direction.',
    );
  });

  it('moves into the previous sibling epic with →, expanding it and asking for its children', () => {
    const model = tree();
    const { last } = play(model, 'issue:11', ['in']);
    expect(last).toMatchObject({
      announcement: 'Issue 1011, position 1 of 1 in Frontend',
      fetchChildren: ['epic:4'],
    });
    expect(describeRows(model).slice(-3)).toEqual(['- epic:4', '  issue:11', '  [loading epic:4]']);
    page(model, 'epic:4', [makeIssueItem(40)]);
    expect(model.childKeys('epic:4')).toEqual(['issue:40', 'issue:11']);
  });

  it('says the real position once the children of the epic it entered have arrived', () => {
    const model = tree();
    const { machine } = play(model, 'issue:11', ['in']);
    page(model, 'epic:4', [makeIssueItem(40), makeIssueItem(41)]);
    expect(machine.locate()).toMatchObject({
      phase: 'grabbed',
      announcement: 'Issue 1011, position 3 of 3 in Frontend',
      focusKey: 'issue:11',
      commit: null,
    });
    machine.command('cancel');
    expect(machine.locate()).toMatchObject({ phase: 'idle', announcement: '' });
  });

  it('refuses → below an issue, and an epic that would pass seven levels', () => {
    expect(play(tree(), 'epic:4', ['in']).last.announcement).toBe(
      'Frontend cannot go into the item above it.',
    );
    expect(play(tree(), 'epic:2', ['in']).last.announcement).toBe(
      'Backend cannot go into the item above it.',
    );
    const deep = tree(6);
    deep.addItems('epic:1', [makeEpicItem(7, { title: 'Ops' })]);
    expect(play(deep, 'epic:2', ['in']).last.announcement).toBe(
      'Backend cannot go there: epics can be nested at most 7 levels deep.',
    );
  });

  it('moves out after its parent with ←', () => {
    const model = tree();
    const { last } = play(model, 'issue:20', ['out']);
    expect(last.announcement).toBe('Issue 1020, position 2 of 5 in Roadmap');
    expect(model.childKeys('epic:1')).toEqual(['epic:2', 'issue:20', 'issue:10', 'epic:4', 'issue:11']);
  });
});

describe('dropping and cancelling', () => {
  it('drops with one reorder input from where the item was grabbed', () => {
    const model = tree();
    const { last } = play(model, 'issue:10', ['down', 'down', 'drop']);
    expect(last).toMatchObject({
      phase: 'idle',
      announcement: 'Dropped Login, position 4 of 4 in Roadmap.',
      focusKey: 'issue:10',
      commit: { mutation: { id: I(10), adjacentReferenceId: I(11), relativePosition: 'before' } },
    });
  });

  it('sends the new parent for a drop in another list', () => {
    const { last } = play(tree(), 'issue:11', ['up', 'up', 'up', 'up', 'drop']);
    expect(last.commit?.mutation).toEqual({
      id: I(11),
      adjacentReferenceId: I(21),
      relativePosition: 'after',
      newParentId: E(2),
    });
  });

  it('drops without a mutation where it was grabbed', () => {
    const { last } = play(tree(), 'issue:10', ['down', 'up', 'drop']);
    expect(last).toMatchObject({ announcement: 'Dropped Login. Its position is unchanged.', commit: null });
  });

  it('puts everything back on Escape: position, expansions, folds and chevrons', () => {
    const model = tree();
    const before = treeState(model);
    const { last } = play(model, 'epic:2', ['down', 'down', 'in', 'up', 'cancel']);
    expect(last).toMatchObject({ phase: 'idle', announcement: 'Move cancelled.', focusKey: 'epic:2' });
    expect(treeState(model)).toEqual(before);
    checkTreeInvariants(model);
  });

  it('gives an undo token that puts the item back if the server refuses the drop', () => {
    const model = tree();
    const before = treeState(model).children;
    const { last } = play(model, 'issue:20', ['out', 'down', 'down', 'drop']);
    undoMove(model, last.commit!.undo);
    expect(treeState(model).children).toEqual(before);
  });

  it('ends the gesture when the item leaves the tree meanwhile', () => {
    const model = tree();
    const machine = new KeyboardMove(model);
    machine.start('issue:10');
    model.removeItem('issue:10');
    expect(machine.command('down')).toMatchObject({ phase: 'idle', announcement: 'Move cancelled.' });
    expect(machine.grabbedKey).toBeNull();
    expect(machine.command('drop')).toMatchObject({ phase: 'idle', announcement: '' });
  });
});
