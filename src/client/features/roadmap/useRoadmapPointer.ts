/**
 * Pointer and wheel input on the roadmap viewport: wheel scrolls, shift+wheel pans, ctrl/cmd+wheel
 * and pinch zoom at the pointer; dragging empty timeline pans; hovering a bar or a milestone shows
 * its popover and highlights the row; clicking a bar opens its epic (ctrl/cmd or middle click: in a
 * new tab); dragging a bar the viewer may change reschedules it (its body moves it, an edge resizes
 * it; Escape abandons). Pan, pinch, hover, click and drag are the machine of
 * core/layout/roadmapGesture.ts; this hook
 * feeds it DOM events and carries out its commands. Hit-testing reads the snapshot on the main
 * thread, with no round trip to the worker.
 */
import { type RefObject, useEffect, useState } from 'react';
import { barEntryAt } from '../../../core/layout/hitTest.ts';
import type { RescheduleEdge } from '../../../core/layout/reschedule.ts';
import {
  ROADMAP_GESTURE_IDLE,
  type RoadmapGestureCommand,
  type RoadmapGestureInput,
  type RoadmapGestureState,
  roadmapGestureStep,
} from '../../../core/layout/roadmapGesture.ts';
import { MILESTONE_LANE_HEIGHT, MILESTONES_TITLE_HEIGHT, rowsTop } from '../../canvas/roadmapFrame.ts';
import { type Cancel, systemClock } from '../../lib/clock.ts';
import type { RoadmapController } from './roadmapController.ts';
import { wheelAction } from './roadmapGestures.ts';
import type { ReschedulePointer } from './useRoadmapReschedule.ts';

export type PointerTarget =
  | { readonly kind: 'epic'; readonly entry: number; readonly epoch: number }
  | { readonly kind: 'milestone'; readonly index: number }
  | null;

/** Spec: "Tooltip default delay 50". */
const HOVER_DELAY_MS = 50;

/** What is under a point given in viewport-local px. */
export function targetAt(controller: RoadmapController, x: number, y: number): PointerTarget {
  const { frame, snapshot } = controller;
  if (x < frame.detailsWidth) return null;
  const timelineX = x - frame.detailsWidth + frame.scrollLeft;
  if (y >= frame.headerHeight && y < rowsTop(frame)) {
    // Milestones are laid out on the current scale and their lanes scroll on their own.
    const milestoneX = timelineX + frame.snapshotOriginX;
    const laneY = y - frame.headerHeight - MILESTONES_TITLE_HEIGHT + frame.milestonesScrollTop;
    const lane = Math.floor(laneY / MILESTONE_LANE_HEIGHT);
    const index = frame.milestones.findIndex(
      (bar) =>
        bar.lane === lane && milestoneX >= bar.x - 2 && milestoneX <= bar.x + Math.max(bar.width, 9) + 2,
    );
    return index >= 0 && frame.milestonesExpanded ? { kind: 'milestone', index } : null;
  }
  if (!snapshot || y < rowsTop(frame)) return null;
  const entry = barEntryAt(snapshot, timelineX / frame.xScale, y - rowsTop(frame) + frame.scrollTop);
  return entry >= 0 ? { kind: 'epic', entry, epoch: snapshot.epoch } : null;
}

/** Px at each end of a bar that resize it rather than move it. */
const EDGE_GRIP_PX = 6;

/** The part of the bar under (x, y) a drag would reschedule, when the viewer may change its epic. */
export function grabAt(
  controller: RoadmapController,
  reschedule: ReschedulePointer,
  x: number,
  y: number,
): RescheduleEdge | null {
  const target = targetAt(controller, x, y);
  const { snapshot, frame } = controller;
  if (target?.kind !== 'epic' || !snapshot) return null;
  if (!reschedule.canDrag(snapshot.rows.ids[target.entry]!)) return null;
  const left = frame.detailsWidth + snapshot.rows.x[target.entry]! * frame.xScale - frame.scrollLeft;
  const width = snapshot.rows.width[target.entry]! * frame.xScale;
  const grip = Math.min(EDGE_GRIP_PX, width / 3);
  if (x < left + grip) return 'start';
  if (x >= left + width - grip) return 'end';
  return 'move';
}

type Target = Exclude<PointerTarget, null>;

/** Controls handle their own presses: the timeline neither pans nor clicks through them. */
const CONTROLS = 'a, button, input, select, [role="scrollbar"]';

