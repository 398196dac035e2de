/**
 * The drag gesture of the tree as an explicit machine (STYLE.md principle 10):
 * idle → pointing (pressed on a row) → dragging (moved past DRAG_THRESHOLD) → committing (dropped on
 * a target, the move is applied and sent) → idle (the mutation answered). Escape, pointercancel or
 * a drop with no target go back to idle. It renders nothing and reads no DOM: the caller probes the
 * drop target at each move (`dropTargetAt`) and acts on the returned effect.
 */
import type { TreeDropTarget } from './dropTarget.ts';
import { DRAG_THRESHOLD } from './treeConstants.ts';
import type { TreeItemKey } from './treeItem.ts';

export type DragState =
  | { readonly phase: 'idle' }
  | {
      readonly phase: 'pointing';
      readonly key: TreeItemKey;
      readonly pointerId: number;
      readonly originX: number;
      readonly originY: number;
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
  /** A pointer went down on an item row; `enabled` is false for anonymous users (no drag and drop). */
  | {
      readonly type: 'press';
      readonly key: TreeItemKey;
      readonly pointerId: number;
      readonly x: number;
      readonly y: number;
      readonly button: number;
      readonly enabled: boolean;
    }
  /** The pointer moved; `target` is the drop target probed at (x, y). */
  | {
      readonly type: 'move';
      readonly pointerId: number;
      readonly x: number;
      readonly y: number;
      readonly target: TreeDropTarget | null;
    }
  | { readonly type: 'release'; readonly pointerId: number }
  /** Escape, pointercancel, lost capture or window blur. */
  | { readonly type: 'cancel' }
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
        },
        effect: NONE,
      };
    case 'pointing':
      if (input.type === 'release' || input.type === 'cancel') {
        return 'pointerId' in input && input.pointerId !== state.pointerId
          ? stay
          : { state: DRAG_IDLE, effect: NONE };
      }
      if (input.type !== 'move' || input.pointerId !== state.pointerId) return stay;
      if (Math.hypot(input.x - state.originX, input.y - state.originY) < DRAG_THRESHOLD) return stay;
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
    case 'dragging':
      if (input.type === 'move' && input.pointerId === state.pointerId) {
        return { state: { ...state, x: input.x, y: input.y, target: input.target }, effect: NONE };
      }
      if (input.type === 'cancel') return { state: DRAG_IDLE, effect: { type: 'cancel', key: state.key } };
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
