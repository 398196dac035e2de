import { describe, expect, it } from 'vitest';
import {
  closingReferences,
  detailedMergeStatus,
  draftlessTitle,
  draftTitle,
  isDraftTitle,
  issuableTimeLabel,
  isValidBranchName,
} from './mergeRequests.ts';

describe('drafts', () => {
  it.each([
    ['Draft: Fix the login', true],
    ['draft:Fix', true],
    ['[Draft] Fix', true],
    ['(draft) Fix', true],
    ['Drafting a plan', false],
    ['Fix the draft: later', false],
    ['WIP: old prefix', false],
  ])('%s is a draft: %s', (title, draft) => {
    expect(isDraftTitle(title)).toBe(draft);
  });

  it('marks and unmarks a title once', () => {
    expect(draftTitle('Fix')).toBe('Draft: Fix');
    expect(draftTitle('Draft: Fix')).toBe('Draft: Fix');
    expect(draftlessTitle('[Draft] Draft: Fix')).toBe('Fix');
  });
});

describe('closingReferences', () => {
  it('finds every closing verb form and list', () => {
    expect(closingReferences('Closes #12 and #14, fixes: #3\nResolved group/app#9')).toEqual([
      { path: null, iid: 12 },
      { path: null, iid: 14 },
      { path: null, iid: 3 },
      { path: 'group/app', iid: 9 },
    ]);
  });

  it('reads issue URLs and drops repeats', () => {
    expect(
      closingReferences('Implements https://example.com/acme/web/-/issues/7 closes #7 closes #7'),
    ).toEqual([
      { path: 'acme/web', iid: 7 },
      { path: null, iid: 7 },
    ]);
  });

  it('ignores mentions without a verb and code', () => {
    expect(closingReferences('See #4. Related to #5')).toEqual([]);
    expect(closingReferences('`closes #4`\n```\nfixes #5\n```')).toEqual([]);
    expect(closingReferences('Enclose #4')).toEqual([]);
  });
});

describe('detailedMergeStatus', () => {
  const open = {
    state: 'opened' as const,
    title: 'Fix',
    canMerge: true,
    unresolvedThreads: 0,
    onlyAllowMergeIfAllDiscussionsAreResolved: false,
  };
  it('explains what blocks a merge, in GitLab order', () => {
    expect(detailedMergeStatus(open)).toBe('mergeable');
    expect(detailedMergeStatus({ ...open, state: 'merged' })).toBe('not_open');
    expect(detailedMergeStatus({ ...open, title: 'Draft: Fix', canMerge: false })).toBe('draft_status');
    expect(detailedMergeStatus({ ...open, canMerge: false })).toBe('broken_status');
    expect(
      detailedMergeStatus({ ...open, unresolvedThreads: 1, onlyAllowMergeIfAllDiscussionsAreResolved: true }),
    ).toBe('discussions_not_resolved');
    expect(detailedMergeStatus({ ...open, unresolvedThreads: 1 })).toBe('mergeable');
  });
});

it('labels the time by state', () => {
  expect(issuableTimeLabel('opened')).toBe('Created');
  expect(issuableTimeLabel('merged')).toBe('Merged');
  expect(issuableTimeLabel('closed')).toBe('Closed');
});

it.each([
  ['feature/login-page', true],
  ['main', true],
  ['fix..typo', false],
  ['has space', false],
  ['-leading', false],
  ['ends.lock', false],
  ['ctrl\u0007', false],
  ['what?', false],
  ['', false],
])('branch %j valid: %s', (name, valid) => {
  expect(isValidBranchName(name)).toBe(valid);
});
