import { createContext, type KeyboardEvent, useContext, useEffect, useRef, useState } from 'react';
import {
  applyGfmInsertion,
  findGfmMatch,
  GFM_SOURCE_OF_TRIGGER,
  type GfmEdit,
  type GfmInsertion,
  type GfmMatch,
  searchTextOf,
} from '../../../core/domain/gfmAutocomplete.ts';
import type { GfmSourcePaths } from '../../../core/domain/webPaths.ts';
import {
  emojiSuggestions,
  fetchAwardedEmoji,
  fetchGfmSource,
  filterCommands,
  type GfmSuggestion,
} from '../../data/index.ts';
import { startDebouncedFetch } from '../../lib/index.ts';

/**
 * The item's suggestion sources, given by the page (an issue's project, an epic's group); the
 * markdown fields below it suggest only when there are some.
 */
export const GfmSourcesContext = createContext<GfmSourcePaths | null>(null);

/** Short: the list follows typing, and answers are cached per trigger and query. */
const FETCH_DELAY_MS = 150;

export interface GfmAutocomplete {
  /** The trigger being completed, while the list is open. */
  readonly match: GfmMatch | null;
  readonly items: readonly GfmSuggestion[];
  readonly loading: boolean;
  readonly active: number;
  setActive(index: number): void;
  /** Tell where the caret is (null once the field lost focus). */
  setCaret(caret: number | null): void;
  /**
   * Handles the list's keys: the edit when Enter or Tab picked, 'handled' for a key the list took
   * (the field must not act on it), null for any other.
   */
  handleKey(event: KeyboardEvent<HTMLTextAreaElement>): GfmEdit | 'handled' | null;
  /** The text with suggestion `index` inserted, or null when there is none. */
  pick(index: number): GfmEdit | null;
}

const cacheKeyOf = (match: GfmMatch) => {
  const source = GFM_SOURCE_OF_TRIGGER[match.trigger];
  // Commands and emoji are one short list each, fetched once and filtered here.
  return source === 'commands' || source === 'emoji' ? source : `${source}:${searchTextOf(match)}`;
};

function insertionOf(item: GfmSuggestion): GfmInsertion {
  switch (item.kind) {
    case 'user':
      return { kind: 'user', username: item.username };
    case 'issue':
    case 'epic':
      return { kind: 'reference', reference: item.reference };
    case 'milestone':
      return { kind: 'milestone', title: item.title };
    case 'label':
      return { kind: 'label', title: item.title };
    case 'command':
      return { kind: 'command', name: item.name };
    case 'emoji':
      return { kind: 'emoji', unicode: item.unicode };
  }
}

/** What the list shows for a match, from what has been fetched for it (null: not fetched yet). */
function itemsFor(match: GfmMatch, fetched: readonly GfmSuggestion[] | null): GfmSuggestion[] | null {
  if (fetched === null) return null;
  if (match.trigger === '/') return filterCommands(fetched, match.query);
  if (match.trigger === ':') {
    const awarded = fetched.flatMap((item) => (item.kind === 'emoji' ? [item.name] : []));
    return emojiSuggestions(awarded, match.query);
  }
  return [...fetched];
}

/**
 * GitLab's GFM autocomplete for one markdown field: finds the trigger at the caret (core), fetches
 * its source (debounced, each trigger and query once), and keeps the highlighted row. Escape and
 * a pick close the list for that trigger; moving elsewhere or blurring closes it too.
 */
export function useGfmAutocomplete(value: string, paths: GfmSourcePaths | null): GfmAutocomplete {
  const [caret, setCaret] = useState<number | null>(null);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const cache = useRef(new Map<string, GfmSuggestion[]>());
  const [, setFetchedCount] = useState(0);
  const [failed, setFailed] = useState<string | null>(null);

  const found = paths !== null && caret !== null ? findGfmMatch(value, caret) : null;
  const match = found !== null && found.start !== dismissedAt ? found : null;
  const key = match ? cacheKeyOf(match) : null;
  const fetched = key !== null ? (cache.current.get(key) ?? null) : null;
  const items = match ? (itemsFor(match, fetched) ?? []) : [];
  const loading = key !== null && fetched === null && failed !== key;
  // A space typed after a query that matched nothing means the user is writing prose.
  const givenUp = match !== null && /\s$/.test(match.query) && fetched !== null && items.length === 0;
  const open = match !== null && !givenUp && (items.length > 0 || loading);

  useEffect(() => {
    if (found === null || found.start !== dismissedAt) setDismissedAt(null);
  }, [found, dismissedAt]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new query starts at the top row
  useEffect(() => setActive(0), [key]);

  const source = match ? GFM_SOURCE_OF_TRIGGER[match.trigger] : null;
  const search = match && source !== 'commands' && source !== 'emoji' ? searchTextOf(match) : '';
  useEffect(() => {
    if (key === null || paths === null || source === null || cache.current.has(key)) return;
    return startDebouncedFetch(
      FETCH_DELAY_MS,
      async (signal): Promise<GfmSuggestion[]> =>
        source === 'emoji' ? fetchAwardedEmoji(signal) : fetchGfmSource(paths, source, search, signal),
      (rows) => {
        cache.current.set(key, rows);
        setFetchedCount((count) => count + 1);
      },
      (error) => {
        console.error(error);
        setFailed(key);
      },
    );
  }, [key, paths, source, search]);

  const pick = (index: number): GfmEdit | null => {
    const item = items[index];
    if (!open || !match || !item) return null;
    // The inserted reference is complete: the list stays shut for this trigger.
    setDismissedAt(match.start);
    return applyGfmInsertion(value, match, insertionOf(item));
  };

  const handleKey = (event: KeyboardEvent<HTMLTextAreaElement>): GfmEdit | 'handled' | null => {
    if (!open || !match || event.altKey || event.ctrlKey || event.metaKey) return null;
    const count = items.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (count > 0) setActive((current) => (current + (event.key === 'ArrowDown' ? 1 : count - 1)) % count);
      return 'handled';
    }
    if (event.key === 'Escape') {
      setDismissedAt(match.start);
      return 'handled';
    }
    if (event.key === 'Tab' && count === 0) return null;
    if ((event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey) {
      // Enter while the answer is still coming inserts nothing, and no newline either.
      return pick(Math.min(active, count - 1)) ?? 'handled';
    }
    return null;
  };

  return {
    match: open ? match : null,
    items: open ? items : [],
    loading: open && loading,
    active: Math.min(active, Math.max(items.length - 1, 0)),
    setActive,
    setCaret,
    handleKey,
    pick,
  };
}

/** The sources the page gave, for a field that wants them. */
export const useGfmSources = (): GfmSourcePaths | null => useContext(GfmSourcesContext);
