/**
 * Recent searches (spec §2.4: "stored under the key 'epics'"): GitLab's local-storage key
 * `<group path>-epics-recent-searches`, newest first, at most five. Each search is stored as its
 * canonical query string, so the stored form is the URL form.
 */

import {
  parseRoadmapFilters,
  type RoadmapFilters,
  roadmapFiltersKey,
} from '../../../core/domain/searchTokens.ts';
import { browserStorage as sharedBrowserStorage } from '../../ui/browserStorage.ts';

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
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value
    .filter((entry): entry is string => typeof entry === 'string' && entry !== '')
    .map(parseRoadmapFilters)
    .slice(0, MAX_RECENT_SEARCHES);
}

export const serializeRecentSearches = (recent: readonly RoadmapFilters[]): string =>
  JSON.stringify(recent.map(roadmapFiltersKey));

type RecentStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Local storage for recent searches, or null where the browser has none. */
export const browserStorage = (): RecentStorage | null => sharedBrowserStorage('Recent searches');

export function readRecentSearches(storage: RecentStorage | null, fullPath: string): RoadmapFilters[] {
  if (!storage) return [];
  try {
    return parseRecentSearches(storage.getItem(recentSearchesKey(fullPath)));
  } catch (error) {
    console.warn('Could not read recent searches.', error);
    return [];
  }
}

export function writeRecentSearches(
  storage: RecentStorage | null,
  fullPath: string,
  recent: readonly RoadmapFilters[],
): void {
  if (!storage) return;
  try {
    if (recent.length === 0) storage.removeItem(recentSearchesKey(fullPath));
    else storage.setItem(recentSearchesKey(fullPath), serializeRecentSearches(recent));
  } catch (error) {
    // A full or refused storage only loses the history; the search itself went through.
    console.warn('Could not save recent searches.', error);
  }
}
