/** The filtered search bar the roadmap mounts, and the token model it edits (from src/core). */
export {
  EMPTY_ROADMAP_FILTERS,
  type FilterOperator,
  type FilterToken,
  type FilterTokenType,
  hasFiltersApplied,
  parseRoadmapFilters,
  type RoadmapFilters,
  type RoadmapFilterVariables,
  roadmapFilterVariables,
  serializeRoadmapFilters,
} from '../../../core/domain/searchTokens.ts';
export { FilteredSearchBar, type FilteredSearchBarProps } from './FilteredSearchBar.tsx';
export { MAX_RECENT_SEARCHES, recentSearchesKey } from './recentSearches.ts';
export { NETWORK_FETCHERS, type SuggestionFetchers } from './suggestionSource.ts';
export { SUGGESTION_DEBOUNCE_MS } from './useValueSuggestions.ts';
