import { describe, expect, it, vi } from 'vitest';
import type { KeyboardMoveStep } from '../../../core/layout/tree/keyboardMove.ts';
import type { TreeItemKey } from '../../../core/layout/tree/treeItem.ts';
import type { MoveUndo } from '../../../core/layout/tree/treeMoves.ts';
import type { EpicTreeNodeFieldsInput } from '../../../core/layout/tree/treeReorder.ts';
import type { TreeKeyboardInput } from '../../bridge/treeLayoutClient.ts';
import { type KeyboardMoveView, keyboardMoveCommand, TreeKeyboardMove } from './treeKeyboardMove.ts';

const step = (fields: Partial<KeyboardMoveStep>): KeyboardMoveStep => ({
  phase: 'grabbed',
  announcement: '',
  focusKey: null,
  fetchChildren: [],
  commit: null,
  ...fields,
});

/** A fake worker that answers each input with the next scripted step, when told to. */
function harness(...steps: KeyboardMoveStep[]) {
  const inputs: TreeKeyboardInput[] = [];
  const answers: (() => void)[] = [];
  let view: KeyboardMoveView = { grabbedKey: null, focusKey: 'issue:10', announcement: '' };
  const loaded: TreeItemKey[] = [];
  const sent: EpicTreeNodeFieldsInput[] = [];
  const move = new TreeKeyboardMove({
    send: (input) => {
      inputs.push(input);
      const next = steps.shift();
      return new Promise((resolve) => {
        answers.push(() => resolve(next && { step: next, focusRow: 3 }));
      });
    },
    view: () => view,
    show: (patch) => {
      view = { ...view, ...patch };
    },
    loadChildren: (key) => {
      loaded.push(key);
      return Promise.resolve();
    },
    sendMove: async (mutation) => {
      sent.push(mutation);
    },
  });
  const answerNext = () => answers.shift()?.();
  return { move, inputs, loaded, sent, answerNext, view: () => view };
}

const undo: MoveUndo = {
  key: 'issue:10',
  parentKey: 'epic:1',
  index: 0,
  toParentKey: 'epic:2',
  toParentFlags: 0,
  wasLocal: true,
};

describe('a keyboard move', () => {
  it('takes the keys from the Space that grabs, before the worker answers, then shows the grab', async () => {
    const { move, answerNext, view } = harness(step({ announcement: 'Picked up Issue 10' }));
    const grabbing = move.grab('issue:10');
    expect(move.grabbing).toBe(true);
    answerNext();
    await grabbing;
    expect(view()).toMatchObject({ grabbedKey: 'issue:10', announcement: 'Picked up Issue 10' });
  });

  it('gives the keys back when the worker does not grab', async () => {
    const { move, answerNext, view } = harness(step({ phase: 'idle' }));
    const grabbing = move.grab('issue:10');
    answerNext();
    await grabbing;
    expect(move.grabbing).toBe(false);
    expect(view().grabbedKey).toBeNull();
  });

  it('gives the keys back at the drop, and sends the move the worker committed', async () => {
    const mutation: EpicTreeNodeFieldsInput = {
      id: 'gid://gitlab/EpicIssue/10',
      newParentId: 'gid://gitlab/Epic/2',
    };
    const { move, answerNext, sent, view } = harness(
      step({}),
      step({ phase: 'idle', announcement: 'Dropped', focusKey: 'issue:10', commit: { mutation, undo } }),
    );
    const grabbing = move.grab('issue:10');
    answerNext();
    await grabbing;
    const dropping = move.step('drop');
    expect(move.grabbing).toBe(false);
    answerNext();
    expect(await dropping).toBe(3);
    expect(sent).toEqual([mutation]);
    expect(view()).toMatchObject({ grabbedKey: null, focusKey: 'issue:10', announcement: 'Dropped' });
  });

  it('loads the children of an epic the item entered, then says where the item really is', async () => {
    const { move, answerNext, inputs, loaded, view } = harness(
      step({}),
      step({ announcement: 'Position 1 of 1', fetchChildren: ['epic:2'] }),
      step({ announcement: 'Position 3 of 3' }),
    );
    const grabbing = move.grab('issue:10');
    answerNext();
    await grabbing;
    const entering = move.step('in');
    answerNext();
    await entering;
    expect(loaded).toEqual(['epic:2']);
    await vi.waitFor(() => expect(inputs.at(-1)).toEqual({ type: 'locate' }));
    expect(view().announcement).toBe('Position 1 of 1');
    answerNext();
    await vi.waitFor(() => expect(view().announcement).toBe('Position 3 of 3'));
  });
});

describe('keyboardMoveCommand', () => {
  it('maps arrows to moves, Space and Enter to the drop, Escape to the cancel, and nothing else', () => {
    expect(
      ['ArrowUp', 'ArrowDown', 'ArrowRight', 'ArrowLeft', ' ', 'Enter', 'Escape'].map(keyboardMoveCommand),
    ).toEqual(['up', 'down', 'in', 'out', 'drop', 'drop', 'cancel']);
    expect(keyboardMoveCommand('Delete')).toBeNull();
    expect(keyboardMoveCommand('a')).toBeNull();
  });
});
