import { describe, expect, it } from 'vitest';
import { pageVariables } from './paging.ts';

describe('pageVariables', () => {
  it('asks for the first page when no cursor is given', () => {
    expect(pageVariables({ after: null, before: null }, 20)).toEqual({
      first: 20,
      last: null,
      after: null,
      before: null,
    });
  });
  it('pages forward after a cursor', () => {
    expect(pageVariables({ after: 'abc', before: null }, 20)).toMatchObject({ first: 20, after: 'abc' });
  });
  it('pages backward before a cursor, and a before cursor wins over an after cursor', () => {
    expect(pageVariables({ after: 'abc', before: 'xyz' }, 20)).toEqual({
      first: null,
      last: 20,
      after: null,
      before: 'xyz',
    });
  });
});
