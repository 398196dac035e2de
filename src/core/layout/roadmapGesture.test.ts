import { describe, expect, it } from 'vitest';
import {
  CLICK_SLOP,
  pinchZoomLevels,
  ROADMAP_GESTURE_IDLE,
  type RoadmapGestureCommand,
  type RoadmapGestureContext,
  type RoadmapGestureInput,
  type RoadmapGestureState,
  roadmapGestureStep,
} from './roadmapGesture.ts';

/** A narrow details column, so nothing here leans on the desktop's 320 px. */
const DETAILS = 200;
const HEADER = 60;
/** One bar, "epic", spans x 400–600 on the row at y 100–150; everything else is empty timeline. */
const context: RoadmapGestureContext<string> = {
  detailsWidth: DETAILS,
  headerHeight: HEADER,
  targetAt: (x, y) => (x >= 400 && x < 600 && y >= 100 && y < 150 ? 'epic' : null),
  // The viewer may not reschedule it: presses on it pan and click as they always did.
  grabAt: () => null,
};

const down = (
  x: number,
  y: number,
  more: Partial<Extract<RoadmapGestureInput, { type: 'down' }>> = {},
): RoadmapGestureInput => ({
  type: 'down',
  pointerId: 1,
  pointerType: 'mouse',
  button: 0,
  x,
  y,
  onControl: false,
  time: 0,
  ...more,
});
const move = (x: number, y: number, pointerId = 1, time = 0): RoadmapGestureInput => ({
  type: 'move',
  pointerId,
  x,
  y,
  time,
});
const up = (pointerId = 1, ctrlKey = false, metaKey = false): RoadmapGestureInput => ({
  type: 'up',
  pointerId,
  ctrlKey,
  metaKey,
});
const cancel = (pointerId = 1): RoadmapGestureInput => ({ type: 'cancel', pointerId });
const finger = (pointerId: number, x: number, y: number) => down(x, y, { pointerId, pointerType: 'touch' });

function run(
  inputs: RoadmapGestureInput[],
  from: RoadmapGestureState<string> = ROADMAP_GESTURE_IDLE,
  within: RoadmapGestureContext<string> = context,
) {
  let state = from;
  const commands: RoadmapGestureCommand<string>[] = [];
  for (const input of inputs) {
    const step = roadmapGestureStep(state, input, within);
    state = step.state;
    commands.push(...step.commands);
  }
  return { state, commands };
}
const kinds = (commands: readonly RoadmapGestureCommand<string>[]) => commands.map((command) => command.kind);

describe('a click on the roadmap timeline', () => {
  it('opens the epic under the press when released within the click slop', () => {
    const { state, commands } = run([down(450, 120), move(452, 122), up()]);
    expect(state.phase).toBe('idle');
    expect(commands).toEqual([{ kind: 'open', target: 'epic', newTab: false }]);
  });

  it('opens in a new tab with ctrl or meta held at release', () => {
    expect(run([down(450, 120), up(1, true)]).commands).toEqual([
      { kind: 'open', target: 'epic', newTab: true },
    ]);
    expect(run([down(450, 120), up(1, false, true)]).commands).toEqual([
      { kind: 'open', target: 'epic', newTab: true },
    ]);
  });

  it('opens what was under the press, not what is under the release', () => {
    expect(run([down(450, 120), move(450, 123), up()]).commands).toContainEqual({
      kind: 'open',
      target: 'epic',
      newTab: false,
    });
    expect(run([down(398, 120), move(401, 120), up()]).commands).toEqual([]);
  });

  it('opens nothing when the press was on empty timeline', () => {
    expect(run([down(300, 120), up()])).toEqual({ state: ROADMAP_GESTURE_IDLE, commands: [] });
  });
});

