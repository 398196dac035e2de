/**
 * The roadmap view's engine, outside React: a thin façade over its parts — where the view looks
 * (RoadmapViewportManager), the worker conversation (RoadmapLayoutBinding), the milestones section
 * (MilestonesLane) and the DOM that moves with the canvas (OverlaySync) — that in one scheduled
 * frame moves the canvas and the DOM overlay together. React subscribes to `version` to re-render
 * the overlay when a new snapshot (or other visible state) arrives — never per frame.
 */
import { EPIC_DETAILS_CELL_WIDTH, EPIC_ITEM_HEIGHT } from '../../../core/layout/constants.ts';
import type { MilestonesType } from '../../../core/layout/milestoneBars.ts';
import type { ProgressTracking } from '../../../core/layout/progress.ts';
import type { RoadmapViewport } from '../../../core/layout/roadmapViewport.ts';
import type { LayoutSnapshot } from '../../../core/layout/snapshot.ts';
import type { SortValue } from '../../../core/layout/sortOrder.ts';
import type { CalendarDate } from '../../../core/time/calendarDate.ts';
import { asEpochDay } from '../../../core/time/epochDay.ts';
import { sameTimeframeSpec, type TimeframeSpec } from '../../../core/time/scaleSpec.ts';
import type { TimeScale } from '../../../core/time/timeScale.ts';
import type { ViewSpec } from '../../bridge/roadmapLayoutClient.ts';
import { type FrameScheduler, frameScheduler } from '../../canvas/frameScheduler.ts';
import type { CanvasSurface } from '../../canvas/RoadmapCanvas.tsx';
import { createRoadmapFrame } from '../../canvas/roadmapFrame.ts';
import type { RoadmapEpicView, RoadmapMilestoneView } from '../../data/index.ts';
import { systemClock } from '../../lib/clock.ts';
import { MilestonesLane } from './milestonesLane.ts';
import { OverlaySync } from './overlaySync.ts';
import { RoadmapDependencies } from './roadmapDependencies.ts';
import {
  createWorkerLayoutClient,
  type LayoutClientFactory,
  RoadmapLayoutBinding,
  type Timers,
} from './roadmapLayoutBinding.ts';
import { RoadmapStats } from './roadmapStats.ts';
import { type RoadmapOpening, RoadmapViewportManager } from './roadmapViewportManager.ts';
import type { RoadmapViewSettings } from './roadmapViewSpec.ts';
import { thumbGeometry } from './scrollThumbs.ts';

export type { OverlayElements } from './overlaySync.ts';
export { EPIC_HIGHLIGHT_REMOVE_AFTER_MS } from './roadmapLayoutBinding.ts';
export type { RoadmapOpening } from './roadmapViewportManager.ts';

export interface RoadmapViewOptions {
  readonly today: CalendarDate;
  readonly timeframe: TimeframeSpec;
  readonly sortedBy: SortValue;
  readonly progressTracking: ProgressTracking;
  readonly currentGroupId: number | null;
  readonly singleEpicIid: boolean;
  /** Where the view first opens. */
  readonly opensAt: RoadmapOpening;
}

/** What the controller is built with besides its options; tests pass fakes. */
export interface RoadmapControllerDeps {
  readonly createClient?: LayoutClientFactory;
  readonly scheduler?: FrameScheduler;
  readonly timers?: Timers;
}

export class RoadmapController {
  readonly frame = createRoadmapFrame();
  readonly stats = new RoadmapStats();
  readonly milestones = new MilestonesLane();
  private readonly sync = new OverlaySync();
  /** 'blocks' links of the loaded epics: the popover's lists and the hovered bar's chain. */
  readonly dependencies = new RoadmapDependencies();
  private readonly view: RoadmapViewportManager;
  private readonly binding: RoadmapLayoutBinding;
  private readonly scheduler: FrameScheduler;
  /** Bumped whenever React-visible state changes (snapshot, zoom, focus target). */
  version = 0;
  error: unknown = null;
  /** Whether the list's last row is in view (infinite loading listens). */
  atEnd = false;
  private surface: CanvasSurface | null = null;
  private readonly listeners = new Set<() => void>();
  private workerBusy = false;
  private drawPending = false;
  private outer = { width: 0, height: 0, detailsWidth: EPIC_DETAILS_CELL_WIDTH };

