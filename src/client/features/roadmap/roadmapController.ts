/**
 * The roadmap view's engine, outside React: it owns where the view looks (RoadmapViewport), talks to
 * the layout worker (epics by id, view changes, viewports), keeps the newest snapshot, and in one
 * scheduled frame moves the canvas and the DOM overlay together. React subscribes to `version` to
 * re-render the overlay when a new snapshot (or other visible state) arrives — never per frame.
 */
import { EPIC_ITEM_HEIGHT } from '../../../core/layout/constants.ts';
import type { MilestonesType } from '../../../core/layout/milestoneBars.ts';
import type { ProgressTracking } from '../../../core/layout/progress.ts';
import type { RoadmapEpicInput } from '../../../core/layout/roadmapEpic.ts';
import { RoadmapViewport, ZOOM_STEP } from '../../../core/layout/roadmapViewport.ts';
import type { LayoutSnapshot } from '../../../core/layout/snapshot.ts';
import type { SortValue } from '../../../core/layout/sortOrder.ts';
import type { LayoutViewport } from '../../../core/layout/windowLayout.ts';
import type { CalendarDate } from '../../../core/time/calendarDate.ts';
import { asEpochDay, calendarDateToDay, type EpochDay } from '../../../core/time/epochDay.ts';
import {
  type ScaleSpec,
  scaleFromSpec,
  type TimeframeSpec,
  timeframeFromSpec,
} from '../../../core/time/scaleSpec.ts';
import type { Timeframe } from '../../../core/time/timeframe.ts';
import type { TimeScale } from '../../../core/time/timeScale.ts';
import { RoadmapLayoutClient, type ViewSpec } from '../../bridge/roadmapLayoutClient.ts';
import { cancelFrame, requestFrame } from '../../canvas/frameScheduler.ts';
import type { CanvasSurface } from '../../canvas/RoadmapCanvas.tsx';
import { createRoadmapFrame, DETAILS_WIDTH } from '../../canvas/roadmapFrame.ts';
import type { RoadmapEpicView, RoadmapMilestoneView } from '../../data/index.ts';
import { milestonesFrame } from './milestonesFrame.ts';
import { RoadmapStats } from './roadmapStats.ts';
import { placeThumb, thumbGeometry } from './scrollThumbs.ts';

export interface RoadmapViewOptions {
  readonly today: CalendarDate;
  readonly timeframe: TimeframeSpec;
  readonly sortedBy: SortValue;
  readonly progressTracking: ProgressTracking;
  readonly currentGroupId: number | null;
  readonly singleEpicIid: boolean;
  /**
   * Where the view first opens: at today (GitLab's group roadmap), or with the whole timeframe in
   * view (an epic's few child epics, whose bars may all lie before today).
   */
  readonly opensAt: RoadmapOpening;
}

export type RoadmapOpening = 'today' | 'wholeTimeframe';

/**
 * The DOM parts the frame moves with the canvas: the overlay rows (vertical scroll), the plain-DOM
 * bars and header of the fallback (snapshot world px, so stretched by xScale while a zoom waits),
 * and the milestone links (current-scale world px).
 */
export interface OverlayElements {
  rows: HTMLElement | null;
  timeline: HTMLElement | null;
  header: HTMLElement | null;
  milestones: HTMLElement | null;
  verticalThumb: HTMLElement | null;
  horizontalThumb: HTMLElement | null;
}

/** Spec §9: the new-epic highlight lasts 3,000 ms. */
export const EPIC_HIGHLIGHT_REMOVE_AFTER_MS = 3000;

const toInput = (epic: RoadmapEpicView): RoadmapEpicInput => ({
  id: epic.id,
  iid: epic.iid,
  title: epic.title,
  parentId: epic.parentId,
  groupId: epic.groupId,
  groupName: epic.groupName,
  startDate: epic.startDate,
  dueDate: epic.dueDate,
  descendantCounts: epic.descendantCounts,
  descendantWeightSum: epic.descendantWeightSum,
  color: epic.color,
  textColor: epic.textColor,
  hasChildren: epic.hasChildren,
  ...(epic.newEpic ? { newEpic: true } : {}),
});

