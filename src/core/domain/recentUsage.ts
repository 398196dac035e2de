/**
 * GitLab's frequent items (spec: "Frequent items: max 20 … eligible frequency 3"; "Recent-usage
 * frequency rises by one only when more than a time unit has passed since last access";
 * "Recent-usage ranking is by frequency, then last access"): one list per user and kind, which the
 * home page's Frequently visited and the create-issue form's Recently used both read and write, so
 * one set of rules keeps it, and an entry keeps the fields either of them stored.
 */
import { parseJsonList } from '../lib/jsonText.ts';

/** What every entry of the list has (GitLab's frequent-items fields, and the full path). */
export interface UsageEntry {
  readonly fullPath: string;
  readonly frequency: number;
  /** Milliseconds since the epoch, as GitLab stores it. */
  readonly lastAccessedOn: number;
}

export const MAX_RECENT_USAGE = 20;
/** The time unit a use is counted once in. */
export const USAGE_TIME_UNIT_MS = 60 * 60 * 1000;
/** Only entries used at least this often are offered as frequent (spec: "eligible frequency 3"). */
export const ELIGIBLE_FREQUENCY = 3;
/** How many frequent items a list shows (spec: "list count 5 on desktop and 3 on mobile"). */
export const FREQUENT_LIST_COUNT = { desktop: 5, mobile: 3 } as const;

/** Most used first, then most recently used. */
export function rankByUsage<T extends UsageEntry>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => b.frequency - a.frequency || b.lastAccessedOn - a.lastAccessedOn);
}

/**
 * The frequent items to offer (GitLab's getTopFrequentItems): those at or above the eligible
 * frequency, most used first, then most recently used, at most `count`.
 */
export function topEligibleUsage<T extends UsageEntry>(items: readonly T[], count: number): T[] {
  return rankByUsage(items.filter((item) => item.frequency >= ELIGIBLE_FREQUENCY)).slice(0, count);
}

/**
 * The list after `used` was used at `now` (ms): a known entry takes the new fields (undefined ones
 * keep theirs) and counts once per time unit; a new one starts at 1; past the limit the
 * lowest-ranked entry goes.
 */
export function recordUse<T extends UsageEntry>(
  items: readonly T[],
  used: Omit<T, 'frequency' | 'lastAccessedOn'>,
  now: number,
): T[] {
  const fields = Object.fromEntries(Object.entries(used).filter(([, value]) => value !== undefined));
  const existing = items.find((item) => item.fullPath === used.fullPath);
  if (existing) {
    const counted = Math.abs(now - existing.lastAccessedOn) > USAGE_TIME_UNIT_MS;
    const updated = {
      ...existing,
      ...fields,
      frequency: counted ? existing.frequency + 1 : existing.frequency,
      lastAccessedOn: counted ? now : existing.lastAccessedOn,
    } as T;
    return items.map((item) => (item === existing ? updated : item));
  }
  const kept =
    items.length >= MAX_RECENT_USAGE ? rankByUsage(items).slice(0, MAX_RECENT_USAGE - 1) : [...items];
  return [...kept, { ...fields, frequency: 1, lastAccessedOn: now } as T];
}

/** A web URL's path (`http://host/acme/web` → `acme/web`): GitLab's entries name no full path. */
function pathOfUrl(webUrl: string): string {
  const match = /^(?:[a-z]+:\/\/[^/]+)?\/*([^?#]*)/i.exec(webUrl);
  return (match?.[1] ?? '').replace(/\/+$/, '');
}

/**
 * The stored list as it is, every entry with all its fields (whoever wrote them), its full path
 * read from its web URL when it has none; anything that is not such a list reads as empty.
 */
export function parseUsageList(raw: string | null): (UsageEntry & Record<string, unknown>)[] {
  return parseJsonList(raw)
    .flatMap((item): (UsageEntry & Record<string, unknown>)[] => {
      if (typeof item !== 'object' || item === null || Array.isArray(item)) return [];
      const entry = item as Record<string, unknown>;
      const fullPath =
        typeof entry.fullPath === 'string' && entry.fullPath !== ''
          ? entry.fullPath
          : typeof entry.webUrl === 'string'
            ? pathOfUrl(entry.webUrl)
            : '';
      if (!fullPath) return [];
      return [
        {
          ...entry,
          fullPath,
          frequency: typeof entry.frequency === 'number' ? entry.frequency : 1,
          lastAccessedOn: typeof entry.lastAccessedOn === 'number' ? entry.lastAccessedOn : 0,
        },
      ];
    })
    .slice(0, MAX_RECENT_USAGE);
}