describe('panning the roadmap timeline', () => {
  it('starts once the press moves the click slop, capturing the pointer and panning by the whole way', () => {
    const below = run([down(450, 120), move(450 + CLICK_SLOP - 1, 120)]);
    expect(below).toMatchObject({ state: { phase: 'pressed' }, commands: [] });
    const { state, commands } = run([move(450 + CLICK_SLOP, 120)], below.state);
    expect(state.phase).toBe('panning');
    expect(commands).toEqual([
      { kind: 'panStart' },
      { kind: 'capture', pointerId: 1 },
      { kind: 'clearHover' },
      { kind: 'pan', dx: CLICK_SLOP, dy: 0 },
    ]);
  });

  it('pans by the pointer delta of every move, and opens nothing at release', () => {
    const panning = run([down(450, 120), move(460, 130)]).state;
    const { state, commands } = run([move(470, 125), move(440, 125), up()], panning);
    expect(commands).toEqual([
      { kind: 'pan', dx: 10, dy: -5 },
      { kind: 'pan', dx: -30, dy: 0 },
      { kind: 'panEnd' },
      { kind: 'release', pointerId: 1 },
    ]);
    expect(state).toEqual(ROADMAP_GESTURE_IDLE);
  });

  it('clears the hover when it starts and hovers nothing until it ends', () => {
    const hovered = run([move(450, 120)]);
    expect(hovered.commands).toEqual([{ kind: 'hover', target: 'epic' }]);
    const { commands } = run([down(450, 120), move(300, 120), move(450, 120), move(500, 130)], hovered.state);
    expect(kinds(commands)).toEqual(['panStart', 'capture', 'clearHover', 'pan', 'pan', 'pan']);
    // Once it has ended, the pointer hovers again.
    const after = run([up(), move(450, 120)], run([down(450, 120), move(300, 120)]).state);
    expect(after.commands.at(-1)).toEqual({ kind: 'hover', target: 'epic' });
  });

  it('ignores the moves and releases of other pointers', () => {
    const panning = run([down(450, 120), move(460, 120)]).state;
    expect(run([move(500, 500, 2), up(2), cancel(2)], panning)).toEqual({ state: panning, commands: [] });
    const pressed = run([down(450, 120)]).state;
    expect(run([move(500, 500, 2), up(2)], pressed)).toEqual({ state: pressed, commands: [] });
  });

  it('gives way to a new press when its release was never seen', () => {
    const panning = run([down(450, 120), move(460, 120)]).state;
    const { state, commands } = run([down(300, 200, { pointerId: 3 })], panning);
    expect(state).toMatchObject({ phase: 'pressed', pointerId: 3, originX: 300 });
    expect(commands).toEqual([{ kind: 'panEnd' }, { kind: 'release', pointerId: 1 }]);
  });
});

describe('hovering the roadmap', () => {
  it('reports what is under the pointer at every move while idle', () => {
    expect(run([move(450, 120), move(300, 120), move(100, 120)]).commands).toEqual([
      { kind: 'hover', target: 'epic' },
      { kind: 'hover', target: null },
      { kind: 'hover', target: null },
    ]);
  });

  it('leaves a press within the slop alone, and clears at once when the pointer leaves', () => {
    expect(run([down(450, 120), move(451, 120)]).commands).toEqual([]);
    expect(run([move(450, 120), { type: 'leave' }]).commands.at(-1)).toEqual({ kind: 'clearHover' });
  });
});

describe('presses that start nothing', () => {
  it.each([
    ['a right button', down(450, 120, { button: 2 })],
    ['a middle button', down(450, 120, { button: 1 })],
    ['the details column', down(DETAILS - 1, 120)],
    ['the time header', down(450, HEADER - 1)],
    ['a control', down(450, 120, { onControl: true })],
  ])('ignores a press with %s: no pan, no click', (_, press) => {
    const { state, commands } = run([press, move(450, 120), up()]);
    expect(state).toEqual(ROADMAP_GESTURE_IDLE);
    expect(kinds(commands)).toEqual(['hover']);
  });

  it('starts a press right at the edge of the details column and the header', () => {
    expect(run([down(DETAILS, HEADER)]).state.phase).toBe('pressed');
  });
});

