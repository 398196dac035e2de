/**
 * Pan, pinch, hover, click and drag-to-reschedule on the roadmap timeline as an explicit machine
 * (STYLE.md principle 10): idle → pressed (a primary press on the timeline) → panning (moved
 * CLICK_SLOP px or more) → idle; a press on a bar the viewer may change moves into dragging instead
 * (on touch only once the finger has rested TOUCH_DRAG_DELAY_MS, so a quick swipe still pans); a
 * second touch finger turns any of them into pinching, and lifting either finger of the pinch goes
 * back to idle. Released while still pressed, a press is a click and opens what was under it;
 * released while dragging, the drag is dropped; Escape or a cancelled pointer abandons it. It reads
 * no DOM and renders nothing: the caller feeds pointer events in viewport-local px, hit-tests through
 * `targetAt` and `grabAt`, and carries out the returned commands. Wheel input is not a gesture (each
 * event stands alone) and stays with the caller.
 */
import type { RescheduleEdge } from './reschedule.ts';

/** Pixels a press may move and still count as a click, not a pan. */
export const CLICK_SLOP = 4;

/** Spec: "Drag and drop waits 100 ms on touch devices." */
export const TOUCH_DRAG_DELAY_MS = 100;

/** What the machine needs to know about the view; read afresh at each step. */
export interface RoadmapGestureContext<T> {
  /** Width of the details column at the left, px; presses there start nothing. */
  readonly detailsWidth: number;
  /** Height of the time header at the top, px; presses there start nothing. */
  readonly headerHeight: number;
  /** What is under viewport-local (x, y), if anything. */
  targetAt(x: number, y: number): T | null;
  /** The part of a bar the viewer may reschedule under (x, y): its body or an edge; null for none. */
  grabAt(x: number, y: number): RescheduleEdge | null;
}

export type RoadmapGestureInput =
  /**
   * A pointer went down. `onControl` is true on a link, button or other control that handles the
   * press itself: such a press neither pans nor clicks, yet a touch finger there still counts for a
   * pinch.
   */
  | {
      readonly type: 'down';
      readonly pointerId: number;
      readonly pointerType: string;
      readonly button: number;
      readonly x: number;
      readonly y: number;
      readonly onControl: boolean;
      /** ms (the event's timeStamp): how long a touch rested before it moved. */
      readonly time: number;
    }
  | {
      readonly type: 'move';
      readonly pointerId: number;
      readonly x: number;
      readonly y: number;
      readonly time: number;
    }
  /** A pointer went up; ctrl or meta held then opens the click's target in a new tab. */
  | {
      readonly type: 'up';
      readonly pointerId: number;
      readonly ctrlKey: boolean;
      readonly metaKey: boolean;
    }
  /** The browser took the pointer over (pointercancel): whatever it did ends, and nothing opens. */
  | { readonly type: 'cancel'; readonly pointerId: number }
  /** The pointer left the viewport. */
  | { readonly type: 'leave' }
  /** Escape was pressed: a drag in progress is abandoned. */
  | { readonly type: 'escape' };

export type RoadmapGestureCommand<T> =
  /** The pointer rests over `target` (or nothing): highlight its row; show its popover after a delay. */
  | { readonly kind: 'hover'; readonly target: T | null }
  /** Nothing is hovered any more, at once: no highlighted row, no popover. */
  | { readonly kind: 'clearHover' }
  /** A pan began: show the grabbing cursor. */
  | { readonly kind: 'panStart' }
  /** The pointer moved by (dx, dy) px while panning; the content follows it, so scroll by (-dx, -dy). */
  | { readonly kind: 'pan'; readonly dx: number; readonly dy: number }
  | { readonly kind: 'panEnd' }
  /** Zoom by `levels` (log2 px per day), keeping the instant `anchorX` px into the timeline still. */
  | { readonly kind: 'zoom'; readonly levels: number; readonly anchorX: number }
  | { readonly kind: 'open'; readonly target: T; readonly newTab: boolean }
  /** A drag of `target`'s `edge` began: show its ghost. */
  | { readonly kind: 'dragStart'; readonly target: T; readonly edge: RescheduleEdge }
  /** The dragging pointer is `dx` px right of where it pressed (negative: left). */
  | { readonly kind: 'drag'; readonly dx: number }
  /** The drag ended: dropped (`commit`), or abandoned. */
  | { readonly kind: 'dragEnd'; readonly commit: boolean }
  /** Route this pointer's later events to the viewport even when it strays outside. */
  | { readonly kind: 'capture'; readonly pointerId: number }
  /** Undo a capture, if the pointer still has one. */
  | { readonly kind: 'release'; readonly pointerId: number };

/** A touch finger that is down, at viewport-local px. */
export interface Finger {
  readonly pointerId: number;
  readonly x: number;
  readonly y: number;
}

