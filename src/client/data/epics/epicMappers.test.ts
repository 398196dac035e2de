import { describe, expect, it } from 'vitest';
import type { EpicListItemFragment } from '../generated/graphql.ts';
import { toEpicListItem } from './epicMappers.ts';

const user = { id: 'gid://gitlab/User/7', username: 'developer', name: 'Dana Developer', avatarUrl: null };
const label = {
  id: 'gid://gitlab/Label/1',
  title: 'priority::high',
  description: null,
  color: '#ff0000',
  textColor: '#FFFFFF',
};

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
