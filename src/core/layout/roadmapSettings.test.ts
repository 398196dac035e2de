import { describe, expect, it } from 'vitest';
import { DEFAULT_ROADMAP_SETTINGS, parseRoadmapSettings, writeRoadmapSettings } from './roadmapSettings.ts';

const pageDefaults = {
  timeframeRangeType: 'THREE_YEARS',
  presetType: 'MONTHS',
  epicsState: 'opened',
  sortedBy: 'end_date_asc',
};

describe('roadmap settings', () => {
  it('start from GitLab defaults when neither the page nor the URL says anything', () => {
    expect(DEFAULT_ROADMAP_SETTINGS).toEqual({
      timeframeRangeType: 'CURRENT_QUARTER',
      presetType: 'WEEKS',
      epicsState: 'all',
      sortedBy: 'start_date_asc',
      progressTracking: 'WEIGHT',
      showProgress: true,
      showMilestones: true,
      milestonesType: 'ALL',
      showDependencies: true,
    });
  });

  it('keep "Show dependency arrows" in the URL as show_dependencies, on unless it says false', () => {
    const defaults = { timeframeRangeType: '', presetType: '', epicsState: '', sortedBy: '' };
    expect(parseRoadmapSettings('?show_dependencies=false', defaults).showDependencies).toBe(false);
    expect(parseRoadmapSettings('?show_dependencies=true', defaults).showDependencies).toBe(true);
    const params = new URLSearchParams();
    writeRoadmapSettings({ ...DEFAULT_ROADMAP_SETTINGS, showDependencies: false }, params);
    expect(params.get('show_dependencies')).toBe('false');
  });

  it("take the page's attributes, and the URL over them", () => {
    expect(parseRoadmapSettings('', pageDefaults)).toMatchObject({
      timeframeRangeType: 'THREE_YEARS',
      presetType: 'MONTHS',
      epicsState: 'opened',
      sortedBy: 'end_date_asc',
    });
    expect(
      parseRoadmapSettings(
        '?timeframe_range_type=CURRENT_YEAR&state=closed&sort=end_date_desc',
        pageDefaults,
      ),
    ).toMatchObject({
      timeframeRangeType: 'CURRENT_YEAR',
      presetType: 'MONTHS',
      epicsState: 'closed',
      sortedBy: 'end_date_desc',
    });
  });

  it('fall back to the range default for a layout the range does not allow', () => {
    expect(
      parseRoadmapSettings('?timeframe_range_type=CURRENT_QUARTER&layout=QUARTERS', pageDefaults),
    ).toMatchObject({ timeframeRangeType: 'CURRENT_QUARTER', presetType: 'WEEKS' });
  });

  it('read back exactly what they wrote', () => {
    const params = new URLSearchParams('label_name[]=frontend');
    const settings = {
      ...DEFAULT_ROADMAP_SETTINGS,
      showMilestones: false,
      milestonesType: 'PROJECT' as const,
    };
    writeRoadmapSettings(settings, params);
    expect(params.get('label_name[]')).toBe('frontend');
    expect(parseRoadmapSettings(params.toString(), pageDefaults)).toEqual(settings);
  });
});