/**
 * Every phase keeps the touch fingers that are down, wherever they went down (details column,
 * controls, the finger left after a pinch): any two of them pinch, as on a phone's map.
 */
export type RoadmapGestureState<T> =
  | { readonly phase: 'idle'; readonly fingers: readonly Finger[] }
  | {
      readonly phase: 'pressed';
      readonly fingers: readonly Finger[];
      readonly pointerId: number;
      readonly originX: number;
      readonly originY: number;
      readonly target: T | null;
      /** What a drag from here would reschedule; null: moving pans. */
      readonly grab: RescheduleEdge | null;
      readonly touch: boolean;
      readonly time: number;
    }
  | {
      readonly phase: 'dragging';
      readonly fingers: readonly Finger[];
      readonly pointerId: number;
      readonly originX: number;
    }
  | {
      readonly phase: 'panning';
      readonly fingers: readonly Finger[];
      readonly pointerId: number;
      readonly x: number;
      readonly y: number;
    }
  | {
      readonly phase: 'pinching';
      readonly fingers: readonly Finger[];
      readonly pair: readonly [number, number];
      /** Distance between the pair at the last step, px. */
      readonly distance: number;
    };

export interface RoadmapGestureStep<T> {
  readonly state: RoadmapGestureState<T>;
  readonly commands: readonly RoadmapGestureCommand<T>[];
}

export const ROADMAP_GESTURE_IDLE: RoadmapGestureState<never> = { phase: 'idle', fingers: [] };

/** Zoom levels of a two-finger pinch step: fingers twice as far apart zoom in one level (log2 px/day). */
export function pinchZoomLevels(previousDistance: number, distance: number): number {
  if (!(previousDistance > 0) || !(distance > 0)) return 0;
  return Math.log2(distance / previousDistance);
}

export function roadmapGestureStep<T>(
  state: RoadmapGestureState<T>,
  input: RoadmapGestureInput,
  context: RoadmapGestureContext<T>,
): RoadmapGestureStep<T> {
  const fingers = trackFingers(state.fingers, input);
  const current = fingers === state.fingers ? state : { ...state, fingers };
  switch (input.type) {
    case 'down':
      return down(current, input, context);
    case 'move':
      return move(current, input, context);
    case 'up':
      return end(current, input.pointerId, input.ctrlKey || input.metaKey);
    case 'cancel':
      return end(current, input.pointerId, null);
    case 'leave':
      return { state: current, commands: [{ kind: 'clearHover' }] };
    case 'escape':
      return current.phase === 'dragging'
        ? { state: { phase: 'idle', fingers: current.fingers }, commands: interrupt(current) }
        : { state: current, commands: [] };
  }
}

function trackFingers(fingers: readonly Finger[], input: RoadmapGestureInput): readonly Finger[] {
  switch (input.type) {
    case 'down': {
      if (input.pointerType !== 'touch') return fingers;
      const others = fingers.filter((finger) => finger.pointerId !== input.pointerId);
      return [...others, { pointerId: input.pointerId, x: input.x, y: input.y }];
    }
    case 'move':
      return fingers.some((finger) => finger.pointerId === input.pointerId)
        ? fingers.map((finger) =>
            finger.pointerId === input.pointerId
              ? { pointerId: input.pointerId, x: input.x, y: input.y }
              : finger,
          )
        : fingers;
    case 'up':
    case 'cancel':
      return fingers.some((finger) => finger.pointerId === input.pointerId)
        ? fingers.filter((finger) => finger.pointerId !== input.pointerId)
        : fingers;
    case 'leave':
    case 'escape':
      return fingers;
  }
}

/** What leaving a press, pan or drag for another gesture takes back: a drag is abandoned. */
function interrupt<T>(state: RoadmapGestureState<T>): RoadmapGestureCommand<T>[] {
  if (state.phase === 'panning') return [{ kind: 'panEnd' }, { kind: 'release', pointerId: state.pointerId }];
  if (state.phase === 'dragging')
    return [
      { kind: 'dragEnd', commit: false },
      { kind: 'release', pointerId: state.pointerId },
    ];
  return [];
}

