/**
 * The milestones section under the timeline header (spec): which milestones it shows, their bars
 * in lanes on the current scale (milestonesFrame), expanded or collapsed, its height, and the lanes'
 * own vertical scroll. Many milestones (the 3-year view can stack 36 into 380 px) would push the
 * epics out of sight, so the lanes area is capped to leave at least ROWS_SHARE of the viewport to
 * epic rows; lanes past the cap scroll inside the section, a whole lane at a time so the canvas
 * never draws half a lane over the header or the rows.
 */
import type { MilestonesType } from '../../../core/layout/milestoneBars.ts';
import type { TimeScale } from '../../../core/time/timeScale.ts';
import {
  MILESTONE_LANE_HEIGHT,
  MILESTONES_TITLE_HEIGHT,
  type MilestoneFrameBar,
} from '../../canvas/roadmapFrame.ts';
import type { RoadmapMilestoneView } from '../../data/index.ts';
import { milestonesFrame } from './milestonesFrame.ts';

/** Share of the roadmap viewport's height that always stays for epic rows. */
export const ROWS_SHARE = 0.6;

/** Bars narrower than this (px) are drawn as this wide a mark (milestonesRenderer's minimum). */
const MINIMUM_MARK = 9;

/**
 * Height (px) of the lanes area shown for `laneCount` lanes in a viewport `viewportHeight` px tall
 * under a `headerHeight` px header: all lanes if they fit, else as many whole lanes as leave
 * ROWS_SHARE of the viewport to rows (the title row always shows), and at least one lane.
 */
export function visibleLanesHeight(laneCount: number, viewportHeight: number, headerHeight: number): number {
  const all = laneCount * MILESTONE_LANE_HEIGHT;
  const room = viewportHeight * (1 - ROWS_SHARE) - headerHeight - MILESTONES_TITLE_HEIGHT;
  const fits = Math.floor(Math.max(0, room) / MILESTONE_LANE_HEIGHT) * MILESTONE_LANE_HEIGHT;
  return Math.min(all, Math.max(MILESTONE_LANE_HEIGHT, fits));
}

/** The lanes' scroll (px) kept within their overflow and snapped to whole lanes. */
export function clampLanesScroll(scrollTop: number, laneCount: number, visibleHeight: number): number {
  const max = Math.max(0, laneCount * MILESTONE_LANE_HEIGHT - visibleHeight);
  const snapped = Math.round(scrollTop / MILESTONE_LANE_HEIGHT) * MILESTONE_LANE_HEIGHT;
  return Math.min(Math.max(0, snapped), max);
}

export class MilestonesLane {
  bars: readonly MilestoneFrameBar[] = [];
  expanded = true;
  /** Height of the section (title row + visible lanes), px; 0 when hidden. */
  height = 0;
  /** Height of the visible lanes area, px. */
  lanesHeight = 0;
  /** The lanes' vertical scroll, px (a whole number of lanes). */
  scrollTop = 0;
  laneCount = 0;
  /** Per bar: whether it is drawn where the user can see it (links elsewhere take no Tab stop). */
  inView: readonly boolean[] = [];
  private milestones: readonly RoadmapMilestoneView[] = [];
  private type: MilestonesType = 'ALL';
  private show = false;
  /** Wheel deltas below a lane accumulate here, so slow trackpads still scroll. */
  private pendingScroll = 0;
  private viewportHeight = 0;
  private headerHeight = 0;

  /** False when nothing changed. */
  setMilestones(
    milestones: readonly RoadmapMilestoneView[],
    type: MilestonesType,
    show: boolean,
    scale: TimeScale,
  ): boolean {
    if (milestones === this.milestones && type === this.type && show === this.show) return false;
    this.milestones = milestones;
    this.type = type;
    this.show = show;
    this.layout(scale);
    return true;
  }

  toggleExpanded(scale: TimeScale): void {
    this.expanded = !this.expanded;
    this.layout(scale);
  }

  /** The roadmap viewport's height and its header's (px): they cap the lanes area. */
  setViewportHeight(viewportHeight: number, headerHeight: number): void {
    this.viewportHeight = viewportHeight;
    this.headerHeight = headerHeight;
    this.fit();
  }

  /** Bars on a new scale (a zoom, a new timeframe). */
  layout(scale: TimeScale): void {
    const { bars, laneCount } = milestonesFrame(this.show ? this.milestones : [], this.type, scale);
    this.bars = bars;
    this.laneCount = laneCount;
    this.fit();
  }

  /** Scrolls the lanes by `dy` px; false when they did not move (nothing to scroll, or at an end). */
  scrollBy(dy: number): boolean {
    const before = this.scrollTop;
    const target = this.scrollTop + this.pendingScroll + dy;
    this.scrollTop = clampLanesScroll(target, this.laneCount, this.lanesHeight);
    const max = Math.max(0, this.laneCount * MILESTONE_LANE_HEIGHT - this.lanesHeight);
    this.pendingScroll = target > 0 && target < max ? target - this.scrollTop : 0;
    return this.scrollTop !== before;
  }

  /** Whether the lanes overflow their area (the wheel over them scrolls them). */
  get scrolls(): boolean {
    return this.expanded && this.laneCount * MILESTONE_LANE_HEIGHT > this.lanesHeight;
  }

  /** Whether lane `lane` is in the visible lanes area. */
  laneInView(lane: number): boolean {
    const top = lane * MILESTONE_LANE_HEIGHT;
    return (
      this.expanded &&
      top >= this.scrollTop &&
      top + MILESTONE_LANE_HEIGHT <= this.scrollTop + this.lanesHeight
    );
  }

  /**
   * Recomputes `inView` for the visible timeline [scrollLeft, scrollLeft + width) (current-scale
   * world px); true when it changed (the links' Tab stops must follow).
   */
  updateInView(scrollLeft: number, width: number): boolean {
    let changed = this.inView.length !== this.bars.length;
    const next: boolean[] = changed ? new Array<boolean>(this.bars.length) : (this.inView as boolean[]);
    for (let i = 0; i < this.bars.length; i += 1) {
      const bar = this.bars[i]!;
      const right = bar.x + Math.max(bar.width, MINIMUM_MARK);
      const visible = this.laneInView(bar.lane) && right > scrollLeft && bar.x < scrollLeft + width;
      if (next[i] !== visible) {
        next[i] = visible;
        changed = true;
      }
    }
    if (changed) this.inView = [...next];
    return changed;
  }

  private fit(): void {
    const lanes = this.expanded ? this.laneCount : 0;
    this.lanesHeight = lanes === 0 ? 0 : visibleLanesHeight(lanes, this.viewportHeight, this.headerHeight);
    this.height = this.show ? MILESTONES_TITLE_HEIGHT + this.lanesHeight : 0;
    this.scrollTop = clampLanesScroll(this.scrollTop, lanes, this.lanesHeight);
  }
}
