import { describe, expect, it } from 'vitest';
import { parseJsonList, parseJsonRecord } from './jsonText.ts';

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

describe('a JSON object in a text', () => {
  it.each([
    [null, null],
    ['', null],
    ['not json', null],
    ['[1]', null],
    ['null', null],
    ['{"a":1}', { a: 1 }],
  ])('reads %j as %j', (raw, expected) => {
    expect(parseJsonRecord(raw)).toEqual(expected);
  });
});
