import { describe, expect, it } from 'vitest';
import {
  MAX_SEARCH_WORDS,
  parseCounts,
  parseSearch,
  parseSuggestions,
  plainExcerpt,
  SCOPES_AT,
  searchPagePath,
} from './globalSearch.ts';

describe('parseSearch', () => {
  it('makes every word a prefix, so a word being typed already matches', () => {
    expect(parseSearch('Road plan').tsquery).toBe('road:* & plan:*');
  });

  it('keeps only letters and digits, so no typed operator reaches the query', () => {
    const parsed = parseSearch(`a' | b & !c:* (d) <-> "e"`);
    expect(parsed.words).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(parsed.tsquery).toBe('a:* & b:* & c:* & d:* & e:*');
  });

  it('splits hyphenated and dotted words as PostgreSQL’s parser does', () => {
    expect(parseSearch('web-app v2.0').words).toEqual(['web', 'app', 'v2', '0']);
  });

  it('reads words of any script, in lower case, each once', () => {
    expect(parseSearch('Ärger ärger 東京').words).toEqual(['ärger', '東京']);
  });

  it('has no query for a term of punctuation only', () => {
    expect(parseSearch(' !? ').tsquery).toBeNull();
  });

  it(`bounds a query to ${MAX_SEARCH_WORDS} words`, () => {
    const many = Array.from({ length: 40 }, (_, index) => `w${index}`).join(' ');
    expect(parseSearch(many).words).toHaveLength(MAX_SEARCH_WORDS);
  });

  it('reads #12 as an issue reference and &3 as an epic reference', () => {
    expect(parseSearch('#12').reference).toEqual({ kind: 'issue', iid: 12 });
    expect(parseSearch(' &3 ').reference).toEqual({ kind: 'epic', iid: 3 });
    expect(parseSearch('#12 bug').reference).toBeNull();
    expect(parseSearch('12').reference).toBeNull();
  });
});

describe('searchPagePath', () => {
  it('names the term, the scope, the group and a page past the first', () => {
    expect(searchPagePath('a b&c')).toBe('/search?search=a+b%26c');
    expect(searchPagePath('x', { scope: 'issues', groupId: 4, page: 2 })).toBe(
      '/search?search=x&scope=issues&group_id=4&page=2',
    );
    expect(searchPagePath('x', { page: 1 })).toBe('/search?search=x');
  });
});

describe('SCOPES_AT', () => {
  it('offers a project neither epics nor projects nor groups', () => {
    expect(SCOPES_AT.project).toEqual(['issues', 'milestones', 'users']);
  });
});

describe('parseSuggestions and parseCounts', () => {
  it('keep well-formed suggestions and drop the rest', () => {
    const good = { scope: 'issues', id: 1, title: 'T', subtitle: 'acme/web#1', path: '/acme/web/-/issues/1' };
    expect(parseSuggestions([good, { ...good, scope: 'snippets' }, { ...good, id: '1' }, null])).toEqual([
      good,
    ]);
    expect(parseSuggestions({})).toEqual([]);
  });

  it('keep counts that are whole numbers of known scopes', () => {
    expect(parseCounts({ issues: 3, epics: -1, users: 1.5, projects: 0, bogus: 2 })).toEqual({
      issues: 3,
      projects: 0,
    });
    expect(parseCounts(null)).toEqual({});
  });
});

describe('plainExcerpt', () => {
  it('reads markdown as plain words', () => {
    expect(plainExcerpt('## Why\nIt **matters**.\n- [ ] Ship [it](http://x) `now`\n1. Done')).toBe(
      'Why It matters. Ship it now Done',
    );
  });

  it('cuts a long text with an ellipsis', () => {
    expect(plainExcerpt('word '.repeat(100), 20)).toBe('word word word word…');
  });
});
