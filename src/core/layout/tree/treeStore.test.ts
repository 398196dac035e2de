import { describe, expect, it } from 'vitest';
import { makeEpicItem, makeIssueItem } from './treeFixtures.ts';
import { ITEM_FLAG, NO_DAY, TreeStore } from './treeStore.ts';

describe('the tree item store', () => {
  it('reads back exactly what it was given', () => {
    const store = new TreeStore();
    const issue = makeIssueItem(9, {
      state: 'closed',
      confidential: true,
      blocked: true,
      relativePosition: -40,
      dueDate: '2024-02-29',
      weight: 0,
      milestoneTitle: 'v2',
      assigneeCount: 2,
      assigneeNames: ['Ann', 'Bob'],
      healthStatus: 'needsAttention',
      labels: [{ id: 3, title: 'scope::a', color: '#c91c00', textColor: '#fff' }],
      closedAt: '2024-03-01T00:00:00Z',
    });
    const epic = makeEpicItem(4, {
      hasChildren: true,
      epicHealthStatus: { issuesAtRisk: 1, issuesNeedingAttention: 2, issuesOnTrack: 3 },
      descendantWeightSum: { openedIssues: 5, closedIssues: 8 },
    });
    expect(store.read(store.upsert(issue))).toEqual(issue);
    expect(store.read(store.upsert(epic))).toEqual(epic);
  });

  it('parses dates once: due dates to epoch days, instants to epoch ms', () => {
    const store = new TreeStore();
    const slot = store.upsert(makeIssueItem(1, { dueDate: '1970-01-02', createdAt: '1970-01-01T00:00:01Z' }));
    expect(store.dueDays[slot]).toBe(1);
    expect(store.createdAt[slot]).toBe(1000);
    const none = store.upsert(makeIssueItem(2, { createdAt: null }));
    expect(store.dueDays[none]).toBe(NO_DAY);
    expect(store.createdAt[none]).toBeNaN();
  });

  it('keeps only the first few assignee names and packs label colours', () => {
    const store = new TreeStore();
    const slot = store.upsert(
      makeIssueItem(1, {
        assigneeNames: ['a', 'b', 'c', 'd', 'e'],
        labels: [{ id: 1, title: 'x', color: '#123456', textColor: 'nonsense' }],
      }),
    );
    expect(store.assigneeNames[slot]).toEqual(['a', 'b', 'c']);
    expect(store.labels[slot]![0]).toMatchObject({ color: 0x123456, textColor: -1 });
  });

  it('updates an item in its slot and reuses released slots', () => {
    const store = new TreeStore();
    const first = store.upsert(makeEpicItem(1));
    expect(store.upsert(makeEpicItem(1, { title: 'Again' }))).toBe(first);
    expect(store.titles[first]).toBe('Again');
    const second = store.upsert(makeIssueItem(2));
    store.release(first);
    expect(store.has('epic:1')).toBe(false);
    expect(store.slotOf('epic:1')).toBe(-1);
    expect(store.upsert(makeIssueItem(3))).toBe(first);
    expect(store.size).toBe(2);
    expect(store.flags[second]! & ITEM_FLAG.EPIC).toBe(0);
    expect(() => store.release(99)).toThrow('not in use');
  });

  it('grows past its first capacity', () => {
    const store = new TreeStore();
    for (let i = 0; i < 1000; i += 1) store.upsert(makeIssueItem(i, { weight: i }));
    expect(store.size).toBe(1000);
    expect(store.weights[store.slotOf('issue:999')]).toBe(999);
    store.clear();
    expect(store.size).toBe(0);
  });
});
