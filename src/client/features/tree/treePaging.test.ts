import { describe, expect, it } from 'vitest';
import { makeEpicItem, makeIssueItem } from '../../../core/layout/tree/treeFixtures.ts';
import { keepPagedLists, morePageRequest } from './treePaging.ts';

describe("'Show more' paging", () => {
  it('sends a cursor only for the lists that have a next page', () => {
    expect(
      morePageRequest({
        epicEndCursor: 'e1',
        hasMoreEpics: false,
        issueEndCursor: 'i1',
        hasMoreIssues: true,
      }),
    ).toEqual({ epicEndCursor: null, issueEndCursor: 'i1', onlyMore: { epics: false, issues: true } });
  });

  it('keeps only the paged lists of the answer: the other list came again from its start', () => {
    const request = morePageRequest({
      epicEndCursor: 'e1',
      hasMoreEpics: false,
      issueEndCursor: 'i1',
      hasMoreIssues: true,
    });
    const page = {
      items: [makeEpicItem(2), makeIssueItem(10), makeIssueItem(11)],
      pageInfo: { epicEndCursor: 'e9', hasMoreEpics: true, issueEndCursor: 'i2', hasMoreIssues: true },
    };
    const kept = keepPagedLists(page, request);
    expect(kept.items.map((item) => item.id)).toEqual([1010, 1011]);
    expect(kept.pageInfo).toEqual({
      epicEndCursor: null,
      hasMoreEpics: false,
      issueEndCursor: 'i2',
      hasMoreIssues: true,
    });
  });
});
