import { describe, expect, it } from 'vitest';
import type { ChildItemsQuery } from '../generated/graphql.ts';
import { childItemsPage, epicAddressOf } from './epicTreeMappers.ts';

const base = {
  relativePosition: 0,
  userPermissions: { adminEpic: true, createEpic: true },
  descendantWeightSum: { openedIssues: 5, closedIssues: 3 },
  descendantCounts: { openedEpics: 1, closedEpics: 1, openedIssues: 2, closedIssues: null },
  healthStatus: { issuesAtRisk: 0, issuesOnTrack: 1, issuesNeedingAttention: null },
};

const epicNode = (id: number, position: number, state: 'opened' | 'closed') => ({
  ...base,
  id: `gid://gitlab/Epic/${id}`,
  iid: String(id),
  title: `Epic ${id}`,
  webPath: `/groups/acme/-/epics/${id}`,
  relativePosition: position,
  state,
  reference: `acme/sub&${id}`,
  relationPath: `/groups/acme/-/epics/1/links/${id}`,
  createdAt: '2026-01-02T03:04:05Z',
  closedAt: null,
  confidential: null,
  hasChildren: true,
  hasIssues: false,
  blocked: true,
  labels: {
    nodes: [
      {
        id: 'gid://gitlab/GroupLabel/7',
        color: '#ff0000',
        description: null,
        textColor: '#FFFFFF',
        title: 'bug',
      },
      null,
    ],
  },
  group: { id: 'gid://gitlab/Group/2', fullPath: 'acme/sub' },
});

const issueNode = (epicIssueId: number, position: number) => ({
  id: 'gid://gitlab/Issue/40',
  iid: '12',
  epicIssueId: `gid://gitlab/EpicIssue/${epicIssueId}`,
  title: 'An issue',
  blocked: false,
  closedAt: null,
  state: 'opened' as const,
  createdAt: '2026-01-02T03:04:05Z',
  confidential: true,
  dueDate: '2026-03-04',
  weight: 3,
  webPath: '/acme/app/-/issues/12',
  reference: 'acme/app#12',
  relationPath: `/groups/acme/-/epics/1/issues/${epicIssueId}`,
  relativePosition: position,
  healthStatus: 'atRisk' as const,
  assignees: {
    edges: [1, 2, 3, 4].map((n) => ({
      node: {
        id: `gid://gitlab/User/${n}`,
        webUrl: '',
        name: `User ${n}`,
        username: `u${n}`,
        avatarUrl: null,
      },
    })),
  },
  milestone: { id: 'gid://gitlab/Milestone/9', title: 'M1', startDate: null, dueDate: null },
  labels: { nodes: [] },
});

const answer = (): ChildItemsQuery =>
  ({
    group: {
      id: 'gid://gitlab/Group/1',
      path: 'acme',
      fullPath: 'acme',
      epic: {
        ...base,
        id: 'gid://gitlab/Epic/1',
        iid: '1',
        title: 'Root',
        webPath: '/groups/acme/-/epics/1',
        confidential: true,
        ancestors: { count: 2 },
        children: {
          edges: [{ node: epicNode(5, 300, 'closed') }, { node: epicNode(6, 300, 'opened') }, null],
          pageInfo: { hasNextPage: true, endCursor: 'e1' },
        },
        issues: { edges: [{ node: issueNode(77, 100) }], pageInfo: { hasNextPage: false, endCursor: 'i1' } },
      },
    },
  }) as ChildItemsQuery;

describe('childItemsPage', () => {
  it('merges epics and issues in GitLab order: position, then open before closed', () => {
    const page = childItemsPage(answer())!;
    expect(page.items.map((item) => [item.type, item.id])).toEqual([
      ['issue', 40],
      ['epic', 6],
      ['epic', 5],
    ]);
    expect(page.pageInfo).toEqual({
      epicEndCursor: 'e1',
      hasMoreEpics: true,
      issueEndCursor: 'i1',
      hasMoreIssues: false,
    });
  });

  it('reads numeric ids out of global ids, and keeps the epic-issue link id for issues', () => {
    const page = childItemsPage(answer())!;
    const issue = page.items[0]!;
    expect(issue).toMatchObject({
      id: 40,
      iid: 12,
      epicIssueId: 77,
      dueDate: '2026-03-04',
      weight: 3,
      milestoneTitle: 'M1',
      healthStatus: 'atRisk',
      confidential: true,
      assigneeCount: 4,
      assigneeNames: ['User 1', 'User 2', 'User 3'],
    });
    const epic = page.items[1]!;
    expect(epic).toMatchObject({
      id: 6,
      epicIssueId: null,
      confidential: false,
      blocked: true,
      labels: [{ id: 7, title: 'bug', color: '#ff0000', textColor: '#FFFFFF' }],
      descendantCounts: { openedEpics: 1, closedEpics: 1, openedIssues: 2, closedIssues: 0 },
    });
  });

  it('describes the root: depth from its ancestors, confidentiality and the header numbers', () => {
    const { root } = childItemsPage(answer())!;
    expect(root).toMatchObject({
      groupFullPath: 'acme',
      groupId: 1,
      confidential: true,
      depth: 3,
      createEpic: true,
    });
    expect(root.item).toMatchObject({
      type: 'epic',
      id: 1,
      reference: 'acme&1',
      hasChildren: true,
      hasIssues: true,
    });
    expect(root.item.descendantWeightSum).toEqual({ openedIssues: 5, closedIssues: 3 });
  });

  it('answers null when the epic is missing or hidden', () => {
    expect(childItemsPage({ group: null } as ChildItemsQuery)).toBeNull();
    expect(childItemsPage({ group: { ...answer().group!, epic: null } } as ChildItemsQuery)).toBeNull();
  });
});

describe('epicAddressOf', () => {
  it('splits a full epic reference into its group path and iid', () => {
    expect(epicAddressOf('acme/platform&12')).toEqual({ fullPath: 'acme/platform', iid: '12' });
    expect(epicAddressOf('acme/app#12')).toBeNull();
  });
});