function down<T>(
  state: RoadmapGestureState<T>,
  input: Extract<RoadmapGestureInput, { type: 'down' }>,
  context: RoadmapGestureContext<T>,
): RoadmapGestureStep<T> {
  const { fingers } = state;
  if (state.phase === 'pinching') return { state, commands: [] };
  const [a, b] = fingers;
  if (input.pointerType === 'touch' && fingers.length === 2 && a && b) {
    const commands: RoadmapGestureCommand<T>[] =
      state.phase === 'panning'
        ? [{ kind: 'panEnd' }]
        : state.phase === 'dragging'
          ? [{ kind: 'dragEnd', commit: false }]
          : [];
    return {
      state: { phase: 'pinching', fingers, pair: [a.pointerId, b.pointerId], distance: span(a, b).distance },
      commands: [...commands, { kind: 'capture', pointerId: input.pointerId }],
    };
  }
  const startsPress =
    input.button === 0 &&
    !input.onControl &&
    input.x >= context.detailsWidth &&
    input.y >= context.headerHeight;
  if (!startsPress) return { state, commands: [] };
  const target = context.targetAt(input.x, input.y);
  // A press, pan or drag whose release was never seen (it happened outside the window) gives way.
  return {
    state: {
      phase: 'pressed',
      fingers,
      pointerId: input.pointerId,
      originX: input.x,
      originY: input.y,
      target,
      grab: target === null ? null : context.grabAt(input.x, input.y),
      touch: input.pointerType === 'touch',
      time: input.time,
    },
    commands: interrupt(state),
  };
}

function move<T>(
  state: RoadmapGestureState<T>,
  input: Extract<RoadmapGestureInput, { type: 'move' }>,
  context: RoadmapGestureContext<T>,
): RoadmapGestureStep<T> {
  const stay = { state, commands: [] };
  switch (state.phase) {
    case 'idle':
      return { state, commands: [{ kind: 'hover', target: context.targetAt(input.x, input.y) }] };
    case 'pressed': {
      if (input.pointerId !== state.pointerId) return stay;
      const dx = input.x - state.originX;
      const dy = input.y - state.originY;
      if (Math.hypot(dx, dy) < CLICK_SLOP) return stay;
      const { fingers, pointerId, target, grab } = state;
      const rested = !state.touch || input.time - state.time >= TOUCH_DRAG_DELAY_MS;
      if (target !== null && grab !== null && rested) {
        return {
          state: { phase: 'dragging', fingers, pointerId, originX: state.originX },
          commands: [
            { kind: 'capture', pointerId },
            { kind: 'clearHover' },
            { kind: 'dragStart', target, edge: grab },
            { kind: 'drag', dx },
          ],
        };
      }
      return {
        state: { phase: 'panning', fingers, pointerId, x: input.x, y: input.y },
        // The row under a panning pointer slides away beneath it: highlighting it would be a lie.
        commands: [
          { kind: 'panStart' },
          { kind: 'capture', pointerId },
          { kind: 'clearHover' },
          { kind: 'pan', dx, dy },
        ],
      };
    }
    case 'panning':
      if (input.pointerId !== state.pointerId) return stay;
      return {
        state: { ...state, x: input.x, y: input.y },
        commands: [{ kind: 'pan', dx: input.x - state.x, dy: input.y - state.y }],
      };
    case 'dragging':
      if (input.pointerId !== state.pointerId) return stay;
      return { state, commands: [{ kind: 'drag', dx: input.x - state.originX }] };
    case 'pinching': {
      if (!state.pair.includes(input.pointerId)) return stay;
      const a = state.fingers.find((finger) => finger.pointerId === state.pair[0]);
      const b = state.fingers.find((finger) => finger.pointerId === state.pair[1]);
      if (!a || !b) return stay;
      const { distance, midX } = span(a, b);
      const levels = pinchZoomLevels(state.distance, distance);
      return {
        state: { ...state, distance },
        commands:
          levels === 0 ? [] : [{ kind: 'zoom', levels, anchorX: Math.max(0, midX - context.detailsWidth) }],
      };
    }
  }
}

/** A pointer went up (`newTab` says how to open a click) or was cancelled (`newTab` null: no click). */
function end<T>(
  state: RoadmapGestureState<T>,
  pointerId: number,
  newTab: boolean | null,
): RoadmapGestureStep<T> {
  const idle: RoadmapGestureState<T> = { phase: 'idle', fingers: state.fingers };
  switch (state.phase) {
    case 'idle':
      return { state, commands: [] };
    case 'pressed':
      if (pointerId !== state.pointerId) return { state, commands: [] };
      return {
        state: idle,
        commands:
          newTab !== null && state.target !== null ? [{ kind: 'open', target: state.target, newTab }] : [],
      };
    case 'panning':
      if (pointerId !== state.pointerId) return { state, commands: [] };
      return { state: idle, commands: interrupt(state) };
    case 'dragging':
      if (pointerId !== state.pointerId) return { state, commands: [] };
      return {
        state: idle,
        commands: [
          { kind: 'dragEnd', commit: newTab !== null },
          { kind: 'release', pointerId },
        ],
      };
    case 'pinching':
      if (!state.pair.includes(pointerId)) return { state, commands: [] };
      // The finger left behind hovers from now on; it does not pan, as it never pressed.
      return { state: idle, commands: state.pair.map((id) => ({ kind: 'release', pointerId: id }) as const) };
  }
}

function span(a: Finger, b: Finger) {
  return { distance: Math.hypot(a.x - b.x, a.y - b.y), midX: (a.x + b.x) / 2 };
}
