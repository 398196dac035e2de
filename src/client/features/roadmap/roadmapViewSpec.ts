/**
 * The roadmap's settings as the layout worker needs them: one pure function from the URL settings
 * (and the page's context) to the view part of a ViewSpec. The scale part is the viewport's; the
 * controller diffs the whole against what it last sent and sends one update.
 */

import type { RoadmapSettings } from '../../../core/layout/roadmapSettings.ts';
import type { CalendarDate } from '../../../core/time/calendarDate.ts';
import type { ViewSpec } from '../../bridge/roadmapLayoutClient.ts';

/** A ViewSpec without its scale (which zooming, not the settings, decides). */
export type RoadmapViewSettings = Omit<ViewSpec, 'scale'>;

export interface RoadmapViewContext {
  readonly today: CalendarDate;
  readonly currentGroupId: number | null;
  readonly singleEpicIid: boolean;
}

export function viewSpecOfSettings(
  settings: Pick<RoadmapSettings, 'timeframeRangeType' | 'presetType' | 'sortedBy' | 'progressTracking'>,
  context: RoadmapViewContext,
): RoadmapViewSettings {
  return {
    timeframe: {
      rangeType: settings.timeframeRangeType,
      presetType: settings.presetType,
      today: context.today,
    },
    sortedBy: settings.sortedBy,
    progressTracking: settings.progressTracking,
    currentGroupId: context.currentGroupId,
    singleEpicIid: context.singleEpicIid,
  };
}
