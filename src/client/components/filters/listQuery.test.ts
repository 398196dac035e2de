import { describe, expect, it } from 'vitest';
import {
  addLabel,
  hasFilters,
  type ListQuerySpec,
  listStates,
  pageLinks,
  parseListQuery,
  removeLabel,
  serializeListQuery,
  withFilters,
} from './listQuery.ts';

type Sort = 'CREATED_AT_DESC' | 'TITLE_ASC';
const spec: ListQuerySpec<Sort> = {
  sorts: [
    { param: 'created_date', value: 'CREATED_AT_DESC', label: 'Created date' },
    { param: 'title_asc', value: 'TITLE_ASC', label: 'Title' },
  ],
};
const pageInfo = { hasNextPage: false, hasPreviousPage: false, startCursor: 's', endCursor: 'e' };

describe('a list’s own state tabs', () => {
  const withMerged: ListQuerySpec<Sort, 'opened' | 'merged' | 'closed' | 'all'> = {
    ...spec,
    states: ['opened', 'merged', 'closed', 'all'],
  };

  it('reads a state only where the list has its tab, defaulting to the first', () => {
    expect(parseListQuery('state=merged', withMerged).state).toBe('merged');
    expect(parseListQuery('state=merged', spec).state).toBe('opened');
    expect(parseListQuery('state=bogus', withMerged).state).toBe('opened');
    expect(listStates(spec)).toEqual(['opened', 'closed', 'all']);
    expect(listStates(withMerged)).toEqual(['opened', 'merged', 'closed', 'all']);
  });

  it('leaves the first state out of the URL and writes the others', () => {
    const query = parseListQuery('', withMerged);
    expect(serializeListQuery(withFilters(query, { state: 'merged' }), withMerged)).toBe('state=merged');
    expect(serializeListQuery(query, withMerged)).toBe('');
  });
});

describe('parseListQuery', () => {
  it('gives the defaults for an empty query string', () => {
    expect(parseListQuery('', spec)).toEqual({
      state: 'opened',
      search: '',
      labels: [],
      sort: spec.sorts[0],
      after: null,
      before: null,
    });
  });

  it('reads state, search, labels, sort and cursors', () => {
    const query = parseListQuery(
      '?state=closed&search=+login+&label_name[]=bug&label_name%5B%5D=priority%3A%3Ahigh&sort=title_asc&page_after=abc',
      spec,
    );
    expect(query).toMatchObject({
      state: 'closed',
      search: 'login',
      labels: ['bug', 'priority::high'],
      after: 'abc',
      before: null,
    });
    expect(query.sort.value).toBe('TITLE_ASC');
  });

  it('accepts the GraphQL sort value in any case, and the unbracketed label parameter', () => {
    const query = parseListQuery('sort=title_ASC&label_name=bug&label_name[]=bug', spec);
    expect(query.sort.value).toBe('TITLE_ASC');
    expect(query.labels).toEqual(['bug']);
  });

  it('falls back to defaults for unknown state and sort values', () => {
    const query = parseListQuery('state=merged&sort=nonsense', spec);
    expect(query.state).toBe('opened');
    expect(query.sort.value).toBe('CREATED_AT_DESC');
  });
});

describe('serializeListQuery', () => {
  it('omits defaults', () => {
    expect(serializeListQuery(parseListQuery('', spec), spec)).toBe('');
  });

  it('round-trips every parameter', () => {
    const search =
      'state=all&search=login+page&label_name%5B%5D=bug&label_name%5B%5D=a%3A%3Ab&sort=title_asc&page_before=xyz';
    const query = parseListQuery(search, spec);
    expect(serializeListQuery(query, spec)).toBe(search);
    expect(parseListQuery(serializeListQuery(query, spec), spec)).toEqual(query);
  });

  it('keeps only one cursor, preferring page_before', () => {
    const query = { ...parseListQuery('', spec), after: 'a', before: 'b' };
    expect(serializeListQuery(query, spec)).toBe('page_before=b');
  });
});

describe('filter changes', () => {
  const paged = parseListQuery('page_after=abc&label_name[]=bug', spec);

  it('reset the cursor', () => {
    expect(withFilters(paged, { state: 'closed' })).toMatchObject({
      state: 'closed',
      after: null,
      before: null,
    });
  });

  it('add a label once and remove it again', () => {
    expect(addLabel(paged, 'ux').labels).toEqual(['bug', 'ux']);
    expect(addLabel(paged, 'bug').labels).toEqual(['bug']);
    expect(removeLabel(paged, 'bug').labels).toEqual([]);
  });

  it('count as filters only for search and labels', () => {
    expect(hasFilters(paged)).toBe(true);
    expect(hasFilters(parseListQuery('state=closed&sort=title_asc', spec))).toBe(false);
  });
});

describe('pageLinks', () => {
  const first = parseListQuery('', spec);

  it('offers nothing on a single page', () => {
    expect(pageLinks(first, pageInfo)).toEqual({ previous: null, next: null });
  });

  it('offers the next page after the end cursor', () => {
    const { next, previous } = pageLinks(first, { ...pageInfo, hasNextPage: true });
    expect(previous).toBeNull();
    expect(next).toMatchObject({ after: 'e', before: null });
  });

  it('always offers to go back after paging forward, even if the server says no previous page', () => {
    const second = parseListQuery('page_after=x', spec);
    expect(pageLinks(second, pageInfo).previous).toMatchObject({ before: 's', after: null });
  });

  it('always offers to go forward after paging backward', () => {
    const back = parseListQuery('page_before=y', spec);
    const links = pageLinks(back, { ...pageInfo, hasPreviousPage: true });
    expect(links.next).toMatchObject({ after: 'e' });
    expect(links.previous).toMatchObject({ before: 's' });
  });

  it('offers nothing without cursors', () => {
    const second = parseListQuery('page_after=x', spec);
    expect(pageLinks(second, { ...pageInfo, startCursor: null, endCursor: null })).toEqual({
      previous: null,
      next: null,
    });
  });
});
