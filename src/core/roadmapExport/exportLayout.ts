/**
 * Lays out a roadmap for an export with the roadmap's own layout (RoadmapSession, src/core/layout):
 * the same rows, order, nesting, bars and header the page draws, for the whole list and timeline
 * or for the viewport the user is looking at. No second layout: this only chooses the window.
 */
import { EPIC_ITEM_HEIGHT } from '../layout/constants.ts';
import type { RoadmapEpicInput } from '../layout/roadmapEpic.ts';
import { RoadmapSession, type ViewSpec } from '../layout/roadmapSession.ts';
import type { LayoutSnapshot } from '../layout/snapshot.ts';

/** The part of the timeline an export shows: all of it, or the page's viewport. */
export type ExportRegion =
  | { readonly kind: 'all' }
  | {
      readonly kind: 'view';
      /** The page's viewport: px from the top of the first row, visible list height (px). */
      readonly scrollTop: number;
      readonly height: number;
      /** World px of the timeline's left edge in view, and the visible timeline width (px). */
      readonly scrollLeft: number;
      readonly width: number;
    };

export interface ExportLayoutInput {
  readonly view: ViewSpec;
  readonly epics: readonly RoadmapEpicInput[];
  readonly expandedIds: readonly number[];
  readonly region: ExportRegion;
}

/** A snapshot of exactly the rows and the timeline range to draw. */
export interface ExportArea {
  readonly snapshot: LayoutSnapshot;
  /** World px of the timeline shown, [fromX, toX). */
  readonly fromX: number;
  readonly toX: number;
}

export function layoutForExport(input: ExportLayoutInput): ExportArea {
  const { region } = input;
  // The whole roadmap is drawn with GitLab's columns over the timeframe, whatever the zoom.
  const view: ViewSpec = region.kind === 'all' ? { ...input.view, scale: { kind: 'preset' } } : input.view;
  const session = new RoadmapSession(view);
  session.apply({
    upsert: input.epics,
    expanded: input.expandedIds.map((id) => ({ id, expanded: true })),
  });
  if (region.kind === 'view') {
    // Rows partly in view are drawn whole; the timeline is cut at the viewport's edges.
    const snapshot = session.layout(0, { ...region, bufferRows: 0, bufferPx: 0 });
    const toX = Math.min(snapshot.timelineWidth, region.scrollLeft + Math.max(1, region.width));
    return { snapshot, fromX: Math.max(0, Math.min(region.scrollLeft, toX - 1)), toX };
  }
  const probe = session.layout(0, { scrollTop: 0, height: 0, scrollLeft: 0, width: 0, bufferRows: 0 });
  const snapshot = session.layout(1, {
    scrollTop: 0,
    height: Math.max(1, probe.rowCount) * EPIC_ITEM_HEIGHT,
    scrollLeft: 0,
    width: probe.timelineWidth,
    bufferRows: 0,
    bufferPx: 0,
  });
  return { snapshot, fromX: 0, toX: snapshot.timelineWidth };
}
