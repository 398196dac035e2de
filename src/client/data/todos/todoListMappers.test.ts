import { describe, expect, it } from 'vitest';
import { toTodoItem } from './todoListMappers.ts';

const author = {
  id: 'gid://gitlab/User/2',
  name: 'Gus Garcia',
  username: 'guest',
  avatarUrl: null,
  webPath: '/guest',
};

describe('a to-do row', () => {
  it('names the issue by its title and quotes the comment that mentioned the user', () => {
    const item = toTodoItem({
      id: 'gid://gitlab/Todo/1',
      state: 'pending',
      action: 'directly_addressed',
      targetType: 'ISSUE',
      createdAt: '2026-11-26T10:00:00Z',
      body: '@reporter could you check this?',
      targetUrl: '/sandbox/playground/-/issues/8#note_4',
      author,
      target: {
        webUrl: '/sandbox/playground/-/issues/8',
        id: 'gid://gitlab/Issue/8',
        reference: 'sandbox/playground#8',
        title: 'Mentions reach people',
      },
    } as Parameters<typeof toTodoItem>[0]);
    expect(item.title).toBe('Mentions reach people');
    expect(item.noteBody).toBe('@reporter could you check this?');
    expect(item.url).toBe('/sandbox/playground/-/issues/8#note_4');
  });

  it('quotes nothing when the to-do is about the epic itself', () => {
    const item = toTodoItem({
      id: 'gid://gitlab/Todo/2',
      state: 'done',
      action: 'marked',
      targetType: 'EPIC',
      createdAt: '2026-11-20T10:00:00Z',
      body: 'Roadmap for Q3',
      targetUrl: null,
      author,
      target: {
        webUrl: '/groups/acme/-/epics/3',
        id: 'gid://gitlab/Epic/3',
        reference: 'acme&3',
        epicTitle: 'Roadmap for Q3',
      },
    } as Parameters<typeof toTodoItem>[0]);
    expect(item).toMatchObject({
      title: 'Roadmap for Q3',
      noteBody: null,
      state: 'done',
      url: '/groups/acme/-/epics/3',
    });
  });

  it('names the group someone asked to join and leads to its access requests', () => {
    const item = toTodoItem({
      id: 'gid://gitlab/Todo/3',
      state: 'pending',
      action: 'member_access_requested',
      targetType: 'NAMESPACE',
      createdAt: '2026-11-27T10:00:00Z',
      body: 'acme/platform',
      targetUrl: '/groups/acme/platform/-/group_members?tab=access_requests',
      author,
      target: {
        webUrl: '/groups/acme/platform',
        id: 'gid://gitlab/Group/2',
        groupName: 'Acme Corp / Platform',
      },
    } as Parameters<typeof toTodoItem>[0]);
    expect(item).toMatchObject({
      action: 'member_access_requested',
      reference: '',
      placeKind: 'group',
      title: 'Acme Corp / Platform',
      noteBody: null,
      url: '/groups/acme/platform/-/group_members?tab=access_requests',
    });
  });
});