export class RoadmapController {
  readonly frame = createRoadmapFrame();
  readonly viewport: RoadmapViewport;
  readonly overlay: OverlayElements = {
    rows: null,
    timeline: null,
    header: null,
    milestones: null,
    verticalThumb: null,
    horizontalThumb: null,
  };
  readonly stats = new RoadmapStats();
  snapshot: LayoutSnapshot | null = null;
  /** Bumped whenever React-visible state changes (snapshot, zoom, focus target). */
  version = 0;
  error: unknown = null;
  private readonly client: RoadmapLayoutClient;
  private surface: CanvasSurface | null = null;
  private view: ViewSpec;
  private timeframe: Timeframe;
  private today: EpochDay;
  private scaleSpec: ScaleSpec = { kind: 'preset' };
  private readonly sent = new Map<number, RoadmapEpicView>();
  private requested: LayoutViewport | null = null;
  private milestoneViews: readonly RoadmapMilestoneView[] = [];
  private milestonesType: MilestonesType = 'ALL';
  private showMilestones = false;
  private readonly listeners = new Set<() => void>();
  private workerBusy = false;
  private outerSize = { width: 0, height: 0 };
  /** Whether the list's last row is in view (infinite loading listens). */
  atEnd = false;
  /** Where the view opens (GitLab's roadmap: today): done once, when the view first has a size. */
  private readonly opensAt: RoadmapOpening;
  private opened = false;

  constructor(options: RoadmapViewOptions) {
    this.view = {
      timeframe: options.timeframe,
      scale: this.scaleSpec,
      sortedBy: options.sortedBy,
      progressTracking: options.progressTracking,
      currentGroupId: options.currentGroupId,
      singleEpicIid: options.singleEpicIid,
    };
    this.today = asEpochDay(calendarDateToDay(options.today));
    this.opensAt = options.opensAt;
    this.timeframe = timeframeFromSpec(options.timeframe);
    this.viewport = new RoadmapViewport(scaleFromSpec(this.timeframe, this.scaleSpec));
    this.client = new RoadmapLayoutClient({
      onSnapshot: (snapshot) => this.receive(snapshot),
      onError: (error) => {
        this.error = error;
        this.changed();
      },
      onBusyChange: (busy) => {
        this.workerBusy = busy;
        this.changed();
      },
    });
    this.client.init(this.view);
  }

  get scale(): TimeScale {
    return this.viewport.scale;
  }

  get zoomed(): boolean {
    return this.scaleSpec.kind === 'continuous';
  }

  /** Whether the worker is answering or a frame waits: the page is not idle. */
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

  /** Sends the epics that are new or changed since the last call, and removes the ones gone. */
  setEpics(epics: readonly RoadmapEpicView[]): void {
    const upsert: RoadmapEpicInput[] = [];
    const present = new Set<number>();
    for (const epic of epics) {
      present.add(epic.id);
      if (this.sent.get(epic.id) !== epic) {
        this.sent.set(epic.id, epic);
        upsert.push(toInput(epic));
      }
    }
    const remove: number[] = [];
    for (const id of this.sent.keys()) if (!present.has(id)) remove.push(id);
    for (const id of remove) this.sent.delete(id);
    if (upsert.length || remove.length) this.update({ upsert, remove });
  }

  epic(id: number): RoadmapEpicView | undefined {
    return this.sent.get(id);
  }

  /**
   * Spec §4 "Highlight": a newly added epic is highlighted, scrolled into view, and the highlight is
   * removed after 3 seconds. Returns false when the epic is not loaded yet.
   */
  highlightEpic(id: number): boolean {
    const epic = this.sent.get(id);
    if (!epic) return false;
    this.update({ upsert: [{ ...toInput(epic), newEpic: true }] });
    void this.client.rowOf(id).then((row) => {
      if (row < 0) return;
      this.viewport.scrollTo(
        this.viewport.scrollLeft,
        (row + 0.5) * EPIC_ITEM_HEIGHT - this.viewport.height / 2,
      );
      const { startDate } = epic;
      if (startDate) {
        const x = this.viewport.scale.toPixel(startDate);
        if (x < this.viewport.scrollLeft || x > this.viewport.scrollLeft + this.viewport.width)
          this.viewport.scrollTo(x - this.viewport.width / 4, this.viewport.scrollTop);
      }
      this.requestDraw();
    });
    window.setTimeout(() => {
      if (this.sent.get(id) === epic) this.update({ upsert: [toInput(epic)] });
    }, EPIC_HIGHLIGHT_REMOVE_AFTER_MS);
    return true;
  }

