import { describe, expect, it } from 'vitest';
import { parseJsonList } from './jsonList.ts';

describe('a stored JSON list', () => {
  it.each([
    [null, []],
    ['', []],
    ['not json', []],
    ['{"a":1}', []],
    ['"text"', []],
    ['[1,"two",null]', [1, 'two', null]],
  ])('reads %j as %j', (raw, expected) => {
    expect(parseJsonList(raw)).toEqual(expected);
  });
});