  constructor(options: RoadmapViewOptions, deps: RoadmapControllerDeps = {}) {
    this.scheduler = deps.scheduler ?? frameScheduler;
    this.view = new RoadmapViewportManager(options.timeframe, options.opensAt);
    const view: ViewSpec = {
      timeframe: options.timeframe,
      scale: this.view.scaleSpec,
      sortedBy: options.sortedBy,
      progressTracking: options.progressTracking,
      currentGroupId: options.currentGroupId,
      singleEpicIid: options.singleEpicIid,
    };
    this.binding = new RoadmapLayoutBinding(
      view,
      {
        layoutViewport: () => this.view.layoutViewport(),
        onSnapshot: (snapshot) => this.receive(snapshot),
        onError: (error) => {
          this.error = error;
          this.changed();
        },
        onBusyChange: (busy) => {
          this.workerBusy = busy;
          this.changed();
        },
      },
      {
        createClient: deps.createClient ?? createWorkerLayoutClient,
        timers: deps.timers ?? systemClock,
        counts: this.stats,
      },
    );
  }

  get viewport(): RoadmapViewport {
    return this.view.viewport;
  }

  get scale(): TimeScale {
    return this.view.scale;
  }

  get snapshot(): LayoutSnapshot | null {
    return this.binding.snapshot;
  }

  get zoomed(): boolean {
    return this.view.zoomed;
  }

  get canZoomIn(): boolean {
    return this.view.canZoomIn;
  }

  get canZoomOut(): boolean {
    return this.view.canZoomOut;
  }

  /** The DOM parts OverlaySync moves each frame; the view hands them in by ref. */
  get overlay() {
    return this.sync.elements;
  }

