import { describe, expect, it } from 'vitest';
import { parseListQuery, serializeListQuery, withFilters } from '../../components/filters/index.ts';
import { MERGE_REQUEST_LIST_SPEC, mergeRequestsEmptyText } from './mergeRequestListSpec.ts';

const parse = (search: string) => parseListQuery(search, MERGE_REQUEST_LIST_SPEC);
const counts = { opened: 3, merged: 5, closed: 1, all: 9 };

describe('the merge requests list URL', () => {
  it('opens on the Open tab, newest first, and reads the Merged tab and GitLab’s sort values', () => {
    expect(parse('')).toMatchObject({ state: 'opened', search: '', labels: [] });
    expect(parse('').sort.value).toBe('CREATED_DESC');
    const merged = parse('state=merged&sort=merged_at_desc&search=cache&label_name[]=backend');
    expect(merged).toMatchObject({ state: 'merged', search: 'cache', labels: ['backend'] });
    expect(merged.sort.value).toBe('MERGED_AT_DESC');
    expect(parse('sort=updated_desc').sort.value).toBe('UPDATED_DESC');
    expect(parse('sort=TITLE_ASC').sort.value).toBe('TITLE_ASC');
  });

  it('falls back to Open for states it has no tab for', () => {
    expect(parse('state=locked').state).toBe('opened');
    expect(parse('state=all').state).toBe('all');
  });

  it('writes the Merged tab back, leaving the defaults out', () => {
    const query = withFilters(parse(''), { state: 'merged' });
    expect(serializeListQuery(query, MERGE_REQUEST_LIST_SPEC)).toBe('state=merged');
    expect(serializeListQuery(parse('state=opened&sort=created_date'), MERGE_REQUEST_LIST_SPEC)).toBe('');
  });
});

describe('the merge requests list’s empty states (GitLab’s words)', () => {
  it('names the tab’s state: none open, none merged, none closed', () => {
    expect(mergeRequestsEmptyText(parse(''), counts, 'list')).toEqual({
      title: 'There are no open merge requests',
    });
    for (const state of ['merged', 'closed'])
      expect(mergeRequestsEmptyText(parse(`state=${state}`), counts, 'list').title).toBe(
        `There are no ${state} merge requests`,
      );
  });

  it('suggests widening the search when a search or label matches nothing', () => {
    for (const search of ['search=zzz', 'state=merged&label_name[]=nothing'])
      expect(mergeRequestsEmptyText(parse(search), counts, 'list')).toEqual({
        title: 'No results found',
        description: 'To widen your search, change or remove filters above.',
      });
  });

  it('invites a first merge request where there is none at all, and explains them on the dashboard', () => {
    const none = { opened: 0, merged: 0, closed: 0, all: 0 };
    expect(mergeRequestsEmptyText(parse('state=all'), none, 'list')).toEqual({
      title: 'Create a merge request to suggest changes to the repository.',
      description: 'Use merge requests to propose, collaborate, and review code changes with others.',
    });
    expect(mergeRequestsEmptyText(parse(''), none, 'dashboard').title).toBe(
      "Merge requests are a place to propose changes you've made to a project and discuss those changes with others",
    );
    // Before the counts answer, the tab's own words.
    expect(mergeRequestsEmptyText(parse(''), undefined, 'list').title).toBe(
      'There are no open merge requests',
    );
  });
});
