import { atom, useAtomValue, useStore } from 'jotai';
import { useCallback } from 'react';
import type { AppStore } from './store.ts';

/**
 * The URL's query string is the state of list filters (so a copied URL reproduces the view). This
 * atom mirrors `location.search`; `navigate` changes both.
 */
const locationSearchAtom = atom<string>('');

export interface NavigateOptions {
  /** Replace the history entry instead of adding one. */
  readonly replace?: boolean;
}

export function navigateSearch(store: AppStore, search: string, options: NavigateOptions = {}): void {
  const query = search && !search.startsWith('?') ? `?${search}` : search;
  const url = `${window.location.pathname}${query}${window.location.hash}`;
  if (options.replace) window.history.replaceState(window.history.state, '', url);
  else window.history.pushState(null, '', url);
  store.set(locationSearchAtom, query);
}

/** Starts mirroring the URL into the store; returns the function that stops it. */
export function bindLocation(store: AppStore): () => void {
  const sync = () => store.set(locationSearchAtom, window.location.search);
  sync();
  window.addEventListener('popstate', sync);
  return () => window.removeEventListener('popstate', sync);
}

export function useLocationSearch(): [
  search: string,
  navigate: (search: string, options?: NavigateOptions) => void,
] {
  const store = useStore();
  const search = useAtomValue(locationSearchAtom);
  const navigate = useCallback(
    (next: string, options?: NavigateOptions) => navigateSearch(store, next, options),
    [store],
  );
  return [search, navigate];
}