describe('pointercancel', () => {
  it('ends a press without a click', () => {
    expect(run([down(450, 120), cancel()])).toEqual({ state: ROADMAP_GESTURE_IDLE, commands: [] });
  });

  it('ends a pan, its cursor and its capture', () => {
    const panning = run([down(450, 120), move(460, 120)]).state;
    expect(run([cancel()], panning)).toEqual({
      state: ROADMAP_GESTURE_IDLE,
      commands: [{ kind: 'panEnd' }, { kind: 'release', pointerId: 1 }],
    });
  });

  it('ends a pinch without a click', () => {
    const pinching = run([finger(1, 450, 120), finger(2, 550, 120)]).state;
    const { state, commands } = run([cancel(2), move(460, 130, 1), up(1)], pinching);
    expect(state).toEqual(ROADMAP_GESTURE_IDLE);
    expect(kinds(commands)).toEqual(['release', 'release', 'hover']);
  });
});

describe('pinching with two touch fingers', () => {
  it('turns a press into a pinch, capturing the second finger', () => {
    const { state, commands } = run([finger(1, 450, 120), finger(2, 550, 120)]);
    expect(state).toMatchObject({ phase: 'pinching', pair: [1, 2], distance: 100 });
    expect(commands).toEqual([{ kind: 'capture', pointerId: 2 }]);
  });

  it('turns a pan into a pinch, ending the pan', () => {
    const panning = run([finger(1, 450, 120), move(470, 120)]).state;
    expect(panning.phase).toBe('panning');
    const { state, commands } = run([finger(2, 570, 120)], panning);
    expect(state.phase).toBe('pinching');
    expect(commands).toEqual([{ kind: 'panEnd' }, { kind: 'capture', pointerId: 2 }]);
  });

  it('zooms by log2 of the distance ratio about the midpoint, in timeline px', () => {
    const pinching = run([finger(1, 400, 120), finger(2, 500, 120)]).state;
    const { commands } = run([move(550, 120, 2), move(250, 120, 1)], pinching);
    expect(commands).toEqual([
      { kind: 'zoom', levels: 0.5849625007211562, anchorX: 475 - DETAILS },
      { kind: 'zoom', levels: 1, anchorX: 400 - DETAILS },
    ]);
  });

  it('anchors at the timeline start when the midpoint lies over the details column', () => {
    const pinching = run([finger(1, 20, 120), finger(2, 120, 120)]).state;
    expect(run([move(220, 120, 2)], pinching).commands).toEqual([{ kind: 'zoom', levels: 1, anchorX: 0 }]);
  });

  it('counts fingers that went down where no press starts', () => {
    const { state } = run([
      finger(1, 100, 120),
      down(450, 30, { pointerId: 2, pointerType: 'touch', onControl: true }),
    ]);
    expect(state.phase).toBe('pinching');
  });

  it('ends when one finger lifts, opening nothing, and the other finger then hovers', () => {
    const pinching = run([finger(1, 450, 120), finger(2, 550, 120)]).state;
    const { state, commands } = run([up(1), move(450, 120, 2), up(2)], pinching);
    expect(state).toEqual(ROADMAP_GESTURE_IDLE);
    expect(commands).toEqual([
      { kind: 'release', pointerId: 1 },
      { kind: 'release', pointerId: 2 },
      { kind: 'hover', target: 'epic' },
    ]);
  });

  it('ignores a third finger, and pinches again when a finger joins the one left', () => {
    const pinching = run([finger(1, 400, 120), finger(2, 500, 120)]).state;
    const third = run([finger(3, 700, 120), move(800, 120, 3)], pinching);
    expect(third).toEqual({ state: { ...pinching, fingers: expect.any(Array) }, commands: [] });
    const again = run([up(1), up(3), finger(4, 300, 120)], third.state);
    expect(again.state).toMatchObject({ phase: 'pinching', pair: [2, 4], distance: 200 });
  });

  it('does not pinch with a mouse and a finger', () => {
    const { state } = run([down(450, 120), finger(2, 550, 120)]);
    expect(state).toMatchObject({ phase: 'pressed', pointerId: 2 });
  });
});

