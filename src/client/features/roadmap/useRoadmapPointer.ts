/**
 * Pointer and wheel input on the roadmap viewport: wheel scrolls, shift+wheel pans, ctrl/cmd+wheel
 * and pinch zoom at the pointer; dragging empty timeline pans; hovering a bar or a milestone shows
 * its popover and highlights the row; clicking a bar opens its epic (ctrl/cmd or middle click: in a
 * new tab). Hit-testing reads the snapshot on the main thread, with no round trip to the worker.
 */
import { type RefObject, useEffect, useState } from 'react';
import { barEntryAt } from '../../../core/layout/hitTest.ts';
import { pinchZoomLevels } from '../../../core/layout/roadmapGesture.ts';
import {
  DETAILS_WIDTH,
  MILESTONE_LANE_HEIGHT,
  MILESTONES_TITLE_HEIGHT,
  rowsTop,
} from '../../canvas/roadmapFrame.ts';
import type { RoadmapController } from './roadmapController.ts';
import { wheelAction } from './roadmapGestures.ts';

export type PointerTarget =
  | { readonly kind: 'epic'; readonly entry: number; readonly epoch: number }
  | { readonly kind: 'milestone'; readonly index: number }
  | null;

/** Pixels a press may move and still count as a click, not a drag. */
const CLICK_SLOP = 4;
/** Spec §9: tooltip default delay. */
const HOVER_DELAY_MS = 50;

/** What is under a point given in viewport-local px. */
export function targetAt(controller: RoadmapController, x: number, y: number): PointerTarget {
  const { frame, snapshot } = controller;
  if (x < DETAILS_WIDTH) return null;
  const timelineX = x - DETAILS_WIDTH + frame.scrollLeft;
  if (y >= frame.headerHeight && y < rowsTop(frame)) {
    const lane = Math.floor((y - frame.headerHeight - MILESTONES_TITLE_HEIGHT) / MILESTONE_LANE_HEIGHT);
    const index = frame.milestones.findIndex(
      (bar) => bar.lane === lane && timelineX >= bar.x - 2 && timelineX <= bar.x + Math.max(bar.width, 9) + 2,
    );
    return index >= 0 && frame.milestonesExpanded ? { kind: 'milestone', index } : null;
  }
  if (!snapshot || y < rowsTop(frame)) return null;
  const entry = barEntryAt(snapshot, timelineX / frame.xScale, y - rowsTop(frame) + frame.scrollTop);
  return entry >= 0 ? { kind: 'epic', entry, epoch: snapshot.epoch } : null;
}

