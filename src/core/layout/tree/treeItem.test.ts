import { describe, expect, it } from 'vitest';
import { makeEpicItem, makeIssueItem } from './treeFixtures.ts';
import { healthStatusOfCode, keyOfItem, parseTreeItemKey, sortChildItems, treeItemKey } from './treeItem.ts';

describe('tree item keys', () => {
  it('key epics by id and issues by their epic-issue link id', () => {
    expect(keyOfItem(makeEpicItem(7))).toBe('epic:7');
    expect(keyOfItem(makeIssueItem(55, { id: 1234 }))).toBe('issue:55');
    expect(treeItemKey('issue', 3)).toBe('issue:3');
    expect(() => keyOfItem({ type: 'issue', id: 4, epicIssueId: null })).toThrow('epicIssueId');
  });

  it('parse only well-formed keys', () => {
    expect(parseTreeItemKey('epic:12')).toEqual({ type: 'epic', id: 12 });
    expect(parseTreeItemKey('issue:0')).toEqual({ type: 'issue', id: 0 });
    for (const bad of ['epic:', 'Epic:1', 'issue:1.5', 'mr:1', 'epic:99999999999999999999', ' epic:1']) {
      expect(parseTreeItemKey(bad)).toBeUndefined();
    }
  });

  it('map health status codes back, with 0 and unknown codes as none', () => {
    expect([0, 1, 2, 3, 9].map(healthStatusOfCode)).toEqual([
      null,
      'onTrack',
      'needsAttention',
      'atRisk',
      null,
    ]);
  });
});

describe("GitLab's client ordering of a page of children", () => {
  it('sorts by relative position, then opened before closed, keeping ties in arrival order', () => {
    const items = [
      { name: 'closed 1', relativePosition: 1, state: 'closed' as const },
      { name: 'open 9', relativePosition: 9, state: 'opened' as const },
      { name: 'open 5a', relativePosition: 5, state: 'opened' as const },
      { name: 'open 5b', relativePosition: 5, state: 'opened' as const },
      { name: 'closed -3', relativePosition: -3, state: 'closed' as const },
    ];
    expect(sortChildItems(items).map((item) => item.name)).toEqual([
      'open 5a',
      'open 5b',
      'open 9',
      'closed -3',
      'closed 1',
    ]);
  });

  it('counts a missing position as 0, as GitLab’s comparator does, and leaves its input alone', () => {
    const items = [
      { name: 'two', relativePosition: 2, state: 'opened' as const },
      { name: 'none', relativePosition: null, state: 'opened' as const },
      { name: 'minus', relativePosition: -1, state: 'opened' as const },
    ];
    expect(sortChildItems(items).map((item) => item.name)).toEqual(['minus', 'none', 'two']);
    expect(items[0]!.name).toBe('two');
  });
});
