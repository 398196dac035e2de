/**
 * The tree's pointer drag (spec, "Tree items"), around the pure machine of `dragGesture.ts`: at
 * each move it probes the drop target under the pointer, places the ghost and the drop indicator,
 * expands an epic hovered long enough, and scrolls the list while the pointer is near its edges; a
 * drop goes to the controller to apply and send. It reads no DOM and draws nothing itself.
 * Coordinates are px from the list's top-left with its scroll included; "viewport px" leave it out.
 */

import { AutoScroll } from '../../../core/layout/tree/autoScroll.ts';
import {
  DRAG_IDLE,
  type DragInput,
  type DragState,
  dragHoldsPointer,
  dragStep,
} from '../../../core/layout/tree/dragGesture.ts';
import {
  type DragSubject,
  type DropIndicator,
  dragSubjectOf,
  dropTargetAt,
  moveOfDrop,
} from '../../../core/layout/tree/dropTarget.ts';
import { type Clock, HoverExpand } from '../../../core/layout/tree/hoverExpand.ts';
import type { TreeItemKey } from '../../../core/layout/tree/treeItem.ts';
import type { TreeMove } from '../../../core/layout/tree/treeMoves.ts';
import { entryOfKey, type TreeSnapshot } from '../../../core/layout/tree/treeSnapshot.ts';
import { cancelFrame, requestFrame } from '../../canvas/frameScheduler.ts';
import type { TreeFrameGhost } from '../../canvas/treeFrame.ts';

/** The list's scrolling element, as much of it as auto-scroll uses (an HTMLElement is one). */
export interface TreeScrollHost {
  scrollTop: number;
  readonly scrollHeight: number;
  readonly clientHeight: number;
}

/** A press as the machine takes it, but for its time, which the drag's clock gives. */
export type TreePress = Omit<Extract<DragInput, { readonly type: 'press' }>, 'type' | 'at'>;

/** What the drag needs from the controller that owns the tree's state. */
export interface TreePointerDragHost {
  /** The snapshot the overlay shows, or null before the first layout. */
  snapshot(): TreeSnapshot | null;
  /** The list's scroll offset and visible height, px. */
  viewport(): { readonly scrollTop: number; readonly height: number };
  /** A drag began (its item: the overlay marks the row) or ended (null). */
  setDraggingKey(key: TreeItemKey | null): void;
  /** An epic was hovered long enough: open it (its children load the first time). */
  expand(key: TreeItemKey): Promise<void>;
  /** Auto-scroll moved the list: lay out and draw at this offset in the same frame. */
  scrollTo(scrollTop: number): void;
  /** Applies a dropped move and sends it; resolves once that is over, whatever the answer. */
  commitMove(move: TreeMove): Promise<void>;
  requestDraw(): void;
}

export class TreePointerDrag {
  private drag: DragState = DRAG_IDLE;
  private subject: DragSubject | null = null;
  private ghostAt: TreeFrameGhost | null = null;
  /** Where the dragging pointer is, viewport px, or null. */
  private pointer: { readonly x: number; readonly y: number } | null = null;
  private readonly clock: Clock = { now: () => performance.now() };
  private readonly hoverExpand = new HoverExpand(this.clock);
  private readonly autoScroll = new AutoScroll(this.clock);
  private scrollHost: TreeScrollHost | null = null;

  constructor(private readonly host: TreePointerDragHost) {}

  get phase(): DragState['phase'] {
    return this.drag.phase;
  }

  /** The drop indicator to draw: only while dragging over a target. */
  get indicator(): DropIndicator | null {
    return this.drag.phase === 'dragging' ? (this.drag.target?.indicator ?? null) : null;
  }

  /** The ghost under the dragging pointer, viewport px, or null. */
  get ghost(): TreeFrameGhost | null {
    return this.ghostAt;
  }

  /** The element that scrolls the list, which auto-scroll moves while dragging near its edges. */
  setScrollHost(host: TreeScrollHost | null): void {
    this.scrollHost = host;
  }

  /** A press on an item row; a touch press must be held a moment before it drags. */
  press(press: TreePress): void {
    const snapshot = this.host.snapshot();
    if (!snapshot || this.drag.phase === 'dragging' || this.drag.phase === 'committing') return;
    this.drag = dragStep(this.drag, { type: 'press', ...press, at: this.clock.now() }).state;
    const entry = entryOfKey(snapshot, press.key);
    this.subject = entry >= 0 ? dragSubjectOf(snapshot, entry) : null;
  }

