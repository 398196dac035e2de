/**
 * What one frame of the epic child tree draws: the newest tree snapshot plus where the view is and
 * what the pointer and keyboard are doing. The scene reads it synchronously. Units are CSS px;
 * "list" y is px from the top of the whole flattened list, "viewport" y is list y − scrollTop.
 */
import type { DropIndicator } from '../../core/layout/tree/dropTarget.ts';
import type { TreeSnapshot } from '../../core/layout/tree/treeSnapshot.ts';

export interface TreeFrameGhost {
  /** The pointer, viewport px. */
  readonly x: number;
  readonly y: number;
  readonly title: string;
  readonly isEpic: boolean;
}

export interface TreeFrame {
  readonly snapshot: TreeSnapshot;
  /** px the list is scrolled (list y − scrollTop = viewport y). */
  readonly scrollTop: number;
  /** Viewport size, CSS px. */
  readonly width: number;
  readonly height: number;
  /** List rows (not window entries) under the pointer and with keyboard focus; -1 for none. */
  readonly hoverRow: number;
  readonly focusRow: number;
  /** The key of the item being dragged (drawn dimmed in place), or null. */
  readonly dragKey: string | null;
  readonly drop: DropIndicator | null;
  /** The drag ghost under the pointer, viewport px, or null. */
  readonly ghost: TreeFrameGhost | null;
  /** Today as an epoch day (for past-due dates), from the page's clock. */
  readonly today: number;
}
