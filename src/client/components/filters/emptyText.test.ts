import { describe, expect, it } from 'vitest';
import { emptyText } from './emptyText.ts';
import { type ListQuerySpec, parseListQuery } from './listQuery.ts';

const spec: ListQuerySpec<'CREATED'> = {
  sorts: [{ param: 'created_date', value: 'CREATED', label: 'Created date' }],
};

describe('emptyText', () => {
  it('names the state tab when nothing is filtered', () => {
    expect(emptyText('epics', parseListQuery('', spec)).title).toBe('There are no open epics');
    expect(emptyText('issues', parseListQuery('state=closed', spec)).title).toBe(
      'There are no closed issues',
    );
    expect(emptyText('epics', parseListQuery('state=all', spec)).title).toBe('There are no epics to show');
  });

  it('suggests widening the search when filters are applied', () => {
    expect(emptyText('epics', parseListQuery('search=zzz', spec))).toEqual({
      title: 'Sorry, your filter produced no results',
      description: 'To widen your search, change or remove filters above.',
    });
  });
});
