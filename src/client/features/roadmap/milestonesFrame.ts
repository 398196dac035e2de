/**
 * The milestones section of a frame: the bars of the milestones of the chosen type on the current
 * scale, stacked into lanes, and the section's height (its title row, plus the lanes when expanded).
 */
import {
  filterMilestonesByType,
  layoutMilestoneBars,
  type MilestonesType,
  packMilestoneLanes,
} from '../../../core/layout/milestoneBars.ts';
import type { TimeScale } from '../../../core/time/timeScale.ts';
import {
  MILESTONE_LANE_HEIGHT,
  MILESTONES_TITLE_HEIGHT,
  type MilestoneFrameBar,
} from '../../canvas/roadmapFrame.ts';
import type { RoadmapMilestoneView } from '../../data/index.ts';

export function milestonesFrame(
  milestones: readonly RoadmapMilestoneView[],
  type: MilestonesType,
  expanded: boolean,
  scale: TimeScale,
): { bars: MilestoneFrameBar[]; height: number } {
  const shown = filterMilestonesByType(milestones, type);
  const bars = layoutMilestoneBars(shown, scale);
  const { lanes, laneCount } = packMilestoneLanes(bars);
  const titles = new Map(shown.map((milestone) => [milestone.id, milestone.title]));
  return {
    bars: bars.map((bar, i) => ({ ...bar, title: titles.get(bar.id) ?? '', lane: lanes[i] ?? 0 })),
    height: MILESTONES_TITLE_HEIGHT + (expanded ? laneCount * MILESTONE_LANE_HEIGHT : 0),
  };
}