  /** Whether the worker is answering: the page is not idle. */
  get busy(): boolean {
    return this.workerBusy;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = (): number => this.version;

  attachSurface(surface: CanvasSurface | null): void {
    this.surface = surface;
    if (surface) surface.resize(this.frame.width, this.frame.height);
    this.requestDraw();
  }

  setEpics(epics: readonly RoadmapEpicView[]): void {
    this.dependencies.setEpics(epics);
    if (this.binding.setEpics(epics)) this.requestDraw();
  }

  epic(id: number): RoadmapEpicView | undefined {
    return this.binding.epic(id);
  }

  /**
   * Spec: a newly added epic is highlighted, scrolled into view, and the highlight is
   * removed after 3 seconds. Returns false when the epic is not loaded yet.
   */
  highlightEpic(id: number): boolean {
    const found = this.binding.highlightEpic(id, (row, epic) => {
      const { viewport } = this;
      viewport.scrollTo(viewport.scrollLeft, (row + 0.5) * EPIC_ITEM_HEIGHT - viewport.height / 2);
      if (epic.startDate) {
        const x = viewport.scale.toPixel(epic.startDate);
        if (x < viewport.scrollLeft || x > viewport.scrollLeft + viewport.width)
          viewport.scrollTo(x - viewport.width / 4, viewport.scrollTop);
      }
      this.requestDraw();
    });
    if (found) this.requestDraw();
    return found;
  }

  setExpanded(id: number, expanded: boolean): void {
    this.binding.setExpanded(id, expanded);
    this.requestDraw();
  }

  /** The expanded rows are `ids` (the tree state's set): sends what changed. */
  syncExpanded(ids: ReadonlySet<number>): void {
    if (this.binding.syncExpanded(ids)) this.requestDraw();
  }

  /**
   * The settings' part of the view (timeframe, sort, progress, group, single iid): diffed against
   * what the worker was last sent, one update when anything differs. A new timeframe goes back to
   * the preset's columns.
   */
  setViewSettings(settings: RoadmapViewSettings): void {
    if (!sameTimeframeSpec(settings.timeframe, this.binding.sentView.timeframe)) {
      this.view.setTimeframe(settings.timeframe);
      this.relayoutMilestones();
    }
    if (this.binding.setView({ ...settings, scale: this.view.scaleSpec })) this.requestDraw();
  }

  /** Part of the view changed (kept for callers that change one setting). */
  setView(patch: Partial<RoadmapViewSettings>): void {
    this.setViewSettings({ ...this.binding.sentView, ...patch });
  }

  setShowDependencies(show: boolean): void {
    if (this.frame.showDependencies === show) return;
    this.frame.showDependencies = show;
    this.requestDraw();
  }

  setShowProgress(show: boolean): void {
    if (this.frame.showProgress === show) return;
    this.frame.showProgress = show;
    this.requestDraw();
  }

  setMilestones(milestones: readonly RoadmapMilestoneView[], type: MilestonesType, show: boolean): void {
    if (!this.milestones.setMilestones(milestones, type, show, this.scale)) return;
    this.milestonesResized();
    this.changed();
  }

  toggleMilestonesExpanded(): void {
    this.milestones.toggleExpanded(this.scale);
    this.milestonesResized();
    this.changed();
  }

  /**
   * Scrolls the milestone lanes (the wheel over them); false when they do not overflow, so the
   * wheel scrolls the rows instead.
   */
  scrollMilestones(dy: number): boolean {
    if (!this.milestones.scrolls) return false;
    if (this.milestones.scrollBy(dy)) {
      this.frame.milestonesScrollTop = this.milestones.scrollTop;
      this.requestDraw();
    }
    return true;
  }

  /**
   * The roadmap viewport's size and its details column's width (px, from CSS): the canvas covers
   * what is right of the column, the milestones section caps its lanes by the height.
   */
  setSize(width: number, height: number, detailsWidth: number = EPIC_DETAILS_CELL_WIDTH): void {
    const resized = detailsWidth !== this.outer.detailsWidth;
    this.outer = { width, height, detailsWidth };
    const timelineWidth = Math.max(0, width - detailsWidth);
    const { frame } = this;
    frame.detailsWidth = detailsWidth;
    frame.width = timelineWidth;
    frame.height = height;
    this.surface?.resize(timelineWidth, height);
    const before = this.milestones.height;
    this.milestones.setViewportHeight(height, frame.headerHeight);
    this.syncMilestonesFrame();
    this.view.setSize(timelineWidth, height - frame.headerHeight - frame.milestonesHeight);
    this.binding.requestLayout();
    if (resized || before !== this.milestones.height) this.changed();
  }

  scrollBy(dx: number, dy: number): void {
    this.view.scrollBy(dx, dy);
    this.requestDraw();
  }

  scrollTo(left: number, top: number): void {
    this.view.scrollTo(left, top);
    this.requestDraw();
  }

  scrollRowIntoView(row: number): void {
    this.view.scrollRowIntoView(row);
    this.requestDraw();
  }

  scrollToToday(): void {
    this.view.scrollToToday();
    this.requestDraw();
  }

  /** Zooms by `levels` (log2 px per day) keeping the instant at `anchorX` (px into the timeline) still. */
  zoomBy(levels: number, anchorX = this.viewport.width / 2): void {
    if (this.view.zoomBy(levels, anchorX)) this.scaleChanged();
  }

  zoomIn(): void {
    if (this.view.zoomIn()) this.scaleChanged();
  }

  zoomOut(): void {
    if (this.view.zoomOut()) this.scaleChanged();
  }

  zoomTo(zoom: number, anchorX = this.viewport.width / 2): void {
    if (this.view.zoomTo(zoom, anchorX)) this.scaleChanged();
  }

  /** The whole timeframe in view. */
  fitAll(): void {
    if (this.view.fitAll()) this.scaleChanged();
    else this.requestDraw();
  }

  /** Back to the preset's equal-width columns (GitLab's layout). */
  resetZoom(): void {
    if (this.view.resetZoom()) this.scaleChanged();
  }

  setPresentation(on: boolean): void {
    if (this.frame.presentation === on) return;
    this.frame.presentation = on;
    this.requestDraw();
  }

  setHighlightedRow(row: number): void {
    if (this.frame.highlightedRow === row) return;
    this.frame.highlightedRow = row;
    this.highlightChain();
    this.requestDraw();
  }

  /** The hovered bar's dependency chain is highlighted, else the keyboard-focused row's. */
  private highlightChain(): void {
    const { snapshot, frame } = this;
    const row = frame.highlightedRow >= 0 ? frame.highlightedRow : frame.focusedRow;
    const id = snapshot && row >= 0 ? snapshot.rows.ids[row - snapshot.firstRow] : undefined;
    this.dependencies.highlight(frame, id);
  }

  setFocusedRow(row: number): void {
    if (this.frame.focusedRow === row) return;
    this.frame.focusedRow = row;
    this.highlightChain();
    this.requestDraw();
  }

  dispose(): void {
    this.scheduler.cancel(this.drawFrame);
    this.drawPending = false;
    this.binding.dispose();
    this.listeners.clear();
  }

  /** Asks for one frame; asking again before it runs adds nothing. */
  requestDraw(): void {
    if (this.drawPending) return;
    this.drawPending = true;
    this.stats.frameRequests += 1;
    this.scheduler.request(this.drawFrame);
  }

  private scaleChanged(): void {
    this.relayoutMilestones();
    this.binding.setView({ ...this.binding.sentView, scale: this.view.scaleSpec });
    this.changed();
  }

  private receive(snapshot: LayoutSnapshot): void {
    this.view.setRowCount(snapshot.rowCount);
    this.stats.epicsDrawn = snapshot.rowCount;
    this.changed();
  }

  private notify(): void {
    this.version += 1;
    for (const listener of this.listeners) listener();
  }

  private changed(): void {
    this.notify();
    this.requestDraw();
  }

  private relayoutMilestones(): void {
    this.milestones.layout(this.scale);
    this.milestonesResized();
  }

  /** After the section's content changed: the frame follows, and a new height resizes the rows. */
  private milestonesResized(): void {
    const height = this.frame.milestonesHeight;
    this.syncMilestonesFrame();
    if (this.milestones.height !== height)
      this.setSize(this.outer.width, this.outer.height, this.outer.detailsWidth);
  }

  private syncMilestonesFrame(): void {
    const { frame, milestones } = this;
    frame.milestones = milestones.bars;
    frame.milestonesExpanded = milestones.expanded;
    frame.milestonesHeight = milestones.height;
    frame.milestonesScrollTop = milestones.scrollTop;
  }

  private readonly drawFrame = (): void => {
    this.drawPending = false;
    const { frame, viewport, snapshot } = this;
    const { scale } = viewport;
    frame.snapshot = snapshot;
    // A snapshot laid out on another scale (a zoom waiting for its layout) is placed where its days
    // fall on the current one: stretched by xScale, shifted by its origin.
    let originX = 0;
    frame.xScale = 1;
    if (snapshot && snapshot.timelineWidth > 0) {
      originX = scale.toPixel(asEpochDay(snapshot.timelineStartDay));
      const endX = scale.toPixel(asEpochDay(snapshot.timelineEndDay + 1));
      frame.xScale = (endX - originX) / snapshot.timelineWidth;
    }
    frame.snapshotOriginX = originX;
    frame.scrollTop = viewport.scrollTop;
    frame.scrollLeft = viewport.scrollLeft - originX;
    frame.todayX = this.view.todayX - originX;
    frame.rangeStartX = scale.toPixel(scale.rangeStartDay) - originX;
    frame.rangeEndX = scale.toPixel(asEpochDay(scale.rangeEndDay + 1)) - originX;
    frame.milestonesScrollTop = this.milestones.scrollTop;
    this.sync.place({
      detailsWidth: frame.detailsWidth,
      scrollTop: viewport.scrollTop,
      snapshotScrollLeft: frame.scrollLeft,
      xScale: frame.xScale,
      scrollLeft: viewport.scrollLeft,
      milestonesScrollTop: this.milestones.scrollTop,
      verticalThumb: thumbGeometry(
        viewport.height,
        viewport.height,
        viewport.rowCount * EPIC_ITEM_HEIGHT,
        viewport.scrollTop,
      ),
      horizontalThumb: thumbGeometry(viewport.width, viewport.width, scale.width, viewport.scrollLeft),
    });
    let visibleChanged = this.milestones.updateInView(viewport.scrollLeft, viewport.width);
    const atEnd =
      snapshot !== null &&
      snapshot.rowCount > 0 &&
      viewport.scrollTop + viewport.height >= (snapshot.rowCount - 1) * EPIC_ITEM_HEIGHT;
    if (atEnd !== this.atEnd) {
      this.atEnd = atEnd;
      visibleChanged = true;
    }
    if (visibleChanged) this.notify();
    let work = 0;
    if (this.surface) {
      work = this.surface.draw(frame);
      this.stats.draws += 1;
    }
    this.stats.recordFrame(work, snapshot !== null && snapshot.count > 0);
    this.binding.layoutIfMoved((requested) => viewport.movedFrom(requested));
  };
}
