import { useEffect, useState } from 'react';
import type { SearchCounts, SearchScope } from '../../../core/domain/globalSearch.ts';
import { fetchSearchCounts, fetchSearchResults, type SearchResultsPage } from './searchRest.ts';

export interface Loaded<T> {
  readonly value: T | null;
  readonly loading: boolean;
  readonly failed: boolean;
}

/**
 * Reads `load` whenever `key` changes (null reads nothing); a newer key aborts the older read. What
 * was read is kept with its key, so a render with a new key is loading at once, never settled on
 * the old answer.
 */
function useLoaded<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): Loaded<T> {
  const [state, setState] = useState<{ key: string | null; value: T | null; failed: boolean }>({
    key: null,
    value: null,
    failed: false,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names everything `load` reads.
  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    load(controller.signal).then(
      (value) => setState({ key, value, failed: false }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(error);
        setState({ key, value: null, failed: true });
      },
    );
    return () => controller.abort();
  }, [key]);
  if (key === null) return { value: null, loading: false, failed: false };
  const current = state.key === key;
  return { value: current ? state.value : null, loading: !current, failed: current && state.failed };
}

/** How many results each tab of the search holds. */
export function useSearchCounts(term: string, groupId: number | null): Loaded<SearchCounts> {
  return useLoaded(term ? JSON.stringify([term, groupId]) : null, (signal) =>
    fetchSearchCounts(term, groupId, signal),
  );
}

/** One page of one tab's results; nothing while the scope is not known yet. */
export function useSearchResults(query: {
  readonly term: string;
  readonly scope: SearchScope | null;
  readonly groupId: number | null;
  readonly page: number;
}): Loaded<SearchResultsPage> {
  const { term, scope, groupId, page } = query;
  return useLoaded(term && scope ? JSON.stringify([term, scope, groupId, page]) : null, (signal) =>
    fetchSearchResults({ term, scope: scope ?? 'projects', groupId, page }, signal),
  );
}
