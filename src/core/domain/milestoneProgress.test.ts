import { describe, expect, it } from 'vitest';
import { milestonePercentComplete, milestoneProgressTexts } from './milestoneProgress.ts';

describe('milestone progress', () => {
  it.each([
    [0, 0, 0],
    [0, 7, 0],
    [1, 3, 33],
    [2, 3, 66],
    [199, 200, 99],
    [5, 5, 100],
  ])('%i closed of %i is %i%%, rounded down as GitLab', (closed, total, expected) => {
    expect(milestonePercentComplete(closed, total)).toBe(expected);
  });

  it('reads as a percent and as issues closed', () => {
    expect(milestoneProgressTexts(4, 10)).toEqual({
      percent: '40% complete',
      issues: '4 of 10 issues closed',
    });
    expect(milestoneProgressTexts(0, 1)).toEqual({ percent: '0% complete', issues: '0 of 1 issue closed' });
  });
});
