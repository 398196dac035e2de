import { describe, expect, it } from 'vitest';
import { HEALTH_STATUS, pluralize, VISIBILITY } from './format.ts';

describe('HEALTH_STATUS', () => {
  it("uses GitLab's texts and badge variants", () => {
    expect(HEALTH_STATUS.onTrack).toEqual({ text: 'On track', variant: 'success' });
    expect(HEALTH_STATUS.needsAttention).toEqual({ text: 'Needs attention', variant: 'warning' });
    expect(HEALTH_STATUS.atRisk).toEqual({ text: 'At risk', variant: 'danger' });
  });
});

describe('VISIBILITY', () => {
  it('names every level', () => {
    expect([VISIBILITY.private.text, VISIBILITY.internal.text, VISIBILITY.public.text]).toEqual([
      'Private',
      'Internal',
      'Public',
    ]);
  });
});

describe('pluralize', () => {
  it('uses the singular only for one', () => {
    expect(pluralize(1, 'open issue')).toBe('1 open issue');
    expect(pluralize(0, 'open issue')).toBe('0 open issues');
    expect(pluralize(2, 'child', 'children')).toBe('2 children');
  });
});
