import { describe, expect, it } from 'vitest';
import type { EpicListItemFragment, IssueListItemFragment } from './generated/graphql.ts';
import {
  compact,
  toEpicListItem,
  toGroupOverview,
  toHealthStatus,
  toIssueListItem,
  toIssueType,
  toItemState,
  toPage,
  toVisibility,
} from './mappers.ts';

const user = { id: 'gid://gitlab/User/7', username: 'developer', name: 'Dana Developer', avatarUrl: null };
const label = {
  id: 'gid://gitlab/Label/1',
  title: 'priority::high',
  description: null,
  color: '#ff0000',
  textColor: '#FFFFFF',
};

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

describe('toGroupOverview', () => {
  const subgroup = (fullPath: string, parent: string | null) => ({
    id: fullPath,
    name: fullPath.split('/').pop()!,
    fullName: fullPath,
    fullPath,
    description: '',
    visibility: 'public',
    parent: parent ? { id: parent, fullPath: parent } : null,
  });

  it('keeps only the direct children of the group', () => {
    const overview = toGroupOverview({
      id: 'gid://gitlab/Group/1',
      name: 'Acme',
      fullName: 'Acme',
      fullPath: 'acme',
      description: '',
      visibility: 'internal',
      descendantGroups: {
        count: 3,
        nodes: [subgroup('acme/a', 'acme'), subgroup('acme/a/deep', 'acme/a'), subgroup('acme/b', 'acme')],
      },
      projects: { count: 0, nodes: [] },
    });
    expect(overview.subgroups.map((group) => group.fullPath)).toEqual(['acme/a', 'acme/b']);
    expect(overview.description).toBeNull();
    expect(overview.visibility).toBe('internal');
  });
});

describe('toEpicListItem', () => {
  const epic: EpicListItemFragment = {
    id: 'gid://gitlab/Epic/1',
    iid: '5',
    title: null,
    state: 'opened',
    confidential: null,
    createdAt: '2024-05-01T10:00:00Z',
    startDate: '2024-05-01',
    dueDate: 'garbage',
    webPath: '/groups/acme/-/epics/5',
    reference: '&5',
    fullReference: 'acme&5',
    author: user,
    group: { id: 'gid://gitlab/Group/1', fullPath: 'acme' },
    labels: { nodes: [label, null] },
  };

  it('brands dates and fills missing values', () => {
    expect(toEpicListItem(epic)).toMatchObject({
      title: '',
      confidential: false,
      startDate: '2024-05-01',
      dueDate: null,
      createdAt: '2024-05-01T10:00:00Z',
      groupFullPath: 'acme',
      author: { id: user.id, username: 'developer', name: 'Dana Developer' },
      labels: [label],
    });
  });
});

describe('toIssueListItem', () => {
  const issue: IssueListItemFragment = {
    id: 'gid://gitlab/Issue/9',
    iid: '12',
    title: 'Broken login',
    state: 'closed',
    type: 'TASK',
    confidential: true,
    createdAt: '2024-05-01T10:00:00Z',
    dueDate: null,
    weight: 0,
    healthStatus: 'needsAttention',
    webPath: '/acme/app/-/issues/12',
    author: user,
    assignees: { nodes: [user] },
    milestone: { id: 'gid://gitlab/Milestone/1', title: '17.1', webPath: '/m/1' },
    labels: null,
  };

  it('keeps a zero weight and maps assignees, milestone and health', () => {
    expect(toIssueListItem(issue)).toMatchObject({
      state: 'closed',
      type: 'TASK',
      weight: 0,
      healthStatus: 'needsAttention',
      assignees: [{ username: 'developer' }],
      milestone: { title: '17.1' },
      labels: [],
    });
  });
});
