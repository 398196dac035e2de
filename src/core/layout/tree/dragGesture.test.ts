import { describe, expect, it } from 'vitest';
import { DRAG_IDLE, type DragInput, type DragState, dragStep } from './dragGesture.ts';
import type { TreeDropTarget } from './dropTarget.ts';
import { DRAG_THRESHOLD } from './treeConstants.ts';

const target: TreeDropTarget = {
  parentKey: 'epic:1',
  at: 0,
  position: 'before',
  indicator: { kind: 'line', y: 0, level: 1 },
};
const press: DragInput = {
  type: 'press',
  key: 'issue:5',
  pointerId: 1,
  x: 100,
  y: 100,
  button: 0,
  enabled: true,
};
const move = (x: number, y: number, to: TreeDropTarget | null = target, pointerId = 1): DragInput => ({
  type: 'move',
  pointerId,
  x,
  y,
  target: to,
});

function run(inputs: DragInput[], from: DragState = DRAG_IDLE) {
  let state = from;
  const effects: string[] = [];
  for (const input of inputs) {
    const next = dragStep(state, input);
    state = next.state;
    if (next.effect.type !== 'none') effects.push(next.effect.type);
  }
  return { state, effects };
}

describe('the tree drag gesture', () => {
  it('goes idle → pointing → dragging → committing → idle on a drop over a target', () => {
    const steps = [press, move(100, 100 + DRAG_THRESHOLD), { type: 'release', pointerId: 1 } as const];
    const { state, effects } = run(steps);
    expect(state).toEqual({ phase: 'committing', key: 'issue:5', target });
    expect(effects).toEqual(['start', 'commit']);
    expect(run([{ type: 'settled' }], state).state).toEqual(DRAG_IDLE);
  });

  it('stays a press until the pointer passes the threshold, and a release then is a plain click', () => {
    const { state, effects } = run([press, move(102, 102)]);
    expect(state.phase).toBe('pointing');
    expect(run([{ type: 'release', pointerId: 1 }], state)).toEqual({ state: DRAG_IDLE, effects: [] });
    expect(effects).toEqual([]);
  });

  it('tracks the newest target while dragging and cancels a drop where there is none', () => {
    const dragging = run([press, move(100, 120), move(100, 140, null)]).state;
    expect(dragging).toMatchObject({ phase: 'dragging', y: 140, target: null });
    expect(run([{ type: 'release', pointerId: 1 }], dragging).effects).toEqual(['cancel']);
  });

  it('cancels on Escape or pointercancel, while pressing or dragging', () => {
    expect(run([press, { type: 'cancel' }])).toEqual({ state: DRAG_IDLE, effects: [] });
    expect(run([press, move(100, 130), { type: 'cancel' }])).toEqual({
      state: DRAG_IDLE,
      effects: ['start', 'cancel'],
    });
  });

  it('ignores other pointers, other buttons, anonymous users, and input while committing', () => {
    expect(run([{ ...press, button: 2 }]).state).toEqual(DRAG_IDLE);
    expect(run([{ ...press, enabled: false }]).state).toEqual(DRAG_IDLE);
    expect(run([press, move(100, 200, target, 2)]).state.phase).toBe('pointing');
    const dragging = run([press, move(100, 130)]).state;
    expect(run([{ type: 'release', pointerId: 2 }], dragging).state).toBe(dragging);
    const committing: DragState = { phase: 'committing', key: 'issue:5', target };
    expect(run([press, move(0, 0), { type: 'cancel' }], committing).state).toBe(committing);
  });
});
