import { describe, expect, it } from 'vitest';
import { parseSearchPageQuery, serializeSearchPageQuery, shownScope } from './searchPageQuery.ts';

describe('the results page query', () => {
  it('reads and writes the term, scope, group and page', () => {
    const query = parseSearchPageQuery('?search=road+map&scope=epics&group_id=4&page=2');
    expect(query).toEqual({ term: 'road map', scope: 'epics', groupId: 4, page: 2 });
    expect(serializeSearchPageQuery(query)).toBe('?search=road+map&scope=epics&group_id=4&page=2');
  });

  it('reads an unknown scope, a bad group and a bad page as none', () => {
    expect(parseSearchPageQuery('?search=x&scope=blobs&group_id=-1&page=zero')).toEqual({
      term: 'x',
      scope: null,
      groupId: null,
      page: 1,
    });
  });

  it('shows the asked tab, else the first with results, else the first', () => {
    const scopes = ['projects', 'issues', 'users'] as const;
    const query = parseSearchPageQuery('?search=x');
    expect(shownScope(query, scopes, null)).toBeNull();
    expect(shownScope(query, scopes, { projects: 0, issues: 2 })).toBe('issues');
    expect(shownScope(query, scopes, { projects: 0 })).toBe('projects');
    expect(shownScope({ ...query, scope: 'users' }, scopes, null)).toBe('users');
  });
});
