/**
 * The milestones of the chosen type as bars on the current scale, stacked into lanes. How many
 * lanes show, and how high the section is, is MilestonesLane's.
 */
import {
  filterMilestonesByType,
  layoutMilestoneBars,
  type MilestonesType,
  packMilestoneLanes,
} from '../../../core/layout/milestoneBars.ts';
import type { TimeScale } from '../../../core/time/timeScale.ts';
import type { MilestoneFrameBar } from '../../canvas/roadmapFrame.ts';
import type { RoadmapMilestoneView } from '../../data/index.ts';

export function milestonesFrame(
  milestones: readonly RoadmapMilestoneView[],
  type: MilestonesType,
  scale: TimeScale,
): { bars: MilestoneFrameBar[]; laneCount: number } {
  const shown = filterMilestonesByType(milestones, type);
  const bars = layoutMilestoneBars(shown, scale);
  const { lanes, laneCount } = packMilestoneLanes(bars);
  const titles = new Map(shown.map((milestone) => [milestone.id, milestone.title]));
  return {
    bars: bars.map((bar, i) => ({ ...bar, title: titles.get(bar.id) ?? '', lane: lanes[i] ?? 0 })),
    laneCount,
  };
}