  setExpanded(id: number, expanded: boolean): void {
    this.update({ expanded: [{ id, expanded }] });
  }

  setProgress(tracking: ProgressTracking, show: boolean): void {
    this.frame.showProgress = show;
    if (tracking !== this.view.progressTracking) this.setView({ progressTracking: tracking });
    else this.requestDraw();
  }

  setSort(sortedBy: SortValue): void {
    if (sortedBy !== this.view.sortedBy) this.setView({ sortedBy });
  }

  setMilestones(milestones: readonly RoadmapMilestoneView[], type: MilestonesType, show: boolean): void {
    if (milestones === this.milestoneViews && type === this.milestonesType && show === this.showMilestones)
      return;
    this.milestoneViews = milestones;
    this.milestonesType = type;
    this.showMilestones = show;
    this.layoutMilestones();
    this.changed();
  }

  toggleMilestonesExpanded(): void {
    this.frame.milestonesExpanded = !this.frame.milestonesExpanded;
    this.layoutMilestones();
    this.changed();
  }

  /** The roadmap viewport's size (px): the canvas covers what is right of the details column. */
  setSize(width: number, height: number): void {
    this.outerSize = { width, height };
    const timelineWidth = Math.max(0, width - DETAILS_WIDTH);
    this.frame.width = timelineWidth;
    this.frame.height = height;
    this.surface?.resize(timelineWidth, height);
    this.viewport.setSize(timelineWidth, height - this.frame.headerHeight - this.frame.milestonesHeight);
    if (!this.opened && this.viewport.width > 0) {
      this.opened = true;
      if (this.opensAt === 'wholeTimeframe') this.fitAll();
      else this.viewport.scrollToToday(this.today);
    }
    this.requestLayout();
  }

  scrollBy(dx: number, dy: number): void {
    this.viewport.scrollBy(dx, dy);
    this.requestDraw();
  }

  scrollTo(left: number, top: number): void {
    this.viewport.scrollTo(left, top);
    this.requestDraw();
  }

  scrollRowIntoView(row: number): void {
    this.viewport.scrollRowIntoView(row);
    this.requestDraw();
  }

  scrollToToday(): void {
    this.viewport.scrollToToday(this.today);
    this.requestDraw();
  }

  /** Zooms by `levels` (log2 px per day) keeping the instant at `anchorX` (px into the timeline) still. */
  zoomBy(levels: number, anchorX = this.viewport.width / 2): void {
    this.zoomTo(this.viewport.zoom + levels, anchorX);
  }

  zoomIn(): void {
    this.zoomBy(ZOOM_STEP);
  }

  zoomOut(): void {
    this.zoomBy(-ZOOM_STEP);
  }

  zoomTo(zoom: number, anchorX = this.viewport.width / 2): void {
    const next = this.viewport.scaleAtZoom(zoom);
    if (!next) return;
    this.viewport.setScale(next, anchorX);
    this.scaleSpec = { kind: 'continuous', zoom: next.zoom };
    this.layoutMilestones();
    this.update({ view: { scale: this.scaleSpec } });
  }

  /** The whole timeframe in view. */
  fitAll(): void {
    this.zoomTo(this.viewport.minZoom, 0);
    this.viewport.scrollTo(0, this.viewport.scrollTop);
    this.requestDraw();
  }

  /** Back to the preset's equal-width columns (GitLab's layout). */
  resetZoom(): void {
    if (!this.zoomed) return;
    this.scaleSpec = { kind: 'preset' };
    this.viewport.setScale(scaleFromSpec(this.timeframe, this.scaleSpec));
    this.layoutMilestones();
    this.update({ view: { scale: this.scaleSpec } });
  }

  /** New timeframe, sort or progress: the worker re-lays out; the view keeps its zoom kind. */
  setView(patch: Partial<Omit<ViewSpec, 'scale'>>): void {
    if (patch.timeframe) {
      this.timeframe = timeframeFromSpec(patch.timeframe);
      this.today = asEpochDay(calendarDateToDay(patch.timeframe.today));
      this.scaleSpec = { kind: 'preset' };
      this.viewport.setScale(scaleFromSpec(this.timeframe, this.scaleSpec));
      this.layoutMilestones();
    }
    this.update({ view: { ...patch, scale: this.scaleSpec } });
  }

