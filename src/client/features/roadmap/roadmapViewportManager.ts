/**
 * Where the roadmap looks, on the page's side of the worker: the timeline's size and scroll, the zoom
 * (in, out, to a level, fit all, back to the preset's columns) and the ScaleSpec the worker rebuilds
 * the same scale from. Zooming out continues past the selected range down to MIN_ZOOM; the scale's
 * domain then grows around the range (RoadmapViewport.scaleAtZoom) so the timeline fills the view.
 * No DOM, no worker: the controller asks it, then redraws and tells the worker.
 */
import { RoadmapViewport, ZOOM_STEP } from '../../../core/layout/roadmapViewport.ts';
import type { LayoutViewport } from '../../../core/layout/windowLayout.ts';
import { MAX_ZOOM } from '../../../core/time/continuousScale.ts';
import { asEpochDay, calendarDateToDay, type EpochDay } from '../../../core/time/epochDay.ts';
import {
  type ScaleSpec,
  scaleFromSpec,
  specOfScale,
  type TimeframeSpec,
  timeframeFromSpec,
} from '../../../core/time/scaleSpec.ts';
import type { Timeframe } from '../../../core/time/timeframe.ts';
import type { TimeScale } from '../../../core/time/timeScale.ts';

/**
 * Where the view first opens: at today (GitLab's group roadmap), or with the whole timeframe in
 * view (an epic's few child epics, whose bars may all lie before today).
 */
export type RoadmapOpening = 'today' | 'wholeTimeframe';

const PRESET: ScaleSpec = { kind: 'preset' };

export class RoadmapViewportManager {
  readonly viewport: RoadmapViewport;
  private timeframe: Timeframe;
  private todayDay: EpochDay;
  private spec: ScaleSpec = PRESET;
  private readonly opensAt: RoadmapOpening;
  private opened = false;

  constructor(timeframe: TimeframeSpec, opensAt: RoadmapOpening) {
    this.timeframe = timeframeFromSpec(timeframe);
    this.todayDay = asEpochDay(calendarDateToDay(timeframe.today));
    this.opensAt = opensAt;
    this.viewport = new RoadmapViewport(scaleFromSpec(this.timeframe, PRESET));
  }

  get scale(): TimeScale {
    return this.viewport.scale;
  }

  /** What the worker builds its scale from; always what scaleFromSpec makes of `scale`. */
  get scaleSpec(): ScaleSpec {
    return this.spec;
  }

  get today(): EpochDay {
    return this.todayDay;
  }

  get zoomed(): boolean {
    return this.spec.kind === 'continuous';
  }

  get canZoomIn(): boolean {
    return this.viewport.zoom < MAX_ZOOM - 1e-6;
  }

  get canZoomOut(): boolean {
    return this.viewport.zoom > this.viewport.minZoom + 1e-6;
  }

  /** Today's x on the current scale (world px), NaN when outside its domain. */
  get todayX(): number {
    return this.viewport.scale.todayX(this.todayDay) ?? Number.NaN;
  }

  /**
   * The visible timeline's width and the rows' height (px). The first size with a width opens the
   * view where it should (once).
   */
  setSize(timelineWidth: number, listHeight: number): void {
    this.viewport.setSize(timelineWidth, listHeight);
    if (this.opened || this.viewport.width <= 0) return;
    this.opened = true;
    if (this.opensAt === 'wholeTimeframe') this.fitAll();
    else this.viewport.scrollToToday(this.todayDay);
  }

  setRowCount(rowCount: number): void {
    this.viewport.setRowCount(rowCount);
  }

  scrollBy(dx: number, dy: number): void {
    this.viewport.scrollBy(dx, dy);
  }

  scrollTo(left: number, top: number): void {
    this.viewport.scrollTo(left, top);
  }

  scrollRowIntoView(row: number): void {
    this.viewport.scrollRowIntoView(row);
  }

  scrollToToday(): void {
    this.viewport.scrollToToday(this.todayDay);
  }

  /** Zooms to `zoom` keeping the instant at `anchorX` (px into the timeline) still; false if unchanged. */
  zoomTo(zoom: number, anchorX = this.viewport.width / 2): boolean {
    const next = this.viewport.scaleAtZoom(zoom, anchorX);
    if (!next) return false;
    this.viewport.setScale(next, anchorX);
    this.spec = specOfScale(next);
    return true;
  }

  zoomBy(levels: number, anchorX = this.viewport.width / 2): boolean {
    return this.zoomTo(this.viewport.zoom + levels, anchorX);
  }

  zoomIn(): boolean {
    return this.zoomBy(ZOOM_STEP);
  }

  zoomOut(): boolean {
    return this.zoomBy(-ZOOM_STEP);
  }

  /** The whole selected timeframe in view, from its first day. */
  fitAll(): boolean {
    const changed = this.zoomTo(this.viewport.fitZoom, 0);
    this.viewport.scrollTo(this.scale.toPixel(this.scale.rangeStartDay), this.viewport.scrollTop);
    return changed;
  }

  /** Back to the preset's equal-width columns (GitLab's layout); false when already there. */
  resetZoom(): boolean {
    if (!this.zoomed) return false;
    this.spec = PRESET;
    this.viewport.setScale(scaleFromSpec(this.timeframe, PRESET));
    return true;
  }

  /** A new timeframe: the preset's columns over it, today from its spec. */
  setTimeframe(timeframe: TimeframeSpec): void {
    this.timeframe = timeframeFromSpec(timeframe);
    this.todayDay = asEpochDay(calendarDateToDay(timeframe.today));
    this.spec = PRESET;
    this.viewport.setScale(scaleFromSpec(this.timeframe, PRESET));
  }

  layoutViewport(): LayoutViewport {
    return this.viewport.layoutViewport();
  }

  movedFrom(requested: LayoutViewport): boolean {
    return this.viewport.movedFrom(requested);
  }
}