  /** Returns true while a drag is under way (the caller then swallows the click that follows). */
  move(pointerId: number, x: number, y: number, viewportX: number, viewportY: number): boolean {
    const snapshot = this.host.snapshot();
    const drag = this.drag;
    if (drag.phase === 'idle' || drag.phase === 'committing' || !snapshot || !this.subject) return false;
    if (drag.pointerId !== pointerId) return false;
    const probe = dropTargetAt(snapshot, this.subject, { x, y });
    const step = dragStep(drag, {
      type: 'move',
      pointerId,
      x,
      y,
      at: this.clock.now(),
      target: probe.target,
    });
    this.drag = step.state;
    if (step.effect.type === 'start') this.host.setDraggingKey(step.effect.key);
    if (this.drag.phase !== 'dragging') return false;
    this.pointer = { x: viewportX, y: viewportY };
    this.ghostAt = { x: viewportX, y: viewportY, title: this.subject.title, isEpic: this.subject.isEpic };
    this.hoverExpand.hover(probe.hoverKey);
    this.pollHoverExpand();
    this.aimAutoScroll();
    this.host.requestDraw();
    return true;
  }

  /**
   * Whether the pointer pressed on the list belongs to the drag now: a drag is under way, or a
   * touch press was held long enough to become one. Its touchmoves must then not scroll the page.
   */
  holdsPointer(): boolean {
    return dragHoldsPointer(this.drag, this.clock.now());
  }

  /** The pointer went up: a drop on a target commits; returns whether a drag was under way. */
  release(pointerId: number): boolean {
    const step = dragStep(this.drag, { type: 'release', pointerId });
    const wasDragging = this.drag.phase === 'dragging';
    this.drag = step.state;
    if (step.effect.type === 'commit' && this.subject) {
      void this.commit(moveOfDrop(this.subject, step.effect.target));
    } else if (step.effect.type === 'cancel') {
      this.end();
    }
    return wasDragging;
  }

  /**
   * Ends a press or drag without a drop. With no `pointerId` it ends any (Escape, window blur);
   * with one, only that pointer's (pointercancel, lost capture). A committing drop is not undone.
   */
  cancel(pointerId?: number): void {
    const wasPointing = this.drag.phase === 'pointing';
    const step = dragStep(
      this.drag,
      pointerId === undefined ? { type: 'cancel' } : { type: 'cancel', pointerId },
    );
    this.drag = step.state;
    if (step.effect.type === 'cancel' || (wasPointing && step.state.phase === 'idle')) this.end();
  }

  /** The list moved under a still pointer (auto-scroll, wheel, a new layout): the target follows. */
  followPointer(): void {
    const snapshot = this.host.snapshot();
    const drag = this.drag;
    if (drag.phase !== 'dragging' || !snapshot || !this.subject || !this.pointer) return;
    const x = this.pointer.x;
    const y = this.pointer.y + this.host.viewport().scrollTop;
    const probe = dropTargetAt(snapshot, this.subject, { x, y });
    this.drag = dragStep(drag, {
      type: 'move',
      pointerId: drag.pointerId,
      x,
      y,
      at: this.clock.now(),
      target: probe.target,
    }).state;
    this.hoverExpand.hover(probe.hoverKey);
    this.pollHoverExpand();
    this.aimAutoScroll();
    this.host.requestDraw();
  }

  /** Stops the frames it asked for: the tree is gone. */
  dispose(): void {
    cancelFrame(this.pollHoverExpand);
    cancelFrame(this.autoScrollFrame);
  }

  private async commit(move: TreeMove): Promise<void> {
    await this.host.commitMove(move);
    this.drag = dragStep(this.drag, { type: 'settled' }).state;
    this.end();
  }

  private end(): void {
    this.subject = null;
    this.ghostAt = null;
    this.pointer = null;
    this.hoverExpand.reset();
    this.autoScroll.reset();
    cancelFrame(this.pollHoverExpand);
    cancelFrame(this.autoScrollFrame);
    this.host.setDraggingKey(null);
    this.host.requestDraw();
  }

  private readonly pollHoverExpand = (): void => {
    if (this.drag.phase !== 'dragging') return;
    const key = this.hoverExpand.poll();
    if (key) void this.host.expand(key);
    if (this.hoverExpand.deadline !== null) requestFrame(this.pollHoverExpand);
  };

  /** Starts auto-scroll when the dragging pointer is near the list's top or bottom edge. */
  private aimAutoScroll(): void {
    if (!this.pointer) return;
    if (this.autoScroll.aim(this.pointer.y, this.host.viewport().height)) requestFrame(this.autoScrollFrame);
  }

  /** One frame of auto-scroll: scroll, then lay out, draw and re-target at once (same frame). */
  private readonly autoScrollFrame = (): void => {
    const scroller = this.scrollHost;
    if (this.drag.phase !== 'dragging' || !scroller) {
      this.autoScroll.reset();
      return;
    }
    const next = this.autoScroll.step(scroller.scrollTop, scroller.scrollHeight - scroller.clientHeight);
    if (next === null) return;
    scroller.scrollTop = next;
    this.host.scrollTo(scroller.scrollTop);
    requestFrame(this.autoScrollFrame);
  };
}
