import { describe, expect, it } from 'vitest';
import {
  frequentItemsKey,
  MAX_FREQUENT_ITEMS,
  parseFrequentItems,
  readFrequentItems,
  recordVisit,
  rememberVisit,
  topFrequentItems,
} from './frequentItems.ts';

const HOUR = 60 * 60 * 1000;
const T0 = Date.UTC(2026, 5, 15, 9);

function memoryStorage() {
  const entries = new Map<string, string>();
  return {
    entries,
    getItem: (key: string) => entries.get(key) ?? null,
    setItem: (key: string, value: string) => void entries.set(key, value),
    removeItem: (key: string) => void entries.delete(key),
  };
}

describe('frequently visited groups and projects', () => {
  it('keeps what the create-issue form stored with a project when counting a visit', () => {
    const storage = memoryStorage();
    storage.setItem(
      frequentItemsKey('dana', 'projects'),
      JSON.stringify([
        { id: 7, fullPath: 'acme/web', name: 'Web', webUrl: '/acme/web', frequency: 1, lastAccessedOn: T0 },
      ]),
    );
    rememberVisit(storage, 'dana', 'projects', { fullPath: 'acme/web', name: 'Web' }, T0 + 2 * HOUR);
    expect(JSON.parse(storage.getItem(frequentItemsKey('dana', 'projects')) ?? '[]')).toEqual([
      {
        id: 7,
        fullPath: 'acme/web',
        name: 'Web',
        webUrl: '/acme/web',
        frequency: 2,
        lastAccessedOn: T0 + 2 * HOUR,
      },
    ]);
  });

  it('adds a first visit with a frequency of one', () => {
    expect(recordVisit([], { fullPath: 'acme', name: 'Acme' }, T0)).toEqual([
      { fullPath: 'acme', name: 'Acme', frequency: 1, lastAccessedOn: T0 },
    ]);
  });

  it('counts another visit only after an hour, as GitLab does', () => {
    const once = recordVisit([], { fullPath: 'acme', name: 'Acme' }, T0);
    expect(recordVisit(once, { fullPath: 'acme', name: 'Acme' }, T0 + HOUR / 2)).toEqual(once);
    expect(recordVisit(once, { fullPath: 'acme', name: 'Acme Corp' }, T0 + 2 * HOUR)).toEqual([
      { fullPath: 'acme', name: 'Acme Corp', frequency: 2, lastAccessedOn: T0 + 2 * HOUR },
    ]);
  });

  it('keeps a known name when a page does not know it', () => {
    const once = recordVisit([], { fullPath: 'acme', name: 'Acme' }, T0);
    expect(recordVisit(once, { fullPath: 'acme', name: '' }, T0 + 2 * HOUR)[0]?.name).toBe('Acme');
  });

  it('drops the least visited item when the list is full', () => {
    let items = recordVisit([], { fullPath: 'often', name: 'Often' }, T0);
    items = recordVisit(items, { fullPath: 'often', name: 'Often' }, T0 + 2 * HOUR);
    for (let index = 0; index < MAX_FREQUENT_ITEMS - 1; index += 1) {
      items = recordVisit(items, { fullPath: `g${index}`, name: `G${index}` }, T0 + index);
    }
    expect(items).toHaveLength(MAX_FREQUENT_ITEMS);
    items = recordVisit(items, { fullPath: 'new', name: 'New' }, T0 + 3 * HOUR);
    expect(items).toHaveLength(MAX_FREQUENT_ITEMS);
    expect(items.map((item) => item.fullPath)).toContain('often');
    expect(items.map((item) => item.fullPath)).toContain('new');
    expect(items.map((item) => item.fullPath)).not.toContain('g0');
  });

  it('lists the most visited first, then the most recent', () => {
    const items = [
      { fullPath: 'a', name: 'A', frequency: 1, lastAccessedOn: T0 },
      { fullPath: 'b', name: 'B', frequency: 3, lastAccessedOn: T0 - HOUR },
      { fullPath: 'c', name: 'C', frequency: 1, lastAccessedOn: T0 + HOUR },
    ];
    expect(topFrequentItems(items, 2).map((item) => item.fullPath)).toEqual(['b', 'c']);
  });

  it('reads anything malformed as no visits and drops malformed entries', () => {
    expect(parseFrequentItems(null)).toEqual([]);
    expect(parseFrequentItems('{nope')).toEqual([]);
    expect(parseFrequentItems('{"a":1}')).toEqual([]);
    expect(
      parseFrequentItems(
        JSON.stringify([{ fullPath: 'a', name: 'A', frequency: 1, lastAccessedOn: 5 }, { fullPath: 3 }]),
      ),
    ).toEqual([{ fullPath: 'a', name: 'A', frequency: 1, lastAccessedOn: 5 }]);
  });

  it('keeps each user’s and each kind’s visits apart in storage', () => {
    const storage = memoryStorage();
    rememberVisit(storage, 'owner', 'groups', { fullPath: 'acme', name: 'Acme' }, T0);
    rememberVisit(storage, 'owner', 'projects', { fullPath: 'acme/api', name: 'API' }, T0);
    expect([...storage.entries.keys()].sort()).toEqual([
      frequentItemsKey('owner', 'groups'),
      frequentItemsKey('owner', 'projects'),
    ]);
    expect(readFrequentItems(storage, 'owner', 'groups').map((item) => item.fullPath)).toEqual(['acme']);
    expect(readFrequentItems(storage, 'reporter', 'groups')).toEqual([]);
    expect(readFrequentItems(null, 'owner', 'groups')).toEqual([]);
  });
});
