import { describe, expect, it } from 'vitest';
import type { WorkItemViewFieldsFragment } from '../generated/graphql.ts';
import { toWorkItemView } from './workItemViewHooks.ts';

const base: WorkItemViewFieldsFragment = {
  id: 'gid://gitlab/WorkItem/7',
  iid: '3',
  title: 'Write notes',
  state: 'CLOSED' as WorkItemViewFieldsFragment['state'],
  confidential: false,
  reference: 'acme/api#3',
  webUrl: 'http://localhost/acme/api/-/work_items/3',
  lockVersion: 2,
  description: 'top-level',
  descriptionHtml: '<p>top-level</p>',
  project: { id: 'gid://gitlab/Project/1', fullPath: 'acme/api' },
  workItemType: { id: 'gid://gitlab/WorkItems::Type/5', name: 'Task', iconName: 'issue-type-task' },
  userPermissions: {
    updateWorkItem: true,
    deleteWorkItem: false,
    setWorkItemMetadata: true,
    adminParentLink: true,
  },
  widgets: [],
};

describe('toWorkItemView', () => {
  it('reads each widget the type has, and null for the ones it lacks', () => {
    const view = toWorkItemView({
      ...base,
      widgets: [
        { type: null, description: 'from the widget', descriptionHtml: '<p>from the widget</p>' },
        {
          type: null,
          allowsMultipleAssignees: false,
          assignees: { nodes: [{ id: 'gid://gitlab/User/2', username: 'dev', name: 'Dev' }, null] },
        },
        { type: null, weight: 4 },
        {
          type: null,
          parent: {
            id: 'gid://gitlab/WorkItem/1',
            iid: '1',
            title: 'Parent',
            confidential: true,
            webUrl: null,
          },
        },
      ],
    });
    expect(view).toMatchObject({
      state: 'CLOSED',
      description: 'from the widget',
      descriptionHtml: '<p>from the widget</p>',
      projectFullPath: 'acme/api',
      type: { name: 'Task', iconName: 'issue-type-task' },
      assignees: { users: [{ id: 'gid://gitlab/User/2', username: 'dev', name: 'Dev' }], multiple: false },
      labels: null,
      weight: { weight: 4 },
      parent: { id: 'gid://gitlab/WorkItem/1', iid: '1', title: 'Parent', confidential: true },
    });
  });

  it('falls back to the item’s own description, and reads an open state', () => {
    const view = toWorkItemView({ ...base, state: 'OPEN' as WorkItemViewFieldsFragment['state'] });
    expect(view.state).toBe('OPEN');
    expect(view.description).toBe('top-level');
    expect(view.assignees).toBeNull();
    expect(view.weight).toBeNull();
    expect(view.parent).toBeNull();
  });

  it('reads labels and whether scoped labels are allowed', () => {
    const label = {
      id: 'gid://gitlab/Label/9',
      title: 'bug',
      description: null,
      color: '#f00',
      textColor: '#fff',
    };
    const view = toWorkItemView({
      ...base,
      widgets: [{ type: null, allowsScopedLabels: true, labels: { nodes: [label] } }],
    });
    expect(view.labels).toEqual({ labels: [label], allowScoped: true });
  });
});
