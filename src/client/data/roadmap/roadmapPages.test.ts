import { describe, expect, it } from 'vitest';
import type { RoadmapEpicView } from '../types.ts';
import { reducePages } from './roadmapHooks.ts';

const epic = (id: number) => ({ id }) as RoadmapEpicView;
const page = (key: string, ids: number[], hasNextPage: boolean, limit = Number.POSITIVE_INFINITY) => ({
  type: 'page' as const,
  key,
  epics: ids.map(epic),
  total: 5,
  endCursor: hasNextPage ? `after-${ids.at(-1)}` : null,
  hasNextPage,
  limit,
});

describe('roadmap epic pages', () => {
  it('append in order and stop when the server has no next page', () => {
    let state = reducePages(reducePages({} as never, { type: 'reset', key: 'a' }), page('a', [1, 2], true));
    expect(state.epics?.map((e) => e.id)).toEqual([1, 2]);
    expect(state).toMatchObject({ total: 5, endCursor: 'after-2', hasNextPage: true });
    state = reducePages(state, page('a', [3, 4, 5], false));
    expect(state.epics?.map((e) => e.id)).toEqual([1, 2, 3, 4, 5]);
    expect(state.hasNextPage).toBe(false);
  });

  it('keep the first page’s count when later pages do not ask for it', () => {
    let state = reducePages(reducePages({} as never, { type: 'reset', key: 'a' }), page('a', [1, 2], true));
    state = reducePages(state, { ...page('a', [3], false), total: null });
    expect(state).toMatchObject({ total: 5, hasNextPage: false });
    expect(state.epics?.map((e) => e.id)).toEqual([1, 2, 3]);
  });

  it('drop an answer for variables that are no longer current', () => {
    const state = reducePages({} as never, { type: 'reset', key: 'b' });
    expect(reducePages(state, page('a', [1], true))).toBe(state);
  });

  it('keep an error and stop loading more', () => {
    let state = reducePages({} as never, { type: 'reset', key: 'a' });
    state = reducePages(state, { type: 'more', key: 'a', loading: true });
    state = reducePages(state, { type: 'error', key: 'a', error: new Error('boom') });
    expect(state).toMatchObject({ loadingMore: false, error: new Error('boom') });
  });

  it('stop at the roadmap epics limit, cut there, and say that more match', () => {
    let state = reducePages(
      reducePages({} as never, { type: 'reset', key: 'a' }),
      page('a', [1, 2], true, 3),
    );
    expect(state.limitReached).toBe(false);
    state = reducePages(state, page('a', [3, 4], true, 3));
    expect(state.epics?.map((view) => view.id)).toEqual([1, 2, 3]);
    expect(state.hasNextPage).toBe(false);
    expect(state.limitReached).toBe(true);
  });

  it('do not warn when the last epic that matches is exactly at the limit', () => {
    const state = reducePages(
      reducePages({} as never, { type: 'reset', key: 'a' }),
      page('a', [1, 2, 3], false, 3),
    );
    expect(state.limitReached).toBe(false);
    expect(state.epics).toHaveLength(3);
  });
});