describe('pinch zoom levels', () => {
  it('zooms in a level when the fingers move twice as far apart, out when they close, not at all on nonsense', () => {
    expect(pinchZoomLevels(100, 200)).toBe(1);
    expect(pinchZoomLevels(200, 100)).toBe(-1);
    expect(pinchZoomLevels(150, 150)).toBe(0);
    expect(pinchZoomLevels(0, 100)).toBe(0);
  });
});

describe('dragging a bar the viewer may reschedule', () => {
  /** The same bar, now with 6 px grips at its ends. */
  const draggable: RoadmapGestureContext<string> = {
    ...context,
    grabAt: (x, y) => {
      if (context.targetAt(x, y) === null) return null;
      return x < 406 ? 'start' : x >= 594 ? 'end' : 'move';
    },
  };
  const drag = (inputs: RoadmapGestureInput[]) => run(inputs, ROADMAP_GESTURE_IDLE, draggable);

  it('moves the body past the slop, follows the pointer, and drops on release', () => {
    const { state, commands } = drag([down(500, 120), move(502, 120), move(510, 121), move(530, 140), up()]);
    expect(state.phase).toBe('idle');
    expect(commands).toEqual([
      { kind: 'capture', pointerId: 1 },
      { kind: 'clearHover' },
      { kind: 'dragStart', target: 'epic', edge: 'move' },
      { kind: 'drag', dx: 10 },
      { kind: 'drag', dx: 30 },
      { kind: 'dragEnd', commit: true },
      { kind: 'release', pointerId: 1 },
    ]);
  });

  it('resizes from the edge it pressed', () => {
    const { commands } = drag([down(597, 120), move(580, 120), up()]);
    expect(commands).toContainEqual({ kind: 'dragStart', target: 'epic', edge: 'end' });
    expect(commands).toContainEqual({ kind: 'drag', dx: -17 });
  });

  it('abandons the drag on Escape or a cancelled pointer, and the release after it opens nothing', () => {
    const escaped = drag([down(500, 120), move(520, 120), { type: 'escape' }, move(540, 120), up()]);
    expect(escaped.commands.slice(-3)).toEqual([
      { kind: 'dragEnd', commit: false },
      { kind: 'release', pointerId: 1 },
      { kind: 'hover', target: 'epic' },
    ]);
    expect(escaped.commands.some((command) => command.kind === 'open')).toBe(false);
    const cancelled = drag([down(500, 120), move(520, 120), cancel()]);
    expect(cancelled.commands.slice(-2)).toEqual([
      { kind: 'dragEnd', commit: false },
      { kind: 'release', pointerId: 1 },
    ]);
  });

  it('still opens the epic on a click without movement', () => {
    expect(drag([down(500, 120), up()]).commands).toEqual([{ kind: 'open', target: 'epic', newTab: false }]);
  });

  it('pans with a quick touch swipe and drags only after the finger rested 100 ms', () => {
    const swipe = drag([finger(1, 500, 120), move(530, 120, 1, 40)]);
    expect(swipe.state.phase).toBe('panning');
    const held = drag([finger(1, 500, 120), move(530, 120, 1, 100)]);
    expect(held.state.phase).toBe('dragging');
    expect(held.commands).toContainEqual({ kind: 'dragStart', target: 'epic', edge: 'move' });
  });

  it('gives up the drag when a second finger starts a pinch', () => {
    const { state, commands } = drag([finger(1, 500, 120), move(530, 120, 1, 150), finger(2, 700, 300)]);
    expect(state.phase).toBe('pinching');
    expect(commands).toContainEqual({ kind: 'dragEnd', commit: false });
  });

  it('pans from empty timeline even where drags are allowed', () => {
    expect(drag([down(300, 300), move(320, 300)]).state.phase).toBe('panning');
  });
});
