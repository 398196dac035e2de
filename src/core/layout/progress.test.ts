import { describe, expect, it } from 'vitest';
import {
  parseProgressTracking,
  progressLabel,
  progressPercent,
  progressPopoverText,
  totalsFor,
} from './progress.ts';

describe('progress of child issues (spec, "Progress")', () => {
  it.each([
    [0, 0, 0],
    [0, 4, 0],
    [4, 0, 100],
    [1, 1, 50],
    [1, 2, 33],
    [2, 1, 67],
    [1, 7, 13],
    [3, 997, 0],
    [5, 995, 1],
  ])('%i closed and %i open is %i%%', (closed, opened, percent) => {
    expect(progressPercent(closed, opened)).toBe(percent);
  });

  it('labels the bar by issue count or by weight', () => {
    expect(progressLabel('COUNT', 40)).toBe('40% issues closed');
    expect(progressLabel('WEIGHT', 40)).toBe('40% weight completed');
  });

  it("says 'completed of total' in the popover, or '- of -' when unknown", () => {
    expect(progressPopoverText('COUNT', { openedIssues: 1, closedIssues: 3 })).toBe('3 of 4 issues closed');
    expect(progressPopoverText('WEIGHT', { openedIssues: 4, closedIssues: 6 })).toBe(
      '6 of 10 weight completed',
    );
    expect(progressPopoverText('COUNT', null)).toBe('- of - issues closed');
    expect(progressPopoverText('WEIGHT', null)).toBe('- of - weight completed');
  });

  it('reads counts for COUNT and weight sums for WEIGHT (the default)', () => {
    const epic = { descendantCounts: { openedIssues: 1, closedIssues: 2 }, descendantWeightSum: null };
    expect(totalsFor('COUNT', epic)).toEqual({ openedIssues: 1, closedIssues: 2 });
    expect(totalsFor('WEIGHT', epic)).toBeNull();
    expect(parseProgressTracking('COUNT')).toBe('COUNT');
    expect(parseProgressTracking('weight')).toBe('WEIGHT');
    expect(parseProgressTracking(undefined)).toBe('WEIGHT');
  });
});
