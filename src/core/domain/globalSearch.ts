/**
 * The rules of the top bar's search and GitLab's `GET /search`, `/groups/:id/search` and
 * `/projects/:id/search`: which scopes each place answers, how long a term may be, and how a typed
 * term becomes a PostgreSQL full-text query. Shared by the server (validation, SQL) and the client
 * (tabs, the dropdown, the results page's URL).
 */

/** Every scope this server answers; each place answers a subset (SCOPES_AT). */
export const SEARCH_SCOPES = ['projects', 'issues', 'epics', 'milestones', 'users', 'groups'] as const;
export type SearchScope = (typeof SEARCH_SCOPES)[number];

/** Where a search looks: the whole instance, one group with its subgroups, or one project. */
export type SearchPlace = 'instance' | 'group' | 'project';

/**
 * The scopes each place answers, in the results page's tab order. `groups` is this product's own
 * (GitLab's search page has no groups tab); a project has neither epics nor projects nor groups.
 */
export const SCOPES_AT: Readonly<Record<SearchPlace, readonly SearchScope[]>> = {
  instance: ['projects', 'issues', 'epics', 'milestones', 'users', 'groups'],
  group: ['projects', 'issues', 'epics', 'milestones', 'users', 'groups'],
  project: ['issues', 'milestones', 'users'],
};

/** The tab titles of the results page. */
export const SCOPE_TITLES: Readonly<Record<SearchScope, string>> = {
  projects: 'Projects',
  issues: 'Issues',
  epics: 'Epics',
  milestones: 'Milestones',
  users: 'Users',
  groups: 'Groups',
};

export const isSearchScope = (value: string): value is SearchScope =>
  (SEARCH_SCOPES as readonly string[]).includes(value);

/** The longest term searched: a longer one is refused (400), never cut, so results mean what was typed. */
export const MAX_SEARCH_TERM_LENGTH = 255;
/** At most this many words go into one query, so that no term makes the database work for long. */
export const MAX_SEARCH_WORDS = 12;
/** The top bar asks after typing stops for this long (GitLab's `SEARCH_DEBOUNCE`). */
export const SEARCH_DEBOUNCE_MS = 500;
/** How many of each kind the top bar's dropdown shows. */
export const AUTOCOMPLETE_PER_SCOPE = 5;

/** An issue (`#12`) or epic (`&3`) reference typed on its own: its item is found by iid too. */
export interface SearchReference {
  readonly kind: 'issue' | 'epic';
  readonly iid: number;
}

export interface ParsedSearch {
  /** The words searched for, lower case, letters and digits only (the 'simple' parser's lexemes). */
  readonly words: readonly string[];
  /**
   * The words as a `to_tsquery('simple', …)` text: every word a prefix (`plan:* & road:*`), so a
   * word being typed already matches. Null when there is no word to look for. Safe to pass as a
   * bound parameter: it holds only letters, digits and the operators written here.
   */
  readonly tsquery: string | null;
  readonly reference: SearchReference | null;
}

const WORD = /[\p{L}\p{N}]+/gu;
const REFERENCE = /^([#&])(\d{1,9})$/;

/** A typed term as full-text words and, when it is one, an issue or epic reference. */
export function parseSearch(term: string): ParsedSearch {
  const trimmed = term.trim();
  const match = REFERENCE.exec(trimmed);
  const reference: SearchReference | null = match
    ? { kind: match[1] === '#' ? 'issue' : 'epic', iid: Number(match[2]) }
    : null;
  const words = [
    ...new Set((trimmed.toLowerCase().match(WORD) ?? []).map((word) => word.slice(0, 64))),
  ].slice(0, MAX_SEARCH_WORDS);
  const tsquery = words.length === 0 ? null : words.map((word) => `${word}:*`).join(' & ');
  return { words, tsquery, reference };
}

/** The results page of a search (GitLab's `/search?search=…&scope=…`), within a group when given. */
export function searchPagePath(
  search: string,
  options: { readonly scope?: SearchScope; readonly groupId?: number; readonly page?: number } = {},
): string {
  const params = new URLSearchParams();
  params.set('search', search);
  if (options.scope) params.set('scope', options.scope);
  if (options.groupId !== undefined) params.set('group_id', String(options.groupId));
  if (options.page !== undefined && options.page > 1) params.set('page', String(options.page));
  return `/search?${params.toString()}`;
}

/** Where the top bar's dropdown asks for suggestions. */
export const SEARCH_AUTOCOMPLETE_PATH = '/-/search/autocomplete';
/** Where the results page reads how many results each tab holds. */
export const SEARCH_COUNTS_PATH = '/-/search/counts';

/** One suggestion of the top bar's dropdown (`/-/search/autocomplete`'s items). */
export interface SearchSuggestion {
  readonly scope: SearchScope;
  readonly id: number;
  readonly title: string;
  /** The second line: a full path, an issue's or epic's reference, a username. */
  readonly subtitle: string;
  /** The item's web path (no host). */
  readonly path: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The autocomplete answer as suggestions; anything malformed is dropped. */
export function parseSuggestions(value: unknown): SearchSuggestion[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item): SearchSuggestion[] => {
    if (!isRecord(item)) return [];
    const { scope, id, title, subtitle, path } = item;
    if (typeof scope !== 'string' || !isSearchScope(scope) || typeof id !== 'number') return [];
    if (typeof title !== 'string' || typeof subtitle !== 'string' || typeof path !== 'string') return [];
    return [{ scope, id, title, subtitle, path }];
  });
}

/** How many results each scope holds (`/-/search/counts`); scopes absent or malformed are left out. */
export type SearchCounts = Partial<Record<SearchScope, number>>;

export function parseCounts(value: unknown): SearchCounts {
  if (!isRecord(value)) return {};
  const counts: SearchCounts = {};
  for (const scope of SEARCH_SCOPES) {
    const count = value[scope];
    if (typeof count === 'number' && Number.isSafeInteger(count) && count >= 0) counts[scope] = count;
  }
  return counts;
}

/**
 * A description's first words as plain text for a result row: headings, list and task markers,
 * emphasis, code ticks and link targets dropped, whitespace collapsed, cut at `max` characters.
 */
export function plainExcerpt(markdown: string, max = 240): string {
  const text = markdown
    .slice(0, max * 4)
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}#{1,6}\s+/gm, '')
    .replace(/^\s*(?:[-*+]|\d+\.)\s+(?:\[[ xX~]\]\s+)?/gm, '')
    .replace(/[*_`~>]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
