/**
 * Small hooks RoadmapView is made of: each binds one piece of the page (size, canvas state, the
 * new-epic highlight, infinite loading, the milestone lanes' wheel) to the RoadmapController, which
 * does the work.
 */
import { type RefObject, useCallback, useEffect, useState } from 'react';
import { EPIC_DETAILS_CELL_WIDTH } from '../../../core/layout/constants.ts';
import type { CanvasSurface } from '../../canvas/RoadmapCanvas.tsx';
import { MILESTONES_TITLE_HEIGHT, rowsTop } from '../../canvas/roadmapFrame.ts';
import type { RoadmapEpicPages, RoadmapEpicView } from '../../data/index.ts';
import { forgetNewEpic, pendingNewEpic } from '../../state/index.ts';
import type { RoadmapController } from './roadmapController.ts';

/** The details column's width from CSS (phones narrow it), px; the spec's 320 when unset. */
export function detailsWidthOf(element: Element): number {
  const value = Number.parseFloat(getComputedStyle(element).getPropertyValue('--roadmap-details-width'));
  return Number.isFinite(value) && value >= 0 ? value : EPIC_DETAILS_CELL_WIDTH;
}

/** Sizes the controller from the viewport element, and again whenever it resizes. */
export function useViewportSize(
  viewportRef: RefObject<HTMLElement | null>,
  controller: RoadmapController | null,
): void {
  useEffect(() => {
    const element = viewportRef.current;
    if (!element || !controller) return;
    // Read in the observer's callback: a media query that narrows the column also resizes the element.
    const size = () => controller.setSize(element.clientWidth, element.clientHeight, detailsWidthOf(element));
    const observer = new ResizeObserver(size);
    observer.observe(element);
    size();
    return () => observer.disconnect();
  }, [viewportRef, controller]);
}

/** 'lost': the WebGL context is gone (the overlay draws the rows as DOM until it returns). */
export type CanvasState = 'pending' | 'ready' | 'lost';

export function useCanvasState(controller: RoadmapController | null) {
  const [canvasState, setCanvasState] = useState<CanvasState>('pending');
  const onSurface = useCallback(
    (surface: CanvasSurface | null) => {
      controller?.attachSurface(surface);
      if (surface) setCanvasState('ready');
    },
    [controller],
  );
  const onContextLost = useCallback((lost: boolean) => setCanvasState(lost ? 'lost' : 'ready'), []);
  return { canvasState, onSurface, onContextLost };
}

/** An epic just created from this roadmap is highlighted once it is loaded (loading the rest if needed). */
export function useHighlightNewEpic(
  controller: RoadmapController | null,
  epics: RoadmapEpicPages,
  allEpics: readonly RoadmapEpicView[],
): void {
  const { loading, hasNextPage, loadAll } = epics;
  useEffect(() => {
    const id = pendingNewEpic();
    if (id === null || !controller || loading || allEpics.length === 0) return;
    if (controller.highlightEpic(id)) forgetNewEpic();
    else if (hasNextPage) loadAll();
    else forgetNewEpic();
  }, [controller, allEpics, loading, hasNextPage, loadAll]);
}

/** Spec, "Paging": the next page loads when the end of the list scrolls into view; the stats count. */
export function useEpicPaging(controller: RoadmapController | null, epics: RoadmapEpicPages): void {
  const endInView = controller?.atEnd ?? false;
  const { hasNextPage, loadingMore, loadMore } = epics;
  useEffect(() => {
    if (endInView && hasNextPage && !loadingMore) loadMore();
  }, [endInView, hasNextPage, loadingMore, loadMore]);
  useEffect(() => {
    if (!controller) return;
    controller.stats.epicsLoaded = epics.epics?.length ?? 0;
    controller.stats.epicsTotal = epics.total ?? 0;
  }, [controller, epics.epics, epics.total]);
}

/**
 * The wheel over the milestone lanes scrolls them when they overflow their capped area. Captured on
 * the viewport, before the rows' wheel handler (useRoadmapPointer), which it then keeps out.
 */
export function useMilestonesWheel(
  viewportRef: RefObject<HTMLElement | null>,
  controller: RoadmapController | null,
): void {
  useEffect(() => {
    const element = viewportRef.current;
    if (!element || !controller) return;
    const onWheel = (event: WheelEvent) => {
      if (event.ctrlKey || event.metaKey || Math.abs(event.deltaY) < Math.abs(event.deltaX)) return;
      const { frame } = controller;
      const box = element.getBoundingClientRect();
      const x = event.clientX - box.left;
      const y = event.clientY - box.top;
      const overLanes =
        x >= frame.detailsWidth && y >= frame.headerHeight + MILESTONES_TITLE_HEIGHT && y < rowsTop(frame);
      const lines = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? element.clientHeight : 1;
      if (!overLanes || !controller.scrollMilestones(event.deltaY * lines)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
    };
    element.addEventListener('wheel', onWheel, { passive: false, capture: true });
    return () => element.removeEventListener('wheel', onWheel, { capture: true });
  }, [viewportRef, controller]);
}
