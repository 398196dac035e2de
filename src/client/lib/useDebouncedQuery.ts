import { useEffect, useRef, useState } from 'react';
import { startDebouncedFetch } from './debouncedFetch.ts';

/** GitLab's SEARCH_DEBOUNCE for the tree and related-items searches (GitLab's related-items tree), in ms. */
export const SEARCH_DEBOUNCE_MS = 500;

export interface DebouncedQuery<T> {
  readonly value: T | null;
  readonly loading: boolean;
  readonly failed: boolean;
}

const IDLE = { value: null, loading: false, failed: false } as const;

/**
 * The answer of `fetcher`, asked `delayMs` after `key` last changed; a null key asks nothing. A
 * newer key (or unmounting) cancels the wait and aborts the fetch in flight, through
 * `startDebouncedFetch` (as the filter bar's suggestions), so an older answer never replaces a newer one. `fetcher` may change
 * identity on every render: the one current when the delay ends runs.
 */
export function useDebouncedQuery<T>(
  key: string | null,
  fetcher: (signal: AbortSignal) => Promise<T>,
  delayMs: number = SEARCH_DEBOUNCE_MS,
): DebouncedQuery<T> {
  const latest = useRef(fetcher);
  useEffect(() => {
    latest.current = fetcher;
  });
  const [state, setState] = useState<DebouncedQuery<T>>(IDLE);
  useEffect(() => {
    if (key === null) {
      setState(IDLE);
      return;
    }
    setState((previous) => ({ ...previous, loading: true, failed: false }));
    return startDebouncedFetch(
      delayMs,
      (signal) => latest.current(signal),
      (value) => setState({ value, loading: false, failed: false }),
      (error) => {
        console.error(error);
        setState({ value: null, loading: false, failed: true });
      },
    );
  }, [key, delayMs]);
  return state;
}
