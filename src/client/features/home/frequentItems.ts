/**
 * GitLab's frequently visited groups and projects: kept in local storage per user under
 * `<username>/frequent-groups` and `<username>/frequent-projects`, at most 20 each. A visit counts
 * once an hour: another visit within the hour of the last one changes nothing. The list shows the
 * most visited first, then the most recent.
 */
import { MAX_RECENT_USAGE, rankByUsage, recordUse } from '../../../core/domain/recentUsage.ts';
import { parseJsonList } from '../../../core/lib/jsonText.ts';
import { type ListStorage, readStoredEntry, writeStoredEntry } from '../../lib/index.ts';

export type FrequentKind = 'groups' | 'projects';

export interface FrequentItem {
  readonly fullPath: string;
  readonly name: string;
  readonly frequency: number;
  /** Milliseconds since the epoch, as GitLab stores it. */
  readonly lastAccessedOn: number;
}

export const MAX_FREQUENT_ITEMS = MAX_RECENT_USAGE;

export const frequentItemsKey = (username: string, kind: FrequentKind): string =>
  `${username}/frequent-${kind}`;

/** The items after a visit at `now` (ms): counted once an hour, a known name kept when the page has none. */
export function recordVisit(
  items: readonly FrequentItem[],
  visit: { readonly fullPath: string; readonly name: string },
  now: number,
): FrequentItem[] {
  const known = items.find((item) => item.fullPath === visit.fullPath);
  return recordUse(items, { fullPath: visit.fullPath, name: visit.name || known?.name || '' }, now);
}

/** The `count` most visited, then most recent. */
export function topFrequentItems(items: readonly FrequentItem[], count: number): FrequentItem[] {
  return rankByUsage(items).slice(0, count);
}

const isItem = (value: unknown): value is FrequentItem => {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    typeof item.fullPath === 'string' &&
    item.fullPath !== '' &&
    typeof item.name === 'string' &&
    typeof item.frequency === 'number' &&
    typeof item.lastAccessedOn === 'number'
  );
};

/** Anything stored that is not such a list reads as no visits; malformed entries are dropped. */
export function parseFrequentItems(raw: string | null): FrequentItem[] {
  return parseJsonList(raw).filter(isItem).slice(0, MAX_FREQUENT_ITEMS);
}

export function readFrequentItems(
  storage: ListStorage | null,
  username: string,
  kind: FrequentKind,
): FrequentItem[] {
  return readStoredEntry(
    storage,
    frequentItemsKey(username, kind),
    parseFrequentItems,
    [],
    'frequently visited items',
  );
}

/** Counts a visit of a group or project page by the signed-in user. */
export function rememberVisit(
  storage: ListStorage | null,
  username: string,
  kind: FrequentKind,
  visit: { readonly fullPath: string; readonly name: string },
  now: number,
): void {
  const items = recordVisit(readFrequentItems(storage, username, kind), visit, now);
  writeStoredEntry(
    storage,
    frequentItemsKey(username, kind),
    JSON.stringify(items),
    'frequently visited items',
  );
}
