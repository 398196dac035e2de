import { describe, expect, it } from 'vitest';
import { HEALTH_STATUS, VISIBILITY } from './format.ts';

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
