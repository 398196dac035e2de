import {
  ACTIVITY_FILTERS,
  type ActivityFilter,
  type ActivitySort,
} from '../../../core/domain/discussions.ts';
import { browserStorage, readStoredEntry, writeStoredEntry } from '../../lib/index.ts';

export interface ActivityPreferences {
  readonly sort: ActivitySort;
  readonly filter: ActivityFilter;
}

const KEY = 'plantrack.activity';
const DEFAULTS: ActivityPreferences = { sort: 'asc', filter: 'all' };

/** The reader's sort and filter of the activity, remembered in this browser for every item. */
export function readActivityPreferences(): ActivityPreferences {
  return readStoredEntry(
    browserStorage('Activity preferences'),
    KEY,
    (text) => {
      if (text === null) return DEFAULTS;
      const parsed = JSON.parse(text) as Partial<ActivityPreferences>;
      return {
        sort: parsed.sort === 'desc' ? 'desc' : 'asc',
        filter: ACTIVITY_FILTERS.includes(parsed.filter as ActivityFilter)
          ? (parsed.filter as ActivityFilter)
          : 'all',
      };
    },
    DEFAULTS,
    'the activity preferences',
  );
}

export function writeActivityPreferences(preferences: ActivityPreferences): void {
  writeStoredEntry(
    browserStorage('Activity preferences'),
    KEY,
    JSON.stringify(preferences),
    'the activity preferences',
  );
}
