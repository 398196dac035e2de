/** Every text the filtered-search bar shows or announces (spec), in one place. */
import type { FilterTokenType } from '../../../core/domain/searchTokens.ts';

export const TEXTS = {
  placeholder: 'Search or filter results...',
  inputLabel: 'Search or filter results',
  landmark: 'Filter epics',
  search: 'Search',
  clear: 'Clear',
  suggestions: 'Search suggestions',
  recentSearches: 'Recent searches',
  clearRecentSearches: 'Clear recent searches',
  filterBy: 'Filter results by',
  operators: 'Operators',
  noSuggestions: 'No suggestions found',
  loading: 'Loading…',
  isOneOf: 'is one of',
  changeOperator: 'Change operator',
} as const;

export const FETCH_ERRORS: Readonly<Record<FilterTokenType, string>> = {
  author: 'There was a problem fetching users.',
  assignee: 'There was a problem fetching users.',
  label: 'There was a problem fetching labels.',
  milestone: 'There was a problem fetching milestones.',
  epic: 'There was a problem fetching epics.',
  'my-reaction': 'There was a problem fetching emojis.',
  confidential: 'There was a problem fetching suggestions.',
};

export const CONFIDENTIAL_OPTIONS = [
  { value: 'true', title: 'Yes' },
  { value: 'false', title: 'No' },
] as const;

export const countText = (count: number): string => `${count} suggestion${count === 1 ? '' : 's'} available.`;

export const removeTokenText = (title: string, description: string): string =>
  `Remove ${title} token: ${description}`;
