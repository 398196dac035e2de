/**
 * Milestone bars (spec, "Bars"): clamped and dropped like epics, duplicates dropped,
 * filtered by the milestones type (GitLab's front end), and styled by width: under 9 px 'minimum'; under
 * 12 px 'small', the latter only where columns are quarters or months (GitLab never applies it to
 * weeks). Milestones are few, so this returns plain objects.
 */
import type { CalendarDate } from '../time/calendarDate.ts';
import { asEpochDay, calendarDateToDay } from '../time/epochDay.ts';
import type { TimeScale } from '../time/timeScale.ts';
import { clampEnd, clampFlags, clampStart, UNDEFINED_END, UNDEFINED_START } from './clampEpic.ts';

export const MILESTONES_TYPES = ['ALL', 'GROUP', 'SUBGROUP', 'PROJECT'] as const;
export type MilestonesType = (typeof MILESTONES_TYPES)[number];

export interface RoadmapMilestoneInput {
  readonly id: number;
  readonly title: string;
  readonly startDate: CalendarDate | null;
  readonly dueDate: CalendarDate | null;
  readonly groupMilestone: boolean;
  readonly subgroupMilestone: boolean;
  readonly projectMilestone: boolean;
}

export type MilestoneBarStyle = 'minimum' | 'small' | null;

export interface MilestoneBar {
  readonly id: number;
  /** World px. */
  readonly x: number;
  readonly width: number;
  readonly style: MilestoneBarStyle;
  /** ROW_FLAG start/end undefined and out-of-range bits. */
  readonly flags: number;
}

/** GROUP → group and not subgroup; SUBGROUP → subgroup; PROJECT → project; ALL → all. */
export function filterMilestonesByType<T extends RoadmapMilestoneInput>(
  milestones: readonly T[],
  type: MilestonesType,
): T[] {
  switch (type) {
    case 'ALL':
      return [...milestones];
    case 'GROUP':
      return milestones.filter((m) => m.groupMilestone && !m.subgroupMilestone);
    case 'SUBGROUP':
      return milestones.filter((m) => m.subgroupMilestone);
    case 'PROJECT':
      return milestones.filter((m) => m.projectMilestone);
  }
}

/** The popover's type line. */
export function milestoneTypeText(milestone: RoadmapMilestoneInput): string {
  if (milestone.projectMilestone) return 'Project milestone';
  if (milestone.subgroupMilestone) return 'Subgroup milestone';
  return 'Group milestone';
}

const MINIMUM_WIDTH = 9;
const SMALL_WIDTH = 12;

export function milestoneBarStyle(width: number, scale: Pick<TimeScale, 'granularity'>): MilestoneBarStyle {
  if (width < MINIMUM_WIDTH) return 'minimum';
  const coarse =
    scale.granularity === 'quarter' || scale.granularity === 'month' || scale.granularity === 'year';
  return coarse && width < SMALL_WIDTH ? 'small' : null;
}

/** Bars of the milestones shown in the scale's timeframe, in input order, each id once. */
export function layoutMilestoneBars(
  milestones: readonly RoadmapMilestoneInput[],
  scale: TimeScale,
): MilestoneBar[] {
  const seen = new Set<number>();
  const bars: MilestoneBar[] = [];
  const span = new Float64Array(2);
  for (const milestone of milestones) {
    if (seen.has(milestone.id)) continue;
    const start = milestone.startDate === null ? UNDEFINED_START : calendarDateToDay(milestone.startDate);
    const end = milestone.dueDate === null ? UNDEFINED_END : calendarDateToDay(milestone.dueDate);
    const from = clampStart(start, scale.rangeStartDay);
    const to = clampEnd(end, scale.rangeEndDay);
    if (from > to) continue;
    seen.add(milestone.id);
    scale.barSpan(asEpochDay(from), asEpochDay(to), span);
    const width = span[1]!;
    bars.push({
      id: milestone.id,
      x: span[0]!,
      width,
      style: milestoneBarStyle(width, scale),
      flags: clampFlags(start, end, scale.rangeStartDay, scale.rangeEndDay),
    });
  }
  return bars;
}

/** Horizontal room (px) kept free after a milestone's bar for its title before another may follow. */
export const MILESTONE_TITLE_ROOM = 120;

/**
 * Stacks milestone bars into lanes so none overlaps another (bars plus room for their titles):
 * greedy by left edge, each bar into the first lane free at its x. Returns each bar's lane, in the
 * bars' order, and the number of lanes.
 */
export function packMilestoneLanes(
  bars: readonly Pick<MilestoneBar, 'x' | 'width'>[],
  titleRoom = MILESTONE_TITLE_ROOM,
): { lanes: number[]; laneCount: number } {
  const order = bars.map((_, i) => i).sort((a, b) => bars[a]!.x - bars[b]!.x || a - b);
  const laneEnds: number[] = [];
  const lanes = new Array<number>(bars.length).fill(0);
  for (const i of order) {
    const bar = bars[i]!;
    let lane = laneEnds.findIndex((end) => end <= bar.x);
    if (lane === -1) lane = laneEnds.push(0) - 1;
    laneEnds[lane] = bar.x + Math.max(bar.width, 0) + titleRoom;
    lanes[i] = lane;
  }
  return { lanes, laneCount: laneEnds.length };
}
