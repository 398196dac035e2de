import { describe, expect, it } from 'vitest';
import { DRAG_IDLE, type DragInput, type DragState, dragHoldsPointer, dragStep } from './dragGesture.ts';
import type { TreeDropTarget } from './dropTarget.ts';
import { DRAG_THRESHOLD, TOUCH_DRAG_DELAY, TOUCH_HOLD_SLOP } from './treeConstants.ts';

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
  touch: false,
  at: 1000,
  enabled: true,
};
const touchPress: DragInput = { ...press, touch: true };
const move = (
  x: number,
  y: number,
  to: TreeDropTarget | null = target,
  pointerId = 1,
  at = 1010,
): DragInput => ({
  type: 'move',
  pointerId,
  x,
  y,
  at,
  target: to,
});
/** A move at `at` ms on the clock (touch timing). */
const moveAt = (at: number, x: number, y: number) => move(x, y, target, 1, at);

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

  it("cancels on its own pointer's lost capture, not on another pointer's", () => {
    const dragging = run([press, move(100, 130)]).state;
    expect(run([{ type: 'cancel', pointerId: 2 }], dragging).state).toBe(dragging);
    expect(run([{ type: 'cancel', pointerId: 1 }], dragging)).toEqual({
      state: DRAG_IDLE,
      effects: ['cancel'],
    });
    const pointing = run([press]).state;
    expect(run([{ type: 'cancel', pointerId: 2 }], pointing).state).toBe(pointing);
  });

  it('lets a new press replace one whose release was never seen', () => {
    const { state } = run([press, { ...press, key: 'epic:9', pointerId: 3, x: 10, y: 20 }]);
    expect(state).toMatchObject({ phase: 'pointing', key: 'epic:9', pointerId: 3, originX: 10 });
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

describe('a touch press', () => {
  it('waits the touch delay before it may drag, then drags once past the threshold', () => {
    const early = run([touchPress, moveAt(1000 + TOUCH_DRAG_DELAY - 1, 100, 100 + TOUCH_HOLD_SLOP)]);
    expect(early.state.phase).toBe('pointing');
    const held = run([moveAt(1000 + TOUCH_DRAG_DELAY, 100, 102)], early.state);
    expect(held.state.phase).toBe('pointing');
    const dragged = run([moveAt(1000 + TOUCH_DRAG_DELAY + 20, 100, 100 + DRAG_THRESHOLD)], held.state);
    expect(dragged).toMatchObject({ state: { phase: 'dragging' }, effects: ['start'] });
  });

  it('is a scroll, and forgotten, when it moves past the slop before the delay', () => {
    const { state, effects } = run([touchPress, moveAt(1050, 100, 100 + TOUCH_HOLD_SLOP + 1)]);
    expect(state).toEqual(DRAG_IDLE);
    expect(effects).toEqual([]);
    // Coming back still is no drag: the press is gone.
    expect(run([moveAt(1200, 100, 140)], state).state).toEqual(DRAG_IDLE);
  });

  it('holds its pointer (no native scroll) once held long enough, and while dragging', () => {
    const pointing = run([touchPress]).state;
    expect(dragHoldsPointer(pointing, 1000 + TOUCH_DRAG_DELAY - 1)).toBe(false);
    expect(dragHoldsPointer(pointing, 1000 + TOUCH_DRAG_DELAY)).toBe(true);
    const dragging = run([moveAt(1000 + TOUCH_DRAG_DELAY, 100, 120)], pointing).state;
    expect(dragHoldsPointer(dragging, 0)).toBe(true);
    expect(dragHoldsPointer(run([press]).state, 5000)).toBe(false);
    expect(dragHoldsPointer(DRAG_IDLE, 5000)).toBe(false);
  });

  it('leaves a mouse press without any wait', () => {
    expect(run([press, moveAt(1000, 100, 100 + DRAG_THRESHOLD)]).effects).toEqual(['start']);
  });
});
