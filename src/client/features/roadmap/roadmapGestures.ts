/**
 * What a wheel event or a key press means on the roadmap, as pure functions of the event's fields
 * (tested without a DOM). Wheel: ctrl/cmd (and trackpad pinch, which browsers send as ctrl+wheel)
 * zooms, shift scrolls sideways, otherwise it scrolls. Keys on a focused row follow the WAI-ARIA
 * treegrid pattern; `+`/`-` zoom and shift+arrows pan from anywhere in the roadmap; in move mode the
 * arrows reschedule the row's epic instead.
 */
import type { RescheduleEdge } from '../../../core/layout/reschedule.ts';

export interface WheelFields {
  readonly deltaX: number;
  readonly deltaY: number;
  /** 0 pixels, 1 lines, 2 pages. */
  readonly deltaMode: number;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly shiftKey: boolean;
}

export type WheelAction =
  | { readonly kind: 'zoom'; readonly levels: number }
  | { readonly kind: 'scroll'; readonly dx: number; readonly dy: number };

const LINE_PX = 16;
/** Zoom levels per wheel pixel: a 100 px mouse notch is a fifth of a level. */
const ZOOM_PER_PX = 0.002;
const MAX_ZOOM_PER_EVENT = 0.5;

export function wheelAction(event: WheelFields, pageHeight: number): WheelAction {
  const unit = event.deltaMode === 1 ? LINE_PX : event.deltaMode === 2 ? pageHeight : 1;
  const dx = event.deltaX * unit;
  const dy = event.deltaY * unit;
  if (event.ctrlKey || event.metaKey) {
    const levels = Math.max(-MAX_ZOOM_PER_EVENT, Math.min(MAX_ZOOM_PER_EVENT, -dy * ZOOM_PER_PX));
    return { kind: 'zoom', levels };
  }
  if (event.shiftKey && dx === 0) return { kind: 'scroll', dx: dy, dy: 0 };
  return { kind: 'scroll', dx, dy };
}

export interface KeyFields {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly shiftKey: boolean;
  readonly altKey: boolean;
}

export interface FocusedRow {
  readonly hasChildren: boolean;
  readonly expanded: boolean;
  readonly level: number;
}

export type RowKeyAction =
  | { readonly kind: 'move'; readonly to: 'next' | 'previous' | 'first' | 'last' | 'pageDown' | 'pageUp' }
  | { readonly kind: 'expand' }
  | { readonly kind: 'collapse' }
  | { readonly kind: 'parent' }
  | { readonly kind: 'intoRow' }
  | { readonly kind: 'open'; readonly newTab: boolean };

/** A key on a focused treegrid row. */
export function rowKeyAction(event: KeyFields, row: FocusedRow): RowKeyAction | null {
  if (event.altKey || event.shiftKey) return null;
  switch (event.key) {
    case 'ArrowDown':
      return { kind: 'move', to: 'next' };
    case 'ArrowUp':
      return { kind: 'move', to: 'previous' };
    case 'Home':
      return { kind: 'move', to: 'first' };
    case 'End':
      return { kind: 'move', to: 'last' };
    case 'PageDown':
      return { kind: 'move', to: 'pageDown' };
    case 'PageUp':
      return { kind: 'move', to: 'pageUp' };
    case 'ArrowRight':
      return row.hasChildren && !row.expanded ? { kind: 'expand' } : { kind: 'intoRow' };
    case 'ArrowLeft':
      if (row.hasChildren && row.expanded) return { kind: 'collapse' };
      return row.level > 0 ? { kind: 'parent' } : null;
    case 'Enter':
      return { kind: 'open', newTab: event.ctrlKey || event.metaKey };
    default:
      return null;
  }
}

export type ViewKeyAction =
  | { readonly kind: 'zoom'; readonly direction: 1 | -1 }
  | { readonly kind: 'pan'; readonly dx: number; readonly dy: number };

/** Pan step of an arrow key, px. */
export const PAN_STEP = 120;

/**
 * Keys that move the view. `onRow` is true when a treegrid row has focus: there plain arrows move
 * between rows, so panning takes shift.
 */
export function viewKeyAction(event: KeyFields, onRow: boolean): ViewKeyAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  if (event.key === '+' || event.key === '=') return { kind: 'zoom', direction: 1 };
  if (event.key === '-' || event.key === '_') return { kind: 'zoom', direction: -1 };
  if (onRow && !event.shiftKey) return null;
  switch (event.key) {
    case 'ArrowLeft':
      return { kind: 'pan', dx: -PAN_STEP, dy: 0 };
    case 'ArrowRight':
      return { kind: 'pan', dx: PAN_STEP, dy: 0 };
    case 'ArrowUp':
      return onRow ? null : { kind: 'pan', dx: 0, dy: -50 };
    case 'ArrowDown':
      return onRow ? null : { kind: 'pan', dx: 0, dy: 50 };
    default:
      return null;
  }
}

/** The key that starts moving the focused row's epic in time (move mode). */
export const MOVE_MODE_KEY = 'm';

export type MoveModeKeyAction =
  | { readonly kind: 'step'; readonly edge: RescheduleEdge; readonly count: 1 | -1 }
  | { readonly kind: 'commit' }
  | { readonly kind: 'cancel' };

/**
 * A key in move mode: ← → move the epic by the current unit, shift+← → resize its end, alt+← → its
 * start; Enter saves and Escape cancels. Other keys do nothing while the mode lasts.
 */
export function moveModeKeyAction(event: KeyFields): MoveModeKeyAction | null {
  if (event.ctrlKey || event.metaKey) return null;
  switch (event.key) {
    case 'ArrowLeft':
    case 'ArrowRight': {
      const count = event.key === 'ArrowRight' ? 1 : -1;
      const edge: RescheduleEdge = event.shiftKey ? 'end' : event.altKey ? 'start' : 'move';
      return { kind: 'step', edge, count };
    }
    case 'Enter':
      return { kind: 'commit' };
    case 'Escape':
      return { kind: 'cancel' };
    default:
      return null;
  }
}
