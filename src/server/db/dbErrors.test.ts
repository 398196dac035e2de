import { describe, expect, it } from 'vitest';
import { uniqueViolationField } from './dbErrors.ts';

const duplicate = (detail: string, constraint = 'some_index') => ({ code: '23505', detail, constraint });

describe('duplicate-key errors', () => {
  it.each([
    ['a scoped title', 'Key (group_id, title)=(3, Sprint 1) already exists.', 'title'],
    ['an expression index', 'Key (lower(full_path))=(acme) already exists.', 'full_path'],
    ['a cast in an expression', 'Key (lower(username::text))=(jo) already exists.', 'username'],
    ['an iid in its group', 'Key (group_id, iid)=(3, 7) already exists.', 'iid'],
    ['a title containing a comma', 'Key (group_id, title)=(3, a, b) already exists.', 'title'],
  ])('names the column of %s', (_case, detail, field) => {
    expect(uniqueViolationField(duplicate(detail))).toBe(field);
  });

  it('falls back to the constraint name when the detail is missing', () => {
    expect(uniqueViolationField({ code: '23505', constraint: 'labels_group_title' })).toBe('title');
  });

  it('ignores every other error', () => {
    expect(uniqueViolationField(new Error('boom'))).toBeNull();
    expect(uniqueViolationField({ code: '23503', detail: 'Key (x)=(1) is not present.' })).toBeNull();
    expect(uniqueViolationField(null)).toBeNull();
  });
});
