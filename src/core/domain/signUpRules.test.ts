import { describe, expect, it } from 'vitest';
import { signUpErrors } from './signUpRules.ts';

describe('signUpErrors', () => {
  const valid = { name: 'New Person', username: 'new.person', password: 'a-long-password' };
  it('accepts a valid account', () => {
    expect(signUpErrors(valid)).toEqual({});
  });
  it.each([
    [{ name: '  ' }, 'name'],
    [{ username: 'x' }, 'username'],
    [{ username: '-dash' }, 'username'],
    [{ username: 'ends.' }, 'username'],
    [{ username: 'repo.git' }, 'username'],
    [{ username: 'groups' }, 'username'],
    [{ username: 'has space' }, 'username'],
    [{ password: 'short' }, 'password'],
  ])('refuses %j on %s', (change, field) => {
    expect(Object.keys(signUpErrors({ ...valid, ...change }))).toEqual([field]);
  });
});