  setPresentation(on: boolean): void {
    this.frame.presentation = on;
    this.requestDraw();
  }

  setHighlightedRow(row: number): void {
    if (this.frame.highlightedRow === row) return;
    this.frame.highlightedRow = row;
    this.requestDraw();
  }

  setFocusedRow(row: number): void {
    if (this.frame.focusedRow === row) return;
    this.frame.focusedRow = row;
    this.requestDraw();
  }

  dispose(): void {
    cancelFrame(this.drawFrame);
    this.client.dispose();
    this.listeners.clear();
  }

  requestDraw(): void {
    requestFrame(this.drawFrame);
  }

  private update(change: Parameters<RoadmapLayoutClient['update']>[0]): void {
    if (change.view) this.view = { ...this.view, ...change.view };
    this.requested = this.viewport.layoutViewport();
    this.client.update(change, this.requested);
    this.requestDraw();
  }

  private requestLayout(): void {
    this.requested = this.viewport.layoutViewport();
    this.client.layout(this.requested);
  }

  private receive(snapshot: LayoutSnapshot): void {
    this.snapshot = snapshot;
    this.frame.snapshot = snapshot;
    this.viewport.setRowCount(snapshot.rowCount);
    this.stats.epicsDrawn = snapshot.rowCount;
    this.changed();
  }

  private changed(): void {
    this.version += 1;
    for (const listener of this.listeners) listener();
    this.requestDraw();
  }

  private layoutMilestones(): void {
    const frame = this.frame;
    const { bars, height } = milestonesFrame(
      this.showMilestones ? this.milestoneViews : [],
      this.milestonesType,
      frame.milestonesExpanded,
      this.viewport.scale,
    );
    frame.milestones = bars;
    const sectionHeight = this.showMilestones ? height : 0;
    if (sectionHeight !== frame.milestonesHeight) {
      frame.milestonesHeight = sectionHeight;
      this.setSize(this.outerSize.width, this.outerSize.height);
    }
  }

  private placeThumbs(): void {
    const { viewport, overlay } = this;
    const vertical = thumbGeometry(
      viewport.height,
      viewport.height,
      viewport.rowCount * 50,
      viewport.scrollTop,
    );
    const horizontal = thumbGeometry(
      viewport.width,
      viewport.width,
      viewport.scale.width,
      viewport.scrollLeft,
    );
    placeThumb(overlay.verticalThumb, vertical, 'height', 'translateY');
    placeThumb(overlay.horizontalThumb, horizontal, 'width', 'translateX');
  }

  private readonly drawFrame = (): void => {
    const { frame, viewport, snapshot } = this;
    frame.scrollTop = viewport.scrollTop;
    frame.scrollLeft = viewport.scrollLeft;
    frame.xScale = snapshot && snapshot.timelineWidth > 0 ? viewport.scale.width / snapshot.timelineWidth : 1;
    frame.todayX = viewport.scale.todayX(this.today) ?? Number.NaN;
    const { rows, timeline, header, milestones } = this.overlay;
    const left = DETAILS_WIDTH - viewport.scrollLeft;
    if (rows) rows.style.transform = `translate3d(0, ${-viewport.scrollTop}px, 0)`;
    if (timeline)
      timeline.style.transform = `translate3d(${left}px, ${-viewport.scrollTop}px, 0) scaleX(${frame.xScale})`;
    if (header) header.style.transform = `translate3d(${left}px, 0, 0) scaleX(${frame.xScale})`;
    if (milestones) milestones.style.transform = `translate3d(${left}px, 0, 0)`;
    this.placeThumbs();
    const atEnd =
      snapshot !== null &&
      snapshot.rowCount > 0 &&
      viewport.scrollTop + viewport.height >= (snapshot.rowCount - 1) * EPIC_ITEM_HEIGHT;
    if (atEnd !== this.atEnd) {
      this.atEnd = atEnd;
      this.version += 1;
      for (const listener of this.listeners) listener();
    }
    const work = this.surface ? this.surface.draw(frame) : 0;
    this.stats.recordFrame(work, snapshot !== null && snapshot.count > 0);
    if (this.requested && viewport.movedFrom(this.requested)) this.requestLayout();
  };
}
