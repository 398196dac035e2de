/** Small generic client helpers: browser storage, debounced fetches, the mount-time clock. */
export {
  browserStorage,
  type ListStorage,
  readStoredEntry,
  writeStoredEntry,
} from './browserStorage.ts';
export { startDebouncedFetch } from './debouncedFetch.ts';
export { isTypingTarget, type KeyInput, keyName } from './keys.ts';
export { type DebouncedQuery, SEARCH_DEBOUNCE_MS, useDebouncedQuery } from './useDebouncedQuery.ts';
export { useElementWidth } from './useElementWidth.ts';
export { useNow } from './useNow.ts';
export { useWrites, type Writes } from './useWrites.ts';
