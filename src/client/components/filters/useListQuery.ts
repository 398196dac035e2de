import { useCallback, useMemo } from 'react';
import { useLocationSearch } from '../../state/index.ts';
import {
  type ListQuery,
  type ListQuerySpec,
  type ListState,
  parseListQuery,
  type StateTab,
  serializeListQuery,
} from './listQuery.ts';

export interface ListQueryControls<TSort extends string, TState extends StateTab = ListState> {
  readonly query: ListQuery<TSort, TState>;
  /** The query string of another view of the list. */
  readonly toSearch: (query: ListQuery<TSort, TState>) => string;
  /** Shows the view of a query string (adds a history entry). */
  readonly navigate: (search: string) => void;
}

/** The list's filters, read from and written to the URL. */
export function useListQuery<TSort extends string, TState extends StateTab = ListState>(
  spec: ListQuerySpec<TSort, TState>,
): ListQueryControls<TSort, TState> {
  const [search, navigateSearch] = useLocationSearch();
  const query = useMemo(() => parseListQuery(search, spec), [search, spec]);
  const toSearch = useCallback((next: ListQuery<TSort, TState>) => serializeListQuery(next, spec), [spec]);
  const navigate = useCallback((next: string) => navigateSearch(next), [navigateSearch]);
  return { query, toSearch, navigate };
}
