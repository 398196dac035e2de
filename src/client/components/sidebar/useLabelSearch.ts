import { useEffect, useState } from 'react';
import { fetchLabelSuggestions, type LabelView } from '../../data/index.ts';
import { startDebouncedFetch } from '../../lib/index.ts';
import { SUGGESTION_DEBOUNCE_MS } from '../filtered-search/index.ts';
import { labelFromSuggestion } from './labelSelection.ts';

export interface LabelSearch {
  readonly labels: readonly LabelView[];
  readonly loading: boolean;
  readonly failed: boolean;
}

/**
 * The group's labels (and its ancestors') matching `search`, through the filter bar's label fetch.
 * A newer search, or closing the picker, drops the wait or aborts the fetch in flight (`startDebouncedFetch`,
 * as in the filter bar), whose answer or rejection is then ignored.
 */
export function useLabelSearch(fullPath: string, search: string): LabelSearch {
  const [state, setState] = useState<LabelSearch>({ labels: [], loading: true, failed: false });
  useEffect(() => {
    setState((previous) => ({ ...previous, loading: true, failed: false }));
    return startDebouncedFetch(
      SUGGESTION_DEBOUNCE_MS,
      (signal) => fetchLabelSuggestions({ fullPath, search: search.trim() }, signal),
      (found) => setState({ labels: found.map(labelFromSuggestion), loading: false, failed: false }),
      (error) => {
        console.error(error);
        setState({ labels: [], loading: false, failed: true });
      },
    );
  }, [fullPath, search]);
  return state;
}
