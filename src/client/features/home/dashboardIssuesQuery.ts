/** The issues dashboard's URL: `?state=opened|closed|all&page=N` (GitLab's), open and page 1 by default. */
import type { IssueStateFilter } from '../../data/index.ts';

export interface DashboardIssuesQuery {
  readonly state: IssueStateFilter;
  readonly page: number;
}

const STATES: readonly IssueStateFilter[] = ['opened', 'closed', 'all'];

export function parseDashboardIssuesQuery(search: string): DashboardIssuesQuery {
  const params = new URLSearchParams(search);
  const state = params.get('state');
  const page = Number(params.get('page'));
  return {
    state: STATES.find((known) => known === state) ?? 'opened',
    page: Number.isSafeInteger(page) && page > 1 && page < 1_000_000 ? page : 1,
  };
}

/** The query string of a view: defaults left out. */
export function dashboardIssuesSearch(query: DashboardIssuesQuery): string {
  const params = new URLSearchParams();
  if (query.state !== 'opened') params.set('state', query.state);
  if (query.page > 1) params.set('page', String(query.page));
  return params.toString();
}
