import { describe, expect, it } from 'vitest';
import { bufferSize, indentClassForLevel, sectionWidth } from './constants.ts';
import { parseInitialSort } from './sortOrder.ts';

describe('roadmap layout constants, as GitLab sets them', () => {
  it.each([
    [1080, 200, 18],
    [1440, 0, 29],
    [900, 899, 1],
    [900, 900, 0],
    [100, 300, 0],
  ])('buffers ceil((%i − %i) / 50) = %i rows', (windowHeight, top, rows) => {
    expect(bufferSize(windowHeight, top)).toBe(rows);
  });

  it('makes the section 320 + 180 × columns wide', () => {
    expect(sectionWidth(12)).toBe(2480);
    expect(sectionWidth(0)).toBe(320);
  });

  it.each([
    [0, ''],
    [1, 'ml-4'],
    [2, 'ml-6'],
    [3, 'ml-8'],
    [4, 'ml-10'],
    [6, 'ml-10'],
  ])('indents level %i as %j', (level, className) => {
    expect(indentClassForLevel(level)).toBe(className);
  });

  it.each([
    ['start_date_asc', 'start_date_asc'],
    ['end_date_asc', 'end_date_asc'],
    ['start_date_desc', 'start_date_asc'],
    ['title_asc', 'start_date_asc'],
    [undefined, 'start_date_asc'],
  ])('accepts the page sort %j as %s', (input, sort) => {
    expect(parseInitialSort(input)).toBe(sort);
  });
});
