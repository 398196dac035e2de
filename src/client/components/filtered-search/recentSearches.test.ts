import { describe, expect, it } from 'vitest';
import { parseRoadmapFilters } from '../../../core/domain/searchTokens.ts';
import {
  addRecentSearch,
  MAX_RECENT_SEARCHES,
  parseRecentSearches,
  readRecentSearches,
  recentSearchesKey,
  serializeRecentSearches,
  writeRecentSearches,
} from './recentSearches.ts';

const search = (query: string) => parseRoadmapFilters(query);

class MemoryStorage {
  readonly data = new Map<string, string>();
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
}

describe('recent searches', () => {
  it("are kept under the group's epics key", () => {
    expect(recentSearchesKey('acme/platform')).toBe('acme/platform-epics-recent-searches');
  });

  it('put the newest first and move a repeated search to the front', () => {
    const a = search('search=a');
    const b = search('label_name[]=b');
    expect(addRecentSearch([b, a], search('search=a'))).toEqual([a, b]);
  });

  it(`keep at most ${MAX_RECENT_SEARCHES}`, () => {
    let recent = [search('search=0')];
    for (let n = 1; n <= 7; n++) recent = addRecentSearch(recent, search(`search=${n}`));
    expect(recent.map((entry) => entry.search)).toEqual(['7', '6', '5', '4', '3']);
  });

  it.each([
    [null, 0],
    ['', 0],
    ['not json', 0],
    ['{"a":1}', 0],
    ['["search=a", 3, "", "label_name%5B%5D=b"]', 2],
    [JSON.stringify(Array.from({ length: 9 }, (_, n) => `search=${n}`)), 5],
  ])('read %j as %i searches', (raw, count) => {
    expect(parseRecentSearches(raw)).toHaveLength(count);
  });

  it('store searches as query strings and read them back', () => {
    const recent = [search('author_username=root&not[label_name][]=x%20y'), search('search=hello')];
    expect(parseRecentSearches(serializeRecentSearches(recent))).toEqual(recent);
  });

  it('go through a storage, which an empty list clears', () => {
    const storage = new MemoryStorage();
    const recent = [search('search=a')];
    writeRecentSearches(storage, 'acme', recent);
    expect(storage.getItem('acme-epics-recent-searches')).toBe('["search=a"]');
    expect(readRecentSearches(storage, 'acme')).toEqual(recent);
    writeRecentSearches(storage, 'acme', []);
    expect(storage.data.size).toBe(0);
    expect(readRecentSearches(null, 'acme')).toEqual([]);
  });
});
