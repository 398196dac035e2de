import { useEffect, useState } from 'react';
import { fetchLabelSuggestions, type LabelView } from '../../../data/index.ts';
import { SUGGESTION_DEBOUNCE_MS } from '../../filtered-search/index.ts';
import { labelFromSuggestion } from './labelSelection.ts';

export interface LabelSearch {
  readonly labels: readonly LabelView[];
  readonly loading: boolean;
  readonly failed: boolean;
}

/**
 * The group's labels (and its ancestors') matching `search`, through the filter bar's label fetch.
 * A newer search, or closing the picker, aborts the fetch in flight; its rejection is then ignored.
 */
export function useLabelSearch(fullPath: string, search: string): LabelSearch {
  const [state, setState] = useState<LabelSearch>({ labels: [], loading: true, failed: false });
  useEffect(() => {
    const controller = new AbortController();
    setState((previous) => ({ ...previous, loading: true, failed: false }));
    const timer = window.setTimeout(() => {
      fetchLabelSuggestions({ fullPath, search: search.trim() }, controller.signal).then(
        (found) => {
          if (!controller.signal.aborted) {
            setState({ labels: found.map(labelFromSuggestion), loading: false, failed: false });
          }
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          console.error(error);
          setState({ labels: [], loading: false, failed: true });
        },
      );
    }, SUGGESTION_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [fullPath, search]);
  return state;
}
