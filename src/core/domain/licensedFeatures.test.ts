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
    ]);
    expect(featuresOfPlan('ultimate')).toContain('subepics');
    expect(featuresOfPlan('ultimate')).toContain('issuable_health_status');
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
});
