import { describe, expect, it } from 'vitest';
import {
  applyGfmInsertion,
  findGfmMatch,
  type GfmMatch,
  insertionText,
  milestoneAutocompleteReference,
  rankByQuery,
  searchTextOf,
} from './gfmAutocomplete.ts';

/** The match with the caret at the end of `text`. */
const atEnd = (text: string) => findGfmMatch(text, text.length);

describe('finding the trigger at the caret', () => {
  it.each([
    ['@', '@', ''],
    ['Hi @rep', '@', 'rep'],
    ['see #12', '#', '12'],
    ['under &3', '&', '3'],
    ['for %Sprint', '%', 'Sprint'],
    ['~bug', '~', 'bug'],
    ['/lab', '/', 'lab'],
    ['done :thu', ':', 'thu'],
    ['(@ann', '@', 'ann'],
    ['first line\n@jo', '@', 'jo'],
    ['first\n/clo', '/', 'clo'],
  ])('%j opens %s with query %j', (text, trigger, query) => {
    expect(atEnd(text)).toEqual({ trigger, query, start: text.length - query.length - 1, end: text.length });
  });

  it.each([
    ['mail me at a@b', 'an @ inside a word'],
    ['http://x', 'a colon or slash inside a word'],
    ['a /close', 'a slash not at the start of its line'],
    ['@ann and', 'a username followed by a space'],
    ['plain text', 'no trigger at all'],
    ['# Heading', 'a heading'],
    ['@foo@bar', 'a second @ inside a username'],
    ['', 'an empty text'],
  ])('%j opens nothing (%s)', (text) => {
    expect(atEnd(text)).toBeNull();
  });

  it('keeps spaces in label and milestone queries, quoted or not', () => {
    expect(atEnd('~"two wo')).toMatchObject({ trigger: '~', query: '"two wo' });
    expect(atEnd('%Sprint 4')).toMatchObject({ trigger: '%', query: 'Sprint 4' });
  });

  it('reads only up to the caret, not the text after it', () => {
    expect(findGfmMatch('@rep and more', 4)).toEqual({ trigger: '@', query: 'rep', start: 0, end: 4 });
  });

  it('takes the nearest trigger: an issue after a label', () => {
    expect(atEnd('~bug #1')).toMatchObject({ trigger: '#', query: '1', start: 5 });
  });

  it('does not look back past the current line', () => {
    expect(atEnd('~bug\nmore')).toBeNull();
  });

  it('searches without the opening quote or outer spaces', () => {
    const match = atEnd('~"two ') as GfmMatch;
    expect(searchTextOf(match)).toBe('two');
  });
});

describe('the inserted text', () => {
  it.each([
    [{ kind: 'user', username: 'reporter' } as const, '@reporter '],
    [{ kind: 'reference', reference: '#12' } as const, '#12 '],
    [{ kind: 'milestone', title: 'v1.0' } as const, '%v1.0 '],
    [{ kind: 'milestone', title: 'Sprint 4' } as const, '%"Sprint 4" '],
    [{ kind: 'label', title: 'bug' } as const, '~bug '],
    [{ kind: 'label', title: 'two words' } as const, '~"two words" '],
    [{ kind: 'command', name: 'label' } as const, '/label '],
    [{ kind: 'emoji', unicode: '👍' } as const, '👍 '],
  ])('%j inserts %j', (insertion, text) => {
    expect(insertionText(insertion)).toBe(text);
  });

  it('quotes a milestone title with spaces only', () => {
    expect(milestoneAutocompleteReference('Release 1')).toBe('%"Release 1"');
    expect(milestoneAutocompleteReference('release-1')).toBe('%release-1');
  });
});

describe('applying a pick', () => {
  it('replaces the trigger and query and puts the caret after the insertion', () => {
    const text = 'Thanks @rep';
    const match = atEnd(text) as GfmMatch;
    expect(applyGfmInsertion(text, match, { kind: 'user', username: 'reporter' })).toEqual({
      value: 'Thanks @reporter ',
      caret: 17,
    });
  });

  it('keeps the text after the caret and does not double its space', () => {
    const text = 'Ask @re about it';
    const match = findGfmMatch(text, 7) as GfmMatch;
    expect(applyGfmInsertion(text, match, { kind: 'user', username: 'reporter' })).toEqual({
      value: 'Ask @reporter about it',
      caret: 14,
    });
  });

  it('replaces the rest of the word the caret is inside', () => {
    const text = '~bu more';
    const match = findGfmMatch(text, 2) as GfmMatch;
    expect(applyGfmInsertion(text, match, { kind: 'label', title: 'bug' }).value).toBe('~bug more');
  });

  it('replaces a quoted label query with the quoted title', () => {
    const text = 'x ~"two w';
    const match = atEnd(text) as GfmMatch;
    expect(applyGfmInsertion(text, match, { kind: 'label', title: 'two words' })).toEqual({
      value: 'x ~"two words" ',
      caret: 15,
    });
  });
});

describe('ranking by the query', () => {
  const items = ['unlabel', 'label', 'relabel', 'close'];
  it('puts prefix matches before inner matches, in the given order, up to the limit', () => {
    expect(rankByQuery(items, (item) => [item], 'LAB', 10)).toEqual(['label', 'unlabel', 'relabel']);
    expect(rankByQuery(items, (item) => [item], 'lab', 2)).toEqual(['label', 'unlabel']);
  });

  it('matches any of an item’s keys, and everything for an empty query', () => {
    expect(rankByQuery(items, (item) => (item === 'close' ? ['close', 'shut'] : [item]), 'sh', 5)).toEqual([
      'close',
    ]);
    expect(rankByQuery(items, (item) => [item], '', 5)).toEqual(items);
  });
});
