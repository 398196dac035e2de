import { describe, expect, it } from 'vitest';
import {
  hasTodoFilters,
  parseTodoListQuery,
  serializeTodoListQuery,
  withTodoFilters,
} from './todoListQuery.ts';

describe('the To-Do List URL', () => {
  it('is the pending tab with no filter by default', () => {
    const query = parseTodoListQuery('');
    expect(query).toMatchObject({ state: 'pending', groupId: null, action: null, type: null, after: null });
    expect(hasTodoFilters(query)).toBe(false);
    expect(serializeTodoListQuery(query)).toBe('');
  });

  it('reads and writes GitLab’s parameters back unchanged', () => {
    const search = 'state=done&group_id=4&project_id=7&author_id=2&action=assigned&type=Epic&page_after=abc';
    const query = parseTodoListQuery(search);
    expect(query).toMatchObject({ state: 'done', groupId: '4', projectId: '7', authorId: '2', type: 'EPIC' });
    expect(hasTodoFilters(query)).toBe(true);
    expect(serializeTodoListQuery(query)).toBe(search);
  });

  it('drops values it does not know rather than failing', () => {
    expect(parseTodoListQuery('state=open&group_id=x&action=bogus&type=Commit')).toMatchObject({
      state: 'pending',
      groupId: null,
      action: null,
      type: null,
    });
  });

  it('goes back to the first page when a filter changes', () => {
    const query = parseTodoListQuery('page_after=abc');
    expect(withTodoFilters(query, { state: 'done' })).toMatchObject({ state: 'done', after: null });
  });
});
