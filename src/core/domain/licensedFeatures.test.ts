import { describe, expect, it } from 'vitest';
import {
  ACTION_FEATURES,
  featuresOfPlan,
  featureUnavailableMessage,
  planHasFeature,
  plansWithFeature,
} from './licensedFeatures.ts';

describe('features by plan', () => {
  it('gives Free nothing licensed, Premium the portfolio basics, Ultimate everything', () => {
    expect(featuresOfPlan('free')).toEqual([]);
    expect(featuresOfPlan('premium')).toEqual([
      'epics',
      'scoped_labels',
      'issue_weights',
      'blocked_issues',
      'epic_colors',
      'group_activity_analytics',
      'code_review_analytics',
      'cycle_analytics_for_groups',
      'type_of_work_analytics',
    ]);
    expect(featuresOfPlan('ultimate')).toContain('subepics');
    expect(featuresOfPlan('ultimate')).toContain('issuable_health_status');
    expect(featuresOfPlan('ultimate')).toContain('dora4_analytics');
    expect(planHasFeature('premium', 'dora4_analytics')).toBe(false);
    expect(planHasFeature('premium', 'subepics')).toBe(false);
  });

  it('names the plans that have a feature, and says so when refusing', () => {
    expect(plansWithFeature('epics')).toBe('Premium or Ultimate');
    expect(plansWithFeature('subepics')).toBe('Ultimate');
    expect(featureUnavailableMessage('subepics', 'premium')).toBe(
      'Multi-level epics are not available on the Premium plan. Upgrade the top-level group to Ultimate.',
    );
  });

  it('refuses every epic action without epics, and no issue action', () => {
    expect(ACTION_FEATURES.read_epic).toBe('epics');
    expect(ACTION_FEATURES.destroy_epic).toBe('epics');
    expect(ACTION_FEATURES.read_issue).toBeUndefined();
  });

  it('refuses analytics where the plan lacks them', () => {
    expect(ACTION_FEATURES.read_dora4_analytics).toBe('dora4_analytics');
    expect(ACTION_FEATURES.read_group_activity_analytics).toBe('group_activity_analytics');
    expect(ACTION_FEATURES.read_code_review_analytics).toBe('code_review_analytics');
    expect(plansWithFeature('group_activity_analytics')).toBe('Premium or Ultimate');
  });
});
