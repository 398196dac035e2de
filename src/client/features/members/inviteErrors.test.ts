import { expect, it } from 'vitest';
import { visibleInviteErrors } from './inviteErrors.ts';

it('shows two errors and folds the rest until expanded', () => {
  expect(visibleInviteErrors(['a', 'b'], false)).toEqual({ shown: ['a', 'b'], hidden: 0 });
  expect(visibleInviteErrors(['a', 'b', 'c', 'd'], false)).toEqual({ shown: ['a', 'b'], hidden: 2 });
  expect(visibleInviteErrors(['a', 'b', 'c', 'd'], true)).toEqual({ shown: ['a', 'b', 'c', 'd'], hidden: 0 });
});
