/**
 * What one roadmap frame draws: the newest layout snapshot plus where the view is. The page builds
 * this object once and mutates it as the view moves (no allocation per frame); the scene reads it
 * synchronously. Units are CSS px; "world" x is timeline px of the snapshot's scale.
 */

import { EPIC_DETAILS_CELL_WIDTH } from '../../core/layout/constants.ts';
import type { LayoutSnapshot } from '../../core/layout/snapshot.ts';

export interface MilestoneFrameBar {
  readonly id: number;
  readonly title: string;
  /** World px of the current scale. */
  readonly x: number;
  readonly width: number;
  readonly lane: number;
  readonly style: 'minimum' | 'small' | null;
}

export interface RoadmapFrame {
  snapshot: LayoutSnapshot | null;
  /** Canvas size. */
  width: number;
  height: number;
  /** Canvas x where the timeline starts: 0, as the canvas covers the timeline only (the details column is DOM). */
  timelineLeft: number;
  /** Width of the DOM details column left of the canvas, px (narrower on phones; CSS decides). */
  detailsWidth: number;
  headerHeight: number;
  /** Height of the milestones section under the header (title row + visible lanes; 0 when hidden). */
  milestonesHeight: number;
  milestonesExpanded: boolean;
  /** Bars of every lane; only the lanes in the section's visible area are drawn. */
  milestones: readonly MilestoneFrameBar[];
  /** The lanes' own vertical scroll, px (whole lanes): lanes past the section's cap scroll inside it. */
  milestonesScrollTop: number;
  /**
   * Current-scale world px of the snapshot's x = 0. Non-zero only while a zoom that moved the
   * scale's first day waits for its layout: scrollLeft and todayX are then in the snapshot's world,
   * and the milestones (laid out on the current scale) add this back.
   */
  snapshotOriginX: number;
  scrollTop: number;
  scrollLeft: number;
  /**
   * Current scale width ÷ the snapshot's: while a zoom waits for its layout, the last snapshot is
   * stretched by this factor so the view follows the gesture in the same frame.
   */
  xScale: number;
  /** Today's x on the current scale (world px), NaN when outside. */
  todayX: number;
  /**
   * Where the chosen date range starts and ends (world px, like todayX). Zoomed out past the range,
   * the timeline goes on beyond it, shaded: no epics are fetched there.
   */
  rangeStartX: number;
  rangeEndX: number;
  showProgress: boolean;
  /** Draw the dependency arrows ('Show dependency arrows'). */
  showDependencies: boolean;
  /** Epic ids of the hovered bar's dependency chain (empty for none): those arrows are highlighted. */
  highlightedChain: ReadonlySet<number>;
  /** The list row under the pointer, -1 for none. */
  highlightedRow: number;
  /** The list row with keyboard focus, -1 for none: highlighted like a hovered row, and ringed. */
  focusedRow: number;
  /** Larger text for presenters. */
  presentation: boolean;
}

export const MILESTONE_LANE_HEIGHT = 24;
export const MILESTONES_TITLE_HEIGHT = 32;
export const TIMELINE_HEADER_HEIGHT = 60;

export function createRoadmapFrame(): RoadmapFrame {
  return {
    snapshot: null,
    width: 0,
    height: 0,
    timelineLeft: 0,
    // The default; the page's `--roadmap-details-width` is what is used once measured.
    detailsWidth: EPIC_DETAILS_CELL_WIDTH,
    headerHeight: TIMELINE_HEADER_HEIGHT,
    milestonesHeight: 0,
    milestonesExpanded: true,
    milestones: [],
    milestonesScrollTop: 0,
    snapshotOriginX: 0,
    scrollTop: 0,
    scrollLeft: 0,
    xScale: 1,
    todayX: Number.NaN,
    rangeStartX: Number.NEGATIVE_INFINITY,
    rangeEndX: Number.POSITIVE_INFINITY,
    showProgress: true,
    showDependencies: true,
    highlightedChain: new Set(),
    highlightedRow: -1,
    focusedRow: -1,
    presentation: false,
  };
}

/** Top of the rows area on screen. */
export const rowsTop = (frame: RoadmapFrame): number => frame.headerHeight + frame.milestonesHeight;
