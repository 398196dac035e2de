import { describe, expect, it } from 'vitest';
import type { CalendarDate } from '../../../core/time/calendarDate.ts';
import { scaleFromSpec, timeframeFromSpec } from '../../../core/time/scaleSpec.ts';
import { MILESTONE_LANE_HEIGHT, MILESTONES_TITLE_HEIGHT } from '../../canvas/roadmapFrame.ts';
import type { RoadmapMilestoneView } from '../../data/index.ts';
import { clampLanesScroll, MilestonesLane, ROWS_SHARE, visibleLanesHeight } from './milestonesLane.ts';

const scale = scaleFromSpec(
  timeframeFromSpec({ rangeType: 'THREE_YEARS', presetType: 'MONTHS', today: '2020-07-06' as CalendarDate }),
  { kind: 'preset' },
);

/** 36 overlapping milestones: one lane each. */
const milestones = Array.from(
  { length: 36 },
  (_, i) =>
    ({
      id: i + 1,
      title: `Milestone ${i + 1}`,
      startDate: '2020-01-01',
      dueDate: '2020-12-31',
      webPath: `/m/${i + 1}`,
      projectMilestone: false,
      groupMilestone: true,
      subgroupMilestone: false,
    }) as unknown as RoadmapMilestoneView,
);

describe('the milestones lane area', () => {
  it('shows every lane when they fit', () => {
    expect(visibleLanesHeight(3, 900, 60)).toBe(3 * MILESTONE_LANE_HEIGHT);
  });

  it('is capped to whole lanes so that at least 60 % of the viewport stays for epic rows', () => {
    for (const height of [500, 640, 800, 1080]) {
      const lanes = visibleLanesHeight(36, height, 60);
      expect(lanes % MILESTONE_LANE_HEIGHT).toBe(0);
      expect(height - 60 - MILESTONES_TITLE_HEIGHT - lanes).toBeGreaterThanOrEqual(height * ROWS_SHARE);
      expect(height - 60 - MILESTONES_TITLE_HEIGHT - lanes - MILESTONE_LANE_HEIGHT).toBeLessThan(
        height * ROWS_SHARE,
      );
    }
  });

  it('keeps one lane in sight however short the viewport', () => {
    expect(visibleLanesHeight(36, 150, 60)).toBe(MILESTONE_LANE_HEIGHT);
  });

  it('clamps the lanes scroll to their overflow, in whole lanes', () => {
    expect(clampLanesScroll(-30, 36, 216)).toBe(0);
    expect(clampLanesScroll(30, 36, 216)).toBe(24);
    expect(clampLanesScroll(1e6, 36, 216)).toBe(36 * 24 - 216);
    expect(clampLanesScroll(50, 5, 216)).toBe(0);
  });
});

describe('the milestones lane', () => {
  function lane(viewportHeight = 800): MilestonesLane {
    const made = new MilestonesLane();
    made.setViewportHeight(viewportHeight, 60);
    made.setMilestones(milestones, 'ALL', true, scale);
    return made;
  }

  it('stacks 36 milestones in the 3-year view and caps the section, leaving the rows their share', () => {
    const section = lane();
    expect(section.laneCount).toBe(36);
    expect(section.lanesHeight).toBe(9 * MILESTONE_LANE_HEIGHT);
    expect(section.height).toBe(MILESTONES_TITLE_HEIGHT + 9 * MILESTONE_LANE_HEIGHT);
    expect(section.scrolls).toBe(true);
  });

  it('scrolls its lanes by whole lanes, gathering small wheel steps', () => {
    const section = lane();
    expect(section.scrollBy(10)).toBe(false);
    expect(section.scrollBy(10)).toBe(true);
    expect(section.scrollTop).toBe(24);
    section.scrollBy(1e6);
    expect(section.scrollTop).toBe(27 * MILESTONE_LANE_HEIGHT);
    section.scrollBy(-1e6);
    expect(section.scrollTop).toBe(0);
  });

  it('is only its title row when collapsed or hidden when not shown', () => {
    const section = lane();
    section.toggleExpanded(scale);
    expect(section.height).toBe(MILESTONES_TITLE_HEIGHT);
    expect(section.scrolls).toBe(false);
    section.setMilestones(milestones, 'ALL', false, scale);
    expect(section.height).toBe(0);
  });

  it('marks in view only the bars on the visible timeline and in the visible lanes', () => {
    const section = lane();
    const x = section.bars[0]?.x ?? 0;
    expect(section.updateInView(x - 100, 500)).toBe(true);
    expect(section.inView.filter(Boolean)).toHaveLength(9);
    expect(section.updateInView(x - 100, 500)).toBe(false);
    section.scrollBy(24);
    section.updateInView(x - 100, 500);
    expect(section.inView[0]).toBe(false);
    expect(section.inView[9]).toBe(true);
    section.updateInView(0, 10);
    expect(section.inView.some(Boolean)).toBe(false);
  });
});
