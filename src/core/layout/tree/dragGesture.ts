/**
 * The drag gesture of the tree as an explicit machine (STYLE.md principle 10):
 * idle → pointing (pressed on a row) → dragging (moved past DRAG_THRESHOLD) → committing (dropped on
 * a target, the move is applied and sent) → idle (the mutation answered). Escape, pointercancel, lost
 * pointer capture, window blur or a drop with no target go back to idle. A touch press must first be
 * held TOUCH_DRAG_DELAY ms within TOUCH_HOLD_SLOP px: moving further sooner is a scroll, and the
 * press is forgotten. It renders nothing and reads no DOM: the caller probes the drop target at each
 * move (`dropTargetAt`) and acts on the returned effect; times are ms on the caller's monotonic clock.
 */
import type { TreeDropTarget } from './dropTarget.ts';
import { DRAG_THRESHOLD, TOUCH_DRAG_DELAY, TOUCH_HOLD_SLOP } from './treeConstants.ts';
import type { TreeItemKey } from './treeItem.ts';

export type DragState =
  | { readonly phase: 'idle' }
  | {
      readonly phase: 'pointing';
      readonly key: TreeItemKey;
      readonly pointerId: number;
      readonly originX: number;
      readonly originY: number;
      /** A touch press may drag from this time on; null for a mouse or pen (no wait). */
      readonly heldFrom: number | null;
    }
  | {
      readonly phase: 'dragging';
      readonly key: TreeItemKey;
      readonly pointerId: number;
      readonly x: number;
      readonly y: number;
      readonly target: TreeDropTarget | null;
    }
  | { readonly phase: 'committing'; readonly key: TreeItemKey; readonly target: TreeDropTarget };

export type DragInput =
  /**
   * A pointer went down on an item row at time `at`; `enabled` is false for anonymous users (no drag
   * and drop) and during a keyboard move.
   */
  | {
      readonly type: 'press';
      readonly key: TreeItemKey;
      readonly pointerId: number;
      readonly x: number;
      readonly y: number;
      readonly button: number;
      readonly touch: boolean;
      readonly at: number;
      readonly enabled: boolean;
    }
  /** The pointer moved at time `at`; `target` is the drop target probed at (x, y). */
  | {
      readonly type: 'move';
      readonly pointerId: number;
      readonly x: number;
      readonly y: number;
      readonly at: number;
      readonly target: TreeDropTarget | null;
    }
  | { readonly type: 'release'; readonly pointerId: number }
  /** Escape or window blur (any pointer); pointercancel or lost capture (that pointer only). */
  | { readonly type: 'cancel'; readonly pointerId?: number }
  /** The committed move's mutation answered (either way). */
  | { readonly type: 'settled' };

export type DragEffect =
  | { readonly type: 'none' }
  /** A drag began: capture the pointer, show the ghost, swallow the click that follows. */
  | { readonly type: 'start'; readonly key: TreeItemKey }
  /** Apply the move optimistically and send it. */
  | { readonly type: 'commit'; readonly key: TreeItemKey; readonly target: TreeDropTarget }
  /** A drag ended without a drop: hide the ghost and indicator. */
  | { readonly type: 'cancel'; readonly key: TreeItemKey };

export const DRAG_IDLE: DragState = { phase: 'idle' };
const NONE: DragEffect = { type: 'none' };

/** Whether a cancel or release is about this pointer (a cancel naming none is about every pointer). */
const concerns = (input: DragInput, pointerId: number) =>
  !('pointerId' in input) || input.pointerId === undefined || input.pointerId === pointerId;

export function dragStep(state: DragState, input: DragInput): { state: DragState; effect: DragEffect } {
  const stay = { state, effect: NONE };
  switch (state.phase) {
    case 'idle':
      if (input.type !== 'press' || !input.enabled || input.button !== 0) return stay;
      return {
        state: {
          phase: 'pointing',
          key: input.key,
          pointerId: input.pointerId,
          originX: input.x,
          originY: input.y,
          heldFrom: input.touch ? input.at + TOUCH_DRAG_DELAY : null,
        },
        effect: NONE,
      };
    case 'pointing': {
      // A press whose release was never seen (it happened outside the list) gives way to a new one.
      if (input.type === 'press') return dragStep(DRAG_IDLE, input);
      if (input.type === 'release' || input.type === 'cancel') {
        return concerns(input, state.pointerId) ? { state: DRAG_IDLE, effect: NONE } : stay;
      }
      if (input.type !== 'move' || input.pointerId !== state.pointerId) return stay;
      const distance = Math.hypot(input.x - state.originX, input.y - state.originY);
      if (state.heldFrom !== null && input.at < state.heldFrom) {
        // Not held long enough: within the slop it may still become a drag; beyond it, it scrolls.
        return distance > TOUCH_HOLD_SLOP ? { state: DRAG_IDLE, effect: NONE } : stay;
      }
      if (distance < DRAG_THRESHOLD) return stay;
      return {
        state: {
          phase: 'dragging',
          key: state.key,
          pointerId: state.pointerId,
          x: input.x,
          y: input.y,
          target: input.target,
        },
        effect: { type: 'start', key: state.key },
      };
    }
    case 'dragging':
      if (input.type === 'move' && input.pointerId === state.pointerId) {
        return { state: { ...state, x: input.x, y: input.y, target: input.target }, effect: NONE };
      }
      if (input.type === 'cancel') {
        return concerns(input, state.pointerId)
          ? { state: DRAG_IDLE, effect: { type: 'cancel', key: state.key } }
          : stay;
      }
      if (input.type !== 'release' || input.pointerId !== state.pointerId) return stay;
      if (!state.target) return { state: DRAG_IDLE, effect: { type: 'cancel', key: state.key } };
      return {
        state: { phase: 'committing', key: state.key, target: state.target },
        effect: { type: 'commit', key: state.key, target: state.target },
      };
    case 'committing':
      return input.type === 'settled' ? { state: DRAG_IDLE, effect: NONE } : stay;
  }
}

/**
 * Whether the press holds its pointer at time `at`: a drag is under way, or a touch press has been
 * held long enough to become one. The caller then stops the browser's native scrolling of it.
 */
export function dragHoldsPointer(state: DragState, at: number): boolean {
  if (state.phase === 'dragging') return true;
  return state.phase === 'pointing' && state.heldFrom !== null && at >= state.heldFrom;
}
