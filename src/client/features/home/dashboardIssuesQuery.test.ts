import { describe, expect, it } from 'vitest';
import { dashboardIssuesSearch, parseDashboardIssuesQuery } from './dashboardIssuesQuery.ts';

describe('the issues dashboard’s URL', () => {
  it('defaults to the first page of open issues', () => {
    expect(parseDashboardIssuesQuery('')).toEqual({ state: 'opened', page: 1 });
    expect(parseDashboardIssuesQuery('?state=nope&page=-3')).toEqual({ state: 'opened', page: 1 });
    expect(parseDashboardIssuesQuery('?page=1e9')).toEqual({ state: 'opened', page: 1 });
  });

  it('reads and writes the state and page, leaving defaults out', () => {
    expect(parseDashboardIssuesQuery('?state=closed&page=3')).toEqual({ state: 'closed', page: 3 });
    expect(dashboardIssuesSearch({ state: 'closed', page: 3 })).toBe('state=closed&page=3');
    expect(dashboardIssuesSearch({ state: 'opened', page: 1 })).toBe('');
  });
});
