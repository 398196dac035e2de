import { describe, expect, it } from 'vitest';
import type { MergeRequestListItemFragment } from '../generated/graphql.ts';
import { mergeRequestStateCounts, toMergeRequestListItem } from './mergeRequestListMappers.ts';

const person = (username: string) => ({
  id: `gid://gitlab/User/${username.length}`,
  username,
  name: username,
  avatarUrl: null,
});

const node = (change: Partial<MergeRequestListItemFragment> = {}): MergeRequestListItemFragment => ({
  id: 'gid://gitlab/MergeRequest/7',
  iid: '3',
  title: 'Draft: Cache the session lookups',
  state: 'opened',
  draft: true,
  createdAt: '2026-06-01T10:00:00Z',
  updatedAt: '2026-06-02T10:00:00Z',
  mergedAt: null,
  closedAt: null,
  sourceBranch: 'feature/cache',
  targetBranch: 'main',
  webPath: '/acme/api/-/merge_requests/3',
  fullReference: 'acme/api!3',
  approved: false,
  userNotesCount: null,
  author: person('developer'),
  assignees: { nodes: [person('owner'), null] },
  reviewers: { nodes: [person('reporter')] },
  milestone: null,
  labels: { nodes: [] },
  ...change,
});

describe('a merge request of a list', () => {
  it('reads its title without the draft prefix, its people and its branches', () => {
    const item = toMergeRequestListItem(node());
    expect(item).toMatchObject({
      title: 'Cache the session lookups',
      draft: true,
      state: 'opened',
      stateChangedAt: null,
      sourceBranch: 'feature/cache',
      targetBranch: 'main',
      userNotesCount: 0,
    });
    expect(item.assignees.map((user) => user.username)).toEqual(['owner']);
    expect(item.reviewers.map((user) => user.username)).toEqual(['reporter']);
  });

  it('keeps a ready title whole and dates a merged one by its merge, a closed one by its close', () => {
    const merged = toMergeRequestListItem(
      node({ title: 'Drafts: a word', draft: false, state: 'merged', mergedAt: '2026-06-03T09:00:00Z' }),
    );
    expect(merged).toMatchObject({ title: 'Drafts: a word', stateChangedAt: '2026-06-03T09:00:00Z' });
    const closed = toMergeRequestListItem(
      node({ state: 'closed', closedAt: '2026-06-04T09:00:00Z', mergedAt: '2026-06-03T09:00:00Z' }),
    );
    expect(closed.stateChangedAt).toBe('2026-06-04T09:00:00Z');
    // Locked is GitLab's mid-merge state: still open to a reader.
    expect(toMergeRequestListItem(node({ state: 'locked' })).state).toBe('opened');
    expect(toMergeRequestListItem(node({ author: null })).author).toBeNull();
  });

  it('counts the four state tabs, null where the server did not answer', () => {
    expect(
      mergeRequestStateCounts({
        openedMergeRequests: { count: 4 },
        mergedMergeRequests: { count: 9 },
        closedMergeRequests: null,
        allMergeRequests: { count: 15 },
      }),
    ).toEqual({ opened: 4, merged: 9, closed: null, all: 15 });
  });
});
