import { describe, expect, it } from 'vitest';
import {
  ELIGIBLE_FREQUENCY,
  FREQUENT_LIST_COUNT,
  MAX_RECENT_USAGE,
  rankByUsage,
  recordUse,
  topEligibleUsage,
  USAGE_TIME_UNIT_MS,
  type UsageEntry,
} from './recentUsage.ts';

interface Project extends UsageEntry {
  readonly name: string;
  readonly id?: number;
}

const T0 = Date.UTC(2026, 10, 1);

describe('recent usage', () => {
  it('counts a use once per time unit, and keeps the fields another writer stored', () => {
    const first = recordUse<Project>([], { fullPath: 'acme/web', name: 'Web', id: 7 }, T0);
    expect(first).toEqual([{ fullPath: 'acme/web', name: 'Web', id: 7, frequency: 1, lastAccessedOn: T0 }]);
    // Within the hour nothing moves; a page that knows only the path and name keeps the id.
    expect(recordUse<Project>(first, { fullPath: 'acme/web', name: 'Web' }, T0 + 1000)).toEqual(first);
    const later = recordUse<Project>(
      first,
      { fullPath: 'acme/web', name: 'Web App' },
      T0 + USAGE_TIME_UNIT_MS + 1,
    );
    expect(later).toEqual([
      {
        fullPath: 'acme/web',
        name: 'Web App',
        id: 7,
        frequency: 2,
        lastAccessedOn: T0 + USAGE_TIME_UNIT_MS + 1,
      },
    ]);
  });

  it('ranks by frequency, then last use, and drops the lowest-ranked past twenty', () => {
    let items: Project[] = [];
    for (let index = 0; index < MAX_RECENT_USAGE; index++)
      items = recordUse<Project>(items, { fullPath: `p/${index}`, name: `${index}` }, T0 + index);
    items = recordUse<Project>(items, { fullPath: 'p/3', name: '3' }, T0 + 2 * USAGE_TIME_UNIT_MS);
    expect(rankByUsage(items)[0]?.fullPath).toBe('p/3');
    expect(rankByUsage(items)[1]?.fullPath).toBe('p/19');
    items = recordUse<Project>(items, { fullPath: 'p/new', name: 'new' }, T0 + 3 * USAGE_TIME_UNIT_MS);
    expect(items).toHaveLength(MAX_RECENT_USAGE);
    // The least used and least recent (p/0) went.
    expect(items.map((item) => item.fullPath)).not.toContain('p/0');
    expect(items.map((item) => item.fullPath)).toContain('p/new');
  });
});

describe('topEligibleUsage', () => {
  const entry = (fullPath: string, frequency: number, lastAccessedOn: number) => ({
    fullPath,
    frequency,
    lastAccessedOn,
  });

  it('offers only entries used at least the eligible number of times', () => {
    const items = [entry('a', ELIGIBLE_FREQUENCY - 1, 900), entry('b', ELIGIBLE_FREQUENCY, 100)];
    expect(topEligibleUsage(items, 5).map((item) => item.fullPath)).toEqual(['b']);
  });

  it('ranks by frequency, then by last access, and keeps the list count', () => {
    const items = [entry('a', 3, 100), entry('b', 4, 50), entry('c', 3, 200), entry('d', 9, 1)];
    expect(topEligibleUsage(items, FREQUENT_LIST_COUNT.mobile).map((item) => item.fullPath)).toEqual([
      'd',
      'b',
      'c',
    ]);
  });
});
