/**
 * What the group roadmap and an epic's roadmap both derive from their settings: "today", read once
 * when the view mounts (no module-load dates), the preset's timeframe around it, and the active
 * milestones in that timeframe (of the group, its ancestors and descendants; not asked while the
 * milestones are hidden).
 */
import { useMemo, useState } from 'react';
import { roadmapMilestonesVariables } from '../../../core/layout/roadmapQueries.ts';
import type { RoadmapSettings } from '../../../core/layout/roadmapSettings.ts';
import type { CalendarDate } from '../../../core/time/calendarDate.ts';
import { calendarDateOf } from '../../../core/time/formatting.ts';
import { buildTimeframe, type Timeframe } from '../../../core/time/timeframe.ts';
import { type RoadmapMilestonesState, useRoadmapMilestones } from '../../data/index.ts';
import { systemClock } from '../../lib/clock.ts';

export interface RoadmapTimeframe {
  readonly today: CalendarDate;
  readonly timeframe: Timeframe;
  readonly milestones: RoadmapMilestonesState;
}

export function useRoadmapTimeframe(
  fullPath: string,
  settings: Pick<RoadmapSettings, 'timeframeRangeType' | 'presetType' | 'showMilestones'>,
): RoadmapTimeframe {
  const [today] = useState(() => calendarDateOf(systemClock.now()));
  const { timeframeRangeType, presetType } = settings;
  const timeframe = useMemo(
    () => buildTimeframe({ rangeType: timeframeRangeType, presetType, today }),
    [timeframeRangeType, presetType, today],
  );
  const milestones = useRoadmapMilestones(
    roadmapMilestonesVariables(fullPath, timeframe),
    !settings.showMilestones,
  );
  return { today, timeframe, milestones };
}