export function useRoadmapPointer(
  viewport: RefObject<HTMLElement | null>,
  controller: RoadmapController | null,
  openEpic: (entry: number, newTab: boolean) => void,
  /** Scrolling moves bars away from their popover: hide it. */
  dismissPopover: () => void,
): PointerTarget {
  const [hovered, setHovered] = useState<PointerTarget>(null);
  useEffect(() => {
    const element = viewport.current;
    if (!element || !controller) return;
    let drag: { id: number; x: number; y: number; moved: boolean; target: PointerTarget } | null = null;
    /** Fingers on a touch screen; two of them pinch-zoom around their midpoint. */
    const touches = new Map<number, { x: number; y: number }>();
    let pinchDistance = 0;
    const fingerSpan = () => {
      const [a, b] = [...touches.values()];
      return a && b ? { distance: Math.hypot(a.x - b.x, a.y - b.y), midX: (a.x + b.x) / 2 } : null;
    };
    let hoverTimer = 0;
    const local = (event: MouseEvent) => {
      const box = element.getBoundingClientRect();
      return { x: event.clientX - box.left, y: event.clientY - box.top };
    };
    const onWheel = (event: WheelEvent) => {
      const action = wheelAction(event, controller.viewport.height);
      event.preventDefault();
      window.clearTimeout(hoverTimer);
      setHovered(null);
      dismissPopover();
      if (action.kind === 'zoom') {
        const { x } = local(event);
        controller.zoomBy(action.levels, Math.max(0, x - DETAILS_WIDTH));
      } else controller.scrollBy(action.dx, action.dy);
    };
    const onPointerDown = (event: PointerEvent) => {
      if (event.pointerType === 'touch') {
        touches.set(event.pointerId, { x: event.clientX, y: event.clientY });
        const span = fingerSpan();
        if (touches.size === 2 && span) {
          drag = null;
          pinchDistance = span.distance;
          element.setPointerCapture(event.pointerId);
          return;
        }
      }
      if (
        event.button !== 0 ||
        (event.target as Element).closest('a, button, input, select, [role="scrollbar"]')
      )
        return;
      const { x, y } = local(event);
      if (x < DETAILS_WIDTH || y < controller.frame.headerHeight) return;
      drag = {
        id: event.pointerId,
        x: event.clientX,
        y: event.clientY,
        moved: false,
        target: targetAt(controller, x, y),
      };
    };
    const onPointerMove = (event: PointerEvent) => {
      if (touches.has(event.pointerId)) {
        touches.set(event.pointerId, { x: event.clientX, y: event.clientY });
        const span = touches.size === 2 ? fingerSpan() : null;
        if (span) {
          const levels = pinchZoomLevels(pinchDistance, span.distance);
          pinchDistance = span.distance;
          const left = element.getBoundingClientRect().left;
          if (levels !== 0) controller.zoomBy(levels, Math.max(0, span.midX - left - DETAILS_WIDTH));
          return;
        }
      }
      if (drag && drag.id === event.pointerId) {
        const dx = event.clientX - drag.x;
        const dy = event.clientY - drag.y;
        if (!drag.moved && Math.hypot(dx, dy) < CLICK_SLOP) return;
        if (!drag.moved) {
          drag.moved = true;
          element.setPointerCapture(event.pointerId);
          element.classList.add('is-panning');
        }
        drag.x = event.clientX;
        drag.y = event.clientY;
        controller.scrollBy(-dx, -dy);
        return;
      }
      const { x, y } = local(event);
      const target = targetAt(controller, x, y);
      element.classList.toggle('is-over-bar', target !== null);
      controller.setHighlightedRow(
        target?.kind === 'epic' && controller.snapshot ? controller.snapshot.firstRow + target.entry : -1,
      );
      window.clearTimeout(hoverTimer);
      hoverTimer = window.setTimeout(() => setHovered(target), HOVER_DELAY_MS);
    };
    const onPointerUp = (event: PointerEvent) => {
      touches.delete(event.pointerId);
      if (!drag || drag.id !== event.pointerId) return;
      const { moved, target } = drag;
      drag = null;
      element.classList.remove('is-panning');
      if (element.hasPointerCapture(event.pointerId)) element.releasePointerCapture(event.pointerId);
      if (!moved && target?.kind === 'epic') openEpic(target.entry, event.ctrlKey || event.metaKey);
    };
    const onAuxClick = (event: MouseEvent) => {
      if (event.button !== 1) return;
      const { x, y } = local(event);
      const target = targetAt(controller, x, y);
      if (target?.kind === 'epic') {
        event.preventDefault();
        openEpic(target.entry, true);
      }
    };
    const onLeave = () => {
      window.clearTimeout(hoverTimer);
      element.classList.remove('is-over-bar');
      controller.setHighlightedRow(-1);
      setHovered(null);
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    element.addEventListener('pointerdown', onPointerDown);
    element.addEventListener('pointermove', onPointerMove);
    element.addEventListener('pointerup', onPointerUp);
    element.addEventListener('pointercancel', onPointerUp);
    element.addEventListener('auxclick', onAuxClick);
    element.addEventListener('pointerleave', onLeave);
    return () => {
      window.clearTimeout(hoverTimer);
      element.removeEventListener('wheel', onWheel);
      element.removeEventListener('pointerdown', onPointerDown);
      element.removeEventListener('pointermove', onPointerMove);
      element.removeEventListener('pointerup', onPointerUp);
      element.removeEventListener('pointercancel', onPointerUp);
      element.removeEventListener('auxclick', onAuxClick);
      element.removeEventListener('pointerleave', onLeave);
    };
  }, [viewport, controller, openEpic, dismissPopover]);
  return hovered;
}