export function useRoadmapPointer(
  viewport: RefObject<HTMLElement | null>,
  controller: RoadmapController | null,
  openEpic: (entry: number, newTab: boolean) => void,
  /** Scrolling moves bars away from their popover: hide it. */
  dismissPopover: () => void,
  /** Drag-to-reschedule (a stable object: the listeners are not re-added for it). */
  reschedule: ReschedulePointer,
): PointerTarget {
  const [hovered, setHovered] = useState<PointerTarget>(null);
  useEffect(() => {
    const element = viewport.current;
    if (!element || !controller) return;
    let gesture: RoadmapGestureState<Target> = ROADMAP_GESTURE_IDLE;
    let cancelHover: Cancel = () => undefined;
    const local = (event: MouseEvent) => {
      const box = element.getBoundingClientRect();
      return { x: event.clientX - box.left, y: event.clientY - box.top };
    };
    let pressX = 0;
    const hover = (target: PointerTarget, at?: { x: number; y: number }) => {
      element.classList.toggle('is-over-bar', target !== null);
      const grab = target?.kind === 'epic' && at ? grabAt(controller, reschedule, at.x, at.y) : null;
      element.classList.toggle('is-over-draggable', grab === 'move');
      element.classList.toggle('is-over-edge', grab === 'start' || grab === 'end');
      controller.setHighlightedRow(
        target?.kind === 'epic' && controller.snapshot ? controller.snapshot.firstRow + target.entry : -1,
      );
      cancelHover();
      cancelHover = systemClock.after(HOVER_DELAY_MS, () => setHovered(target));
    };
    const clearHover = () => {
      cancelHover();
      element.classList.remove('is-over-bar', 'is-over-draggable', 'is-over-edge');
      controller.setHighlightedRow(-1);
      setHovered(null);
    };
    let lastMove: { x: number; y: number } | undefined;
    const run = (command: RoadmapGestureCommand<Target>) => {
      switch (command.kind) {
        case 'hover':
          return hover(command.target, lastMove);
        case 'clearHover':
          return clearHover();
        case 'panStart':
          return element.classList.add('is-panning');
        case 'pan':
          return controller.scrollBy(-command.dx, -command.dy);
        case 'panEnd':
          return element.classList.remove('is-panning');
        case 'zoom':
          return controller.zoomBy(command.levels, command.anchorX);
        case 'open':
          if (command.target.kind === 'epic') openEpic(command.target.entry, command.newTab);
          return;
        case 'dragStart': {
          const id =
            command.target.kind === 'epic' ? controller.snapshot?.rows.ids[command.target.entry] : undefined;
          if (id === undefined) return;
          element.classList.add('is-dragging-bar');
          dismissPopover();
          return reschedule.start(id, command.edge, pressX);
        }
        case 'drag':
          return reschedule.drag(command.dx);
        case 'dragEnd':
          element.classList.remove('is-dragging-bar');
          return reschedule.end(command.commit);
        case 'capture':
          return element.setPointerCapture(command.pointerId);
        case 'release':
          if (element.hasPointerCapture(command.pointerId)) element.releasePointerCapture(command.pointerId);
          return;
      }
    };
    const feed = (input: RoadmapGestureInput) => {
      const step = roadmapGestureStep(gesture, input, {
        detailsWidth: controller.frame.detailsWidth,
        headerHeight: controller.frame.headerHeight,
        targetAt: (x, y) => targetAt(controller, x, y),
        grabAt: (x, y) => grabAt(controller, reschedule, x, y),
      });
      gesture = step.state;
      for (const command of step.commands) run(command);
    };
    const onWheel = (event: WheelEvent) => {
      const action = wheelAction(event, controller.viewport.height);
      event.preventDefault();
      cancelHover();
      setHovered(null);
      dismissPopover();
      if (action.kind === 'zoom') {
        const { x } = local(event);
        controller.zoomBy(action.levels, Math.max(0, x - controller.frame.detailsWidth));
      } else controller.scrollBy(action.dx, action.dy);
    };
    const onPointerDown = (event: PointerEvent) => {
      const onControl = event.target instanceof Element && event.target.closest(CONTROLS) !== null;
      const { pointerId, pointerType, button } = event;
      const at = local(event);
      pressX = at.x;
      feed({ type: 'down', pointerId, pointerType, button, ...at, onControl, time: event.timeStamp });
    };
    const onPointerMove = (event: PointerEvent) => {
      lastMove = local(event);
      feed({ type: 'move', pointerId: event.pointerId, ...lastMove, time: event.timeStamp });
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') feed({ type: 'escape' });
    };
    const onPointerUp = (event: PointerEvent) => {
      const { pointerId, ctrlKey, metaKey } = event;
      feed({ type: 'up', pointerId, ctrlKey, metaKey });
    };
    const onPointerCancel = (event: PointerEvent) => feed({ type: 'cancel', pointerId: event.pointerId });
    const onAuxClick = (event: MouseEvent) => {
      if (event.button !== 1) return;
      const { x, y } = local(event);
      const target = targetAt(controller, x, y);
      if (target?.kind === 'epic') {
        event.preventDefault();
        openEpic(target.entry, true);
      }
    };
    const onLeave = () => feed({ type: 'leave' });
    element.addEventListener('wheel', onWheel, { passive: false });
    element.addEventListener('pointerdown', onPointerDown);
    element.addEventListener('pointermove', onPointerMove);
    element.addEventListener('pointerup', onPointerUp);
    element.addEventListener('pointercancel', onPointerCancel);
    element.addEventListener('auxclick', onAuxClick);
    element.addEventListener('pointerleave', onLeave);
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      cancelHover();
      element.classList.remove(
        'is-panning',
        'is-over-bar',
        'is-over-draggable',
        'is-over-edge',
        'is-dragging-bar',
      );
      element.removeEventListener('wheel', onWheel);
      element.removeEventListener('pointerdown', onPointerDown);
      element.removeEventListener('pointermove', onPointerMove);
      element.removeEventListener('pointerup', onPointerUp);
      element.removeEventListener('pointercancel', onPointerCancel);
      element.removeEventListener('auxclick', onAuxClick);
      element.removeEventListener('pointerleave', onLeave);
    };
  }, [viewport, controller, openEpic, dismissPopover, reschedule]);
  return hovered;
}
