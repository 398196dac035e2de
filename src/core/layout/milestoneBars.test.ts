import { describe, expect, it } from 'vitest';
import type { CalendarDate } from '../time/calendarDate.ts';
import { ContinuousTimeScale, zoomForPreset } from '../time/continuousScale.ts';
import { asEpochDay } from '../time/epochDay.ts';
import type { PresetType, TimeframeRangeType } from '../time/presets.ts';
import { buildTimeframe } from '../time/timeframe.ts';
import { presetScaleOf } from '../time/timeScale.ts';
import {
  filterMilestonesByType,
  layoutMilestoneBars,
  milestoneBarStyle,
  milestoneTypeText,
  packMilestoneLanes,
  type RoadmapMilestoneInput,
} from './milestoneBars.ts';
import { ROW_FLAG } from './roadmapEpic.ts';

const today = '2020-07-06' as CalendarDate;
const scaleOf = (rangeType: TimeframeRangeType, presetType: PresetType) =>
  presetScaleOf(buildTimeframe({ rangeType, presetType, today }));
const milestone = (
  id: number,
  startDate: string | null,
  dueDate: string | null,
  kind = 'group',
): RoadmapMilestoneInput => ({
  id,
  title: `M${id}`,
  startDate: startDate as CalendarDate | null,
  dueDate: dueDate as CalendarDate | null,
  groupMilestone: kind === 'group' || kind === 'subgroup',
  subgroupMilestone: kind === 'subgroup',
  projectMilestone: kind === 'project',
});

describe('milestone bars', () => {
  it.each([
    ['QUARTERS', 8.9, 'minimum'],
    ['QUARTERS', 9, 'small'],
    ['QUARTERS', 11.9, 'small'],
    ['QUARTERS', 12, null],
    ['MONTHS', 5.8, 'minimum'],
    ['MONTHS', 11, 'small'],
    ['WEEKS', 11, null],
    ['WEEKS', 25.7, null],
  ] as const)('in %s a %f px bar gets the %j style', (preset, width, style) => {
    const range = preset === 'QUARTERS' ? 'THREE_YEARS' : 'CURRENT_YEAR';
    expect(milestoneBarStyle(width, scaleOf(range, preset))).toBe(style);
  });

  it('styles by granularity on the continuous scale', () => {
    expect(
      milestoneBarStyle(10, new ContinuousTimeScale(asEpochDay(0), asEpochDay(999), zoomForPreset('MONTHS'))),
    ).toBe('small');
    expect(
      milestoneBarStyle(10, new ContinuousTimeScale(asEpochDay(0), asEpochDay(999), zoomForPreset('WEEKS'))),
    ).toBeNull();
  });

  it('clamps, drops reversed and out-of-range milestones and duplicates, and sizes the rest', () => {
    const scale = scaleOf('THREE_YEARS', 'QUARTERS');
    const bars = layoutMilestoneBars(
      [
        milestone(1, '2020-07-01', '2020-07-01'),
        milestone(2, '2020-08-01', '2020-07-01'),
        milestone(3, '2010-01-01', null),
        milestone(1, '2020-01-01', '2020-12-31'),
        milestone(4, '2024-01-01', '2024-02-01'),
        milestone(5, '2020-07-01', '2020-07-05'),
      ],
      scale,
    );
    expect(bars.map((bar) => bar.id)).toEqual([1, 3, 5]);
    expect(bars[0]).toMatchObject({ x: 6 * 180, style: 'minimum' });
    expect(bars[0]!.width).toBeCloseTo(180 / 92, 9);
    expect(bars[1]).toMatchObject({ x: 0, width: 12 * 180, style: null });
    expect(bars[1]!.flags & ROW_FLAG.START_OUT_OF_RANGE).toBeTruthy();
    expect(bars[1]!.flags & ROW_FLAG.END_UNDEFINED).toBeTruthy();
    expect(bars[2]!.width).toBeCloseTo((5 * 180) / 92, 9);
    expect(bars[2]!.style).toBe('small');
  });

  it('filters by milestones type and names the type', () => {
    const all = [
      milestone(1, null, null, 'group'),
      milestone(2, null, null, 'subgroup'),
      milestone(3, null, null, 'project'),
    ];
    expect(filterMilestonesByType(all, 'ALL').map((m) => m.id)).toEqual([1, 2, 3]);
    expect(filterMilestonesByType(all, 'GROUP').map((m) => m.id)).toEqual([1]);
    expect(filterMilestonesByType(all, 'SUBGROUP').map((m) => m.id)).toEqual([2]);
    expect(filterMilestonesByType(all, 'PROJECT').map((m) => m.id)).toEqual([3]);
    expect(all.map(milestoneTypeText)).toEqual([
      'Group milestone',
      'Subgroup milestone',
      'Project milestone',
    ]);
  });
});

describe('stacking milestone bars into lanes', () => {
  it('puts bars that do not overlap (with title room) in one lane and overlapping ones below', () => {
    const bars = [
      { x: 0, width: 100 },
      { x: 150, width: 50 },
      { x: 300, width: 10 },
      { x: 500, width: 10 },
    ];
    expect(packMilestoneLanes(bars, 120)).toEqual({ lanes: [0, 1, 0, 0], laneCount: 2 });
  });

  it('reuses the first free lane and reports no lanes for no bars', () => {
    expect(packMilestoneLanes([], 120)).toEqual({ lanes: [], laneCount: 0 });
    const stacked = packMilestoneLanes(
      [
        { x: 0, width: 10 },
        { x: 5, width: 10 },
        { x: 10, width: 10 },
        { x: 140, width: 10 },
      ],
      120,
    );
    expect(stacked).toEqual({ lanes: [0, 1, 2, 0], laneCount: 3 });
  });
});
