import { describe, expect, it } from 'vitest';
import { DEFAULT_ROADMAP_SETTINGS, withRangeType } from '../../../core/layout/roadmapSettings.ts';
import type { CalendarDate } from '../../../core/time/calendarDate.ts';
import { viewSpecOfSettings } from './roadmapViewSpec.ts';

const context = { today: '2020-07-06' as CalendarDate, currentGroupId: 7, singleEpicIid: false };

describe('the view spec of the roadmap settings', () => {
  it('carries the timeframe, sort, progress and the page context', () => {
    expect(viewSpecOfSettings(DEFAULT_ROADMAP_SETTINGS, context)).toEqual({
      timeframe: { rangeType: 'CURRENT_QUARTER', presetType: 'WEEKS', today: '2020-07-06' },
      sortedBy: DEFAULT_ROADMAP_SETTINGS.sortedBy,
      progressTracking: DEFAULT_ROADMAP_SETTINGS.progressTracking,
      currentGroupId: 7,
      singleEpicIid: false,
    });
  });

  it('follows a new range with its default layout', () => {
    const spec = viewSpecOfSettings(withRangeType(DEFAULT_ROADMAP_SETTINGS, 'THREE_YEARS'), context);
    expect(spec.timeframe).toEqual({ rangeType: 'THREE_YEARS', presetType: 'QUARTERS', today: '2020-07-06' });
  });
});
