import { describe, expect, it } from 'vitest';
import { compact, toHealthStatus, toIssueType, toItemState, toPage, toVisibility } from './mappers.ts';

describe('compact and toPage', () => {
  it('drops null entries of GraphQL lists', () => {
    expect(compact([1, null, 2, undefined])).toEqual([1, 2]);
    expect(compact(null)).toEqual([]);
  });

  it('maps a connection, defaulting a missing one to an empty page', () => {
    const page = toPage(
      {
        count: 3,
        pageInfo: { hasNextPage: true, hasPreviousPage: false, startCursor: 'a', endCursor: 'b' },
        nodes: [{ n: 1 }, null, { n: 2 }],
      },
      (node: { n: number }) => node.n * 10,
    );
    expect(page).toEqual({
      items: [10, 20],
      count: 3,
      pageInfo: { hasNextPage: true, hasPreviousPage: false, startCursor: 'a', endCursor: 'b' },
    });
    expect(toPage(null, (x: number) => x)).toEqual({
      items: [],
      count: 0,
      pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
    });
  });
});

describe('enum mappers', () => {
  it('treat unknown values safely', () => {
    expect(toVisibility('public')).toBe('public');
    expect(toVisibility('secret')).toBeNull();
    expect(toItemState('closed')).toBe('closed');
    expect(toItemState('locked')).toBe('opened');
    expect(toHealthStatus('atRisk')).toBe('atRisk');
    expect(toHealthStatus(null)).toBeNull();
    expect(toIssueType('INCIDENT')).toBe('INCIDENT');
    expect(toIssueType(null)).toBe('ISSUE');
  });
});
