import { isSearchScope, type SearchCounts, type SearchScope } from '../../../core/domain/globalSearch.ts';

/** The results page's state, kept in its URL (`?search=…&scope=…&group_id=…&page=…`). */
export interface SearchPageQuery {
  readonly term: string;
  /** Null until chosen: the page then shows the first tab with results. */
  readonly scope: SearchScope | null;
  readonly groupId: number | null;
  readonly page: number;
}

export function parseSearchPageQuery(search: string): SearchPageQuery {
  const params = new URLSearchParams(search);
  const scope = params.get('scope') ?? '';
  const groupId = Number(params.get('group_id'));
  const page = Number(params.get('page'));
  return {
    term: (params.get('search') ?? '').slice(0, 255),
    scope: isSearchScope(scope) ? scope : null,
    groupId: Number.isSafeInteger(groupId) && groupId > 0 ? groupId : null,
    page: Number.isSafeInteger(page) && page > 1 ? page : 1,
  };
}

export function serializeSearchPageQuery(query: SearchPageQuery): string {
  const params = new URLSearchParams();
  params.set('search', query.term);
  if (query.scope) params.set('scope', query.scope);
  if (query.groupId !== null) params.set('group_id', String(query.groupId));
  if (query.page > 1) params.set('page', String(query.page));
  return `?${params.toString()}`;
}

/** The tab shown: the one asked for, else the first (in tab order) that has results, else the first. */
export function shownScope(
  query: SearchPageQuery,
  scopes: readonly SearchScope[],
  counts: SearchCounts | null,
): SearchScope | null {
  if (query.scope && scopes.includes(query.scope)) return query.scope;
  if (!counts) return null;
  return scopes.find((scope) => (counts[scope] ?? 0) > 0) ?? scopes[0] ?? null;
}
