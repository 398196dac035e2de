import { describe, expect, it } from 'vitest';
import {
  dateInput,
  pendingCountAfter,
  toEpicColor,
  toEpicDateField,
  toEpicTodo,
} from './epicSidebarMappers.ts';

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

describe('epic dates', () => {
  it('take the day part of the API’s timestamps and default the flag to inherited', () => {
    expect(
      toEpicDateField({
        date: '2024-03-01T00:00:00Z',
        isFixed: null,
        fixed: null,
        fromMilestones: '2024-03-01',
      }),
    ).toEqual({ date: '2024-03-01', isFixed: false, fixed: null, fromMilestones: '2024-03-01' });
  });

  it('send the fixed flag, and the fixed date only when the change names one', () => {
    expect(dateInput('start', { isFixed: false })).toEqual({ startDateIsFixed: false });
    expect(dateInput('due', { isFixed: true, fixed: null })).toEqual({
      dueDateIsFixed: true,
      dueDateFixed: null,
    });
    expect(dateInput('start', { isFixed: true, fixed: '2024-01-02' as never })).toEqual({
      startDateIsFixed: true,
      startDateFixed: '2024-01-02',
    });
  });
});

describe('epic colour', () => {
  it('shows GitLab’s default blue when the epic has none', () => {
    expect(toEpicColor(null, null)).toEqual({ color: '#1068bf', textColor: '#FFFFFF' });
  });

  it('keeps the server’s text colour, or computes a readable one', () => {
    expect(toEpicColor('#217645', '#FFFFFF')).toEqual({ color: '#217645', textColor: '#FFFFFF' });
    expect(toEpicColor('#ffffff', null).textColor).toBe('#1F1E24');
  });
});
