import {
  parseCounts,
  parseSuggestions,
  plainExcerpt,
  SEARCH_AUTOCOMPLETE_PATH,
  SEARCH_COUNTS_PATH,
  type SearchCounts,
  type SearchScope,
  type SearchSuggestion,
} from '../../../core/domain/globalSearch.ts';
import { isObject, type Json, str } from '../restJson.ts';

/**
 * The search's three reads: the top bar's suggestions, the results page's tab counts, and one page
 * of one scope's results (GitLab's `GET /search` or `/groups/:id/search`), mapped to one row shape.
 */

/** One result row as the results page lists it, whatever its scope. */
export interface SearchResultRow {
  readonly id: number;
  readonly title: string;
  /** A reference, full path or username. */
  readonly subtitle: string;
  /** Its page on this server. */
  readonly webPath: string;
  /** 'opened' / 'closed' of an issue, epic or milestone ('' for the others). */
  readonly state: string;
  readonly description: string;
}

export interface SearchResultsPage {
  readonly rows: readonly SearchResultRow[];
  readonly total: number;
  readonly totalPages: number;
}

async function getJson(url: string, signal: AbortSignal): Promise<unknown> {
  const response = await fetch(url, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
    signal,
  });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return response.json();
}

const withGroup = (params: URLSearchParams, groupId: number | null): URLSearchParams => {
  if (groupId !== null) params.set('group_id', String(groupId));
  return params;
};

export async function fetchSearchSuggestions(
  term: string,
  groupId: number | null,
  signal: AbortSignal,
): Promise<SearchSuggestion[]> {
  const params = withGroup(new URLSearchParams({ term }), groupId);
  return parseSuggestions(await getJson(`${SEARCH_AUTOCOMPLETE_PATH}?${params}`, signal));
}

export async function fetchSearchCounts(
  term: string,
  groupId: number | null,
  signal: AbortSignal,
): Promise<SearchCounts> {
  const params = withGroup(new URLSearchParams({ search: term }), groupId);
  return parseCounts(await getJson(`${SEARCH_COUNTS_PATH}?${params}`, signal));
}

export const SEARCH_PAGE_SIZE = 20;

export async function fetchSearchResults(
  query: {
    readonly term: string;
    readonly scope: SearchScope;
    readonly groupId: number | null;
    readonly page: number;
  },
  signal: AbortSignal,
): Promise<SearchResultsPage> {
  const params = new URLSearchParams({
    scope: query.scope,
    search: query.term,
    page: String(query.page),
    per_page: String(SEARCH_PAGE_SIZE),
  });
  const base = query.groupId === null ? '/api/v4/search' : `/api/v4/groups/${query.groupId}/search`;
  const url = `${base}?${params}`;
  const response = await fetch(url, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
    signal,
  });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  const body: unknown = await response.json();
  const rows = Array.isArray(body) ? body.filter(isObject).map((json) => rowOf(query.scope, json)) : [];
  return {
    rows,
    total: Number(response.headers.get('x-total') ?? rows.length) || 0,
    totalPages: Number(response.headers.get('x-total-pages') ?? 1) || 1,
  };
}

const pathOfUrl = (webUrl: string | null): string =>
  webUrl ? new URL(webUrl, window.location.href).pathname : '';

/** Each scope's REST entity as one row: its title, second line and page. */
function rowOf(scope: SearchScope, json: Json): SearchResultRow {
  const id = typeof json.id === 'number' ? json.id : 0;
  const webPath = pathOfUrl(str(json.web_url));
  const description = plainExcerpt(str(json.description) ?? '');
  const state = str(json.state) ?? '';
  const references = isObject(json.references) ? json.references : null;
  switch (scope) {
    case 'projects':
      return {
        id,
        title: str(json.name) ?? '',
        subtitle: str(json.name_with_namespace) ?? '',
        webPath,
        state: '',
        description,
      };
    case 'groups':
      return {
        id,
        title: str(json.full_name) ?? '',
        subtitle: str(json.full_path) ?? '',
        webPath,
        state: '',
        description,
      };
    case 'users':
      return {
        id,
        title: str(json.name) ?? '',
        subtitle: `@${str(json.username) ?? ''}`,
        webPath,
        state: '',
        description: '',
      };
    case 'issues':
    case 'epics':
      return {
        id,
        title: str(json.title) ?? '',
        subtitle: str(references?.full) ?? '',
        webPath,
        state,
        description,
      };
    case 'milestones':
      return {
        id,
        title: str(json.title) ?? '',
        subtitle: webPath.split('/-/')[0]?.replace(/^\/(groups\/)?/, '') ?? '',
        webPath,
        state,
        description,
      };
  }
}
