import { describe, expect, it } from 'vitest';
import type { IssueListItemFragment } from '../generated/graphql.ts';
import { toIssueListItem } from './issueMappers.ts';

const user = { id: 'gid://gitlab/User/7', username: 'developer', name: 'Dana Developer', avatarUrl: null };

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
    fullReference: 'acme/app#12',
    userDiscussionsCount: 3,
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
      userDiscussionsCount: 3,
    });
  });

  it('reads the database id from the global id, for bulk edit', () => {
    expect(toIssueListItem(issue)).toMatchObject({ databaseId: 9, fullReference: 'acme/app#12' });
  });
});
