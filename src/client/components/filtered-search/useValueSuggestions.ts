import { type Dispatch, useEffect } from 'react';
import type { FilterTokenType } from '../../../core/domain/searchTokens.ts';
import { startDebouncedFetch } from '../../lib/index.ts';
import type { BarAction } from './searchBarState.ts';
import { fetchValueSuggestions, type SuggestionFetchers, type SuggestionScope } from './suggestionSource.ts';

/** Typing pauses this long (ms) before suggestions are fetched. */
export const SUGGESTION_DEBOUNCE_MS = 250;

/**
 * Fetches the suggestions `request` names, 250 ms after it last changed; a newer request (or
 * unmounting) clears the timer and aborts the fetch in flight, whose rejection is then ignored.
 */
export function useValueSuggestions(
  request: { readonly key: string; readonly type: FilterTokenType; readonly search: string } | null,
  fetchers: SuggestionFetchers,
  scope: SuggestionScope,
  dispatch: Dispatch<BarAction>,
): void {
  const key = request?.key ?? null;
  const type = request?.type ?? null;
  const search = request?.search ?? '';
  const { fullPath, groupId, epicsState } = scope;
  useEffect(() => {
    if (key === null || type === null) return;
    dispatch({ type: 'suggestions-loading', key });
    return startDebouncedFetch(
      SUGGESTION_DEBOUNCE_MS,
      (signal) => fetchValueSuggestions(fetchers, { fullPath, groupId, epicsState }, type, search, signal),
      (values) => dispatch({ type: 'suggestions-loaded', key, values }),
      (error) => {
        console.error(error);
        dispatch({ type: 'suggestions-failed', key });
      },
    );
  }, [key, type, search, fetchers, fullPath, groupId, epicsState, dispatch]);
}
