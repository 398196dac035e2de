/**
 * Pointer input on the tree's scrolling list, passed to the controller's drag: a press on an item
 * row, moves (a drag captures the pointer on the list), the release, and every way a drag ends
 * without one (Escape, window blur, pointercancel, lost capture). A touch held long enough to drag
 * does not scroll the list, and the click that ends a drag does not follow the link under it.
 * Hovered rows are reported for the canvas to highlight. Returns the list's React pointer handlers.
 */
import {
  type MouseEvent as ReactMouseEvent,
  type PointerEvent as ReactPointerEvent,
  type RefObject,
  useEffect,
  useRef,
} from 'react';
import type { TreeItemKey } from '../../../core/layout/tree/treeItem.ts';
import type { TreeController } from './treeController.ts';
import { rowKey } from './treeRowElements.ts';

type ListPointerHandler = (event: ReactPointerEvent<HTMLDivElement>) => void;

export interface TreePointerHandlers {
  readonly onPointerDown: ListPointerHandler;
  readonly onPointerMove: ListPointerHandler;
  readonly onPointerUp: ListPointerHandler;
  readonly onPointerCancel: ListPointerHandler;
  readonly onLostPointerCapture: ListPointerHandler;
  readonly onPointerLeave: () => void;
  readonly onClickCapture: (event: ReactMouseEvent<HTMLDivElement>) => void;
}

export function useTreePointer(
  scroller: RefObject<HTMLDivElement | null>,
  controller: TreeController,
  /** The item being dragged, or null: the drag's Escape and blur listeners live while it is set. */
  draggingKey: TreeItemKey | null,
): TreePointerHandlers {
  const swallowClick = useRef(false);

  // Escape ends a pointer drag without a drop (the gesture's cancel). Listened to on the document,
  // in capture, because the pressed row need not hold focus and nothing else should see this key.
  // Leaving the window (blur) ends it too: its release would never be seen.
  useEffect(() => {
    if (!draggingKey) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopPropagation();
      controller.cancelDrag();
    };
    const onBlur = () => controller.cancelDrag();
    document.addEventListener('keydown', onKeyDown, true);
    window.addEventListener('blur', onBlur);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      window.removeEventListener('blur', onBlur);
    };
  }, [controller, draggingKey]);

  // The controller scrolls the list near its edges while dragging (auto-scroll). A touch held long
  // enough to drag must not scroll the list natively: only a non-passive touchmove listener may
  // cancel that, and React adds passive ones.
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    controller.setScrollHost(element);
    const onTouchMove = (event: TouchEvent) => {
      if (event.cancelable && controller.holdsPointer()) event.preventDefault();
    };
    element.addEventListener('touchmove', onTouchMove, { passive: false });
    return () => {
      controller.setScrollHost(null);
      element.removeEventListener('touchmove', onTouchMove);
    };
  }, [scroller, controller]);

  /** The pointer in px from the list's top-left: scroll included (x, y) and left out (viewport). */
  const listPoint = (event: ReactPointerEvent) => {
    const rect = scroller.current?.getBoundingClientRect();
    const scrollTop = scroller.current?.scrollTop ?? 0;
    const x = event.clientX - (rect?.left ?? 0);
    const y = event.clientY - (rect?.top ?? 0);
    return { x, y: y + scrollTop, viewportX: x, viewportY: y };
  };

  return {
    onPointerDown: (event) => {
      const target = event.target as HTMLElement;
      if (target.closest('button')) return;
      const key = rowKey(target.closest<HTMLElement>('[data-key]')?.dataset.key);
      if (!key) return;
      // A drag whose release came with no click (a touch drag) must not swallow this press's click.
      swallowClick.current = false;
      const point = listPoint(event);
      controller.pointerDown(
        key,
        event.pointerId,
        point.x,
        point.y,
        event.button,
        event.pointerType === 'touch',
      );
    },
    onPointerMove: (event) => {
      const point = listPoint(event);
      if (controller.pointerMove(event.pointerId, point.x, point.y, point.viewportX, point.viewportY)) {
        if (!scroller.current?.hasPointerCapture(event.pointerId)) {
          scroller.current?.setPointerCapture(event.pointerId);
        }
        swallowClick.current = true;
        return;
      }
      const rowElement = (event.target as HTMLElement).closest<HTMLElement>('[data-row]');
      controller.setHoverRow(rowElement ? Number(rowElement.dataset.row) : -1);
    },
    onPointerUp: (event) => {
      controller.pointerUp(event.pointerId);
      if (scroller.current?.hasPointerCapture(event.pointerId)) {
        scroller.current.releasePointerCapture(event.pointerId);
      }
    },
    onPointerCancel: (event) => controller.cancelDrag(event.pointerId),
    onLostPointerCapture: (event) => {
      // The list lost the dragging pointer without its release (a row's own capture, handed
      // to the list when the drag starts, bubbles here too and is not that).
      if (event.target === event.currentTarget) controller.cancelDrag(event.pointerId);
    },
    onPointerLeave: () => controller.setHoverRow(-1),
    onClickCapture: (event) => {
      // The click that ends a drag is not a click on the link under it.
      if (swallowClick.current) {
        event.preventDefault();
        event.stopPropagation();
        swallowClick.current = false;
      }
    },
  };
}
