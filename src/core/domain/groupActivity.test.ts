import { describe, expect, it } from 'vitest';
import { GROUP_ACTIVITY_COUNTS, GROUP_ACTIVITY_DAYS, groupActivitySince } from './groupActivity.ts';

describe('group activity', () => {
  it('counts what was created in the last 90 whole days', () => {
    expect(GROUP_ACTIVITY_DAYS).toBe(90);
    expect(groupActivitySince(new Date('2026-06-15T12:00:00Z')).toISOString()).toBe(
      '2026-03-17T12:00:00.000Z',
    );
  });

  it('crosses a leap day and a year end in whole 24-hour days', () => {
    expect(groupActivitySince(new Date('2024-03-30T00:00:00Z')).toISOString()).toBe(
      '2023-12-31T00:00:00.000Z',
    );
  });

  it('names its counts as GitLab’s routes and fields do', () => {
    expect(GROUP_ACTIVITY_COUNTS).toEqual(['issues_count', 'merge_requests_count', 'new_members_count']);
  });
});
