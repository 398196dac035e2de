/**
 * Recent searches (spec: "stored under the key 'epics'"): GitLab's local-storage key
 * `<group path>-epics-recent-searches`, newest first, at most five. Each search is stored as its
 * canonical query string, so the stored form is the URL form.
 */

import {
  parseRoadmapFilters,
  type RoadmapFilters,
  roadmapFiltersKey,
} from '../../../core/domain/searchTokens.ts';
import { parseJsonList } from '../../../core/lib/jsonText.ts';
import {
  type ListStorage,
  readStoredEntry,
  browserStorage as sharedBrowserStorage,
  writeStoredEntry,
} from '../../lib/index.ts';

export const MAX_RECENT_SEARCHES = 5;

export const recentSearchesKey = (fullPath: string): string => `${fullPath}-epics-recent-searches`;

/** Puts `filters` first, dropping an equal older entry and anything past the limit. */
export function addRecentSearch(
  recent: readonly RoadmapFilters[],
  filters: RoadmapFilters,
): RoadmapFilters[] {
  const key = roadmapFiltersKey(filters);
  return [filters, ...recent.filter((entry) => roadmapFiltersKey(entry) !== key)].slice(
    0,
    MAX_RECENT_SEARCHES,
  );
}

/** Reads the stored text; anything that is not a list of query strings counts as no history. */
export function parseRecentSearches(raw: string | null): RoadmapFilters[] {
  return parseJsonList(raw)
    .filter((entry): entry is string => typeof entry === 'string' && entry !== '')
    .map(parseRoadmapFilters)
    .slice(0, MAX_RECENT_SEARCHES);
}

export const serializeRecentSearches = (recent: readonly RoadmapFilters[]): string =>
  JSON.stringify(recent.map(roadmapFiltersKey));

/** Local storage for recent searches, or null where the browser has none. */
export const browserStorage = (): ListStorage | null => sharedBrowserStorage('Recent searches');

export const readRecentSearches = (storage: ListStorage | null, fullPath: string): RoadmapFilters[] =>
  readStoredEntry(storage, recentSearchesKey(fullPath), parseRecentSearches, [], 'recent searches');

/** An empty history removes the entry. */
export const writeRecentSearches = (
  storage: ListStorage | null,
  fullPath: string,
  recent: readonly RoadmapFilters[],
): void =>
  writeStoredEntry(
    storage,
    recentSearchesKey(fullPath),
    recent.length === 0 ? null : serializeRecentSearches(recent),
    'recent searches',
  );
