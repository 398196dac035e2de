/** What the epics and issues lists' hooks share: their page size, filters and state counts. */
import { type PageCursor, pageVariables } from './paging.ts';
import type { StateCounts } from './types.ts';

/** Page size of the epics and issues lists, as GitLab's. */
export const LIST_PAGE_SIZE = 20;

export interface ListFilters<TState, TSort> {
  readonly fullPath: string;
  readonly state: TState;
  readonly sort: TSort;
  readonly search: string;
  readonly labelNames: readonly string[];
  readonly cursor: PageCursor;
}

export function filterVariables<TState, TSort>(filters: ListFilters<TState, TSort>) {
  return {
    fullPath: filters.fullPath,
    state: filters.state,
    sort: filters.sort,
    search: filters.search || null,
    labelName: filters.labelNames.length > 0 ? [...filters.labelNames] : null,
    ...pageVariables(filters.cursor, LIST_PAGE_SIZE),
  };
}

export const stateCounts = (
  opened: { count: number } | null,
  closed: { count: number } | null,
  all: { count: number } | null,
): StateCounts => ({ opened: opened?.count ?? null, closed: closed?.count ?? null, all: all?.count ?? null });
