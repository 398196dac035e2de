import { describe, expect, it } from 'vitest';
import { pendingCountAfter, toEpicTodo } from './todoMappers.ts';

describe('the to-do count', () => {
  it('goes up by one when a to-do is added and down by one when it is done', () => {
    expect(pendingCountAfter(3, 1)).toBe(4);
    expect(pendingCountAfter(3, -1)).toBe(2);
  });

  it('never goes below 0', () => {
    expect(pendingCountAfter(0, -1)).toBe(0);
  });
});

describe('the to-do answer', () => {
  it('reads the first pending to-do and the viewer’s count', () => {
    expect(
      toEpicTodo({
        currentUser: { id: 'gid://gitlab/User/1', todos: { count: 5 } },
        workspace: {
          id: 'gid://gitlab/Group/1',
          issuable: {
            id: 'gid://gitlab/Epic/9',
            currentUserTodos: { nodes: [null, { id: 'gid://gitlab/Todo/3' }] },
          },
        },
      }),
    ).toEqual({ epicId: 'gid://gitlab/Epic/9', todoId: 'gid://gitlab/Todo/3', pendingCount: 5 });
  });

  it('has no to-do when the list is empty, and no epic when it is not visible', () => {
    const workspace = { id: 'g', issuable: { id: 'e', currentUserTodos: { nodes: [] } } };
    expect(toEpicTodo({ currentUser: null, workspace })).toEqual({
      epicId: 'e',
      todoId: null,
      pendingCount: 0,
    });
    expect(toEpicTodo({ currentUser: null, workspace: { id: 'g', issuable: null } })).toBeNull();
  });
});
