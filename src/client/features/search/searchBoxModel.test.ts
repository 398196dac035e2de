import { describe, expect, it } from 'vitest';
import {
  enterTarget,
  flattenOptions,
  frequentOptionGroups,
  moveActive,
  suggestionOptionGroups,
} from './searchBoxModel.ts';

const frequent = (fullPath: string, frequency: number, lastAccessedOn = 0) => ({
  fullPath,
  name: fullPath.toUpperCase(),
  frequency,
  lastAccessedOn,
});

describe('frequentOptionGroups', () => {
  it('lists eligible groups, then projects, most used first, with their pages', () => {
    const groups = frequentOptionGroups(
      [frequent('acme', 3), frequent('rare', 2)],
      [frequent('acme/web', 3, 10), frequent('acme/api', 5, 1)],
      5,
    );
    expect(groups.map((group) => group.label)).toEqual([
      'Frequently visited groups',
      'Frequently visited projects',
    ]);
    expect(flattenOptions(groups).map((option) => option.path)).toEqual([
      '/groups/acme',
      '/acme/api',
      '/acme/web',
    ]);
  });

  it('leaves out a kind with nothing eligible', () => {
    expect(frequentOptionGroups([frequent('acme', 1)], [], 5)).toEqual([]);
  });
});

describe('suggestionOptionGroups', () => {
  it('groups suggestions by kind in tab order', () => {
    const groups = suggestionOptionGroups([
      { scope: 'users', id: 1, title: 'Hedy', subtitle: '@hlamarr', path: '/hlamarr' },
      { scope: 'projects', id: 2, title: 'Web', subtitle: 'Acme / Web', path: '/acme/web' },
    ]);
    expect(groups.map((group) => group.label)).toEqual(['Projects', 'Users']);
  });
});

describe('moveActive', () => {
  it('moves from the input to the first or last option and wraps at either end', () => {
    expect(moveActive(-1, 1, 3)).toBe(0);
    expect(moveActive(-1, -1, 3)).toBe(2);
    expect(moveActive(2, 1, 3)).toBe(0);
    expect(moveActive(0, -1, 3)).toBe(2);
    expect(moveActive(-1, 1, 0)).toBe(-1);
  });
});

describe('enterTarget', () => {
  const options = [{ key: 'a', title: 'A', subtitle: '', path: '/a', colorKey: 'a' }];
  it('opens the active option, else the results page of the term, else nothing', () => {
    expect(enterTarget(options, 0, 'x', null)).toBe('/a');
    expect(enterTarget(options, -1, ' road map ', 4)).toBe('/search?search=road+map&group_id=4');
    expect(enterTarget(options, -1, '  ', null)).toBeNull();
  });
});
