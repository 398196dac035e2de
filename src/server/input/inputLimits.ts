/**
 * Caps on the size of what one request may ask for, shared by REST and GraphQL so that no single
 * request costs the server seconds (issue 13, "Bounded work"). Values outside them are refused
 * with a 4xx before any statement runs; nothing is written.
 */
export const INPUT_LIMITS = {
  /** Characters of a free-text search argument (REST already capped `search` at 255). */
  maxSearchLength: 255,
  /** Whitespace-separated terms of a search (GitLab's `Gitlab::Search::Params::SEARCH_TERM_LIMIT`). */
  maxSearchTerms: 64,
  /** Items of a list argument (`labelName`, `iids`, `labels=a,b`, a repeated parameter): GitLab caps at 100. */
  maxListItems: 100,
  /** Characters of one text item of a list: the longest label or milestone title there is. */
  maxListItemLength: 255,
  /** Records of a `per_page`-paged answer, REST and the pages' JSON endpoints alike (GitLab's max). */
  maxPerPage: 100,
  /**
   * Queries in one batched GraphQL request. The issue measured a 500-query anonymous batch holding
   * the server for 12.8 s; ten queries are what a page sends at once at most, and the batch's
   * complexity is counted as one query's.
   */
  maxGraphQLBatch: 10,
} as const;

/** Free-text arguments by name, REST's and GraphQL's spellings. */
const FREE_TEXT_NAMES = new Set(['search', 'search_title', 'searchTerm', 'searchTitle', 'term']);

/** REST parameters that carry a comma-separated list in one string (`labels=a,b`). */
const COMMA_LIST_NAMES = new Set(['labels', 'add_labels', 'remove_labels', 'iids', 'label_name']);

/** Lists of titles and names: each item is at most a title long. */
const TITLE_LIST_NAMES = new Set([
  ...COMMA_LIST_NAMES,
  'labelName',
  'milestoneTitle',
  'authorUsername',
  'addLabels',
]);

/** Nesting followed into objects; deeper values are left to the parsers that read them. */
const MAX_DEPTH = 8;

export interface InputSource {
  /** REST reads `labels=a,b` as a list; GraphQL lists are real lists. */
  readonly commaLists: boolean;
}

/**
 * The first cap a named input breaks, as a message for the caller, or null. Objects are walked by
 * their keys (`not: {labelName}`, `not[labels]`), so a list hidden in a filter is counted too.
 */
export function inputLimitViolation(
  name: string,
  value: unknown,
  source: InputSource,
  depth = 0,
): string | null {
  if (depth > MAX_DEPTH || value === null || value === undefined) return null;
  const key = baseName(name);
  if (Array.isArray(value)) {
    if (value.length > INPUT_LIMITS.maxListItems) return tooMany(key);
    for (const item of value) {
      if (typeof item === 'string') {
        if (TITLE_LIST_NAMES.has(key) && item.length > INPUT_LIMITS.maxListItemLength) {
          return `${key} has a value that is too long (maximum is ${INPUT_LIMITS.maxListItemLength} characters)`;
        }
        const problem = textViolation(key, item, source);
        if (problem) return problem;
      } else {
        const problem = inputLimitViolation(key, item, source, depth + 1);
        if (problem) return problem;
      }
    }
    return null;
  }
  if (typeof value === 'string') return textViolation(key, value, source);
  if (typeof value === 'object') {
    for (const [field, inner] of Object.entries(value)) {
      const problem = inputLimitViolation(field, inner, source, depth + 1);
      if (problem) return problem;
    }
  }
  return null;
}

function textViolation(key: string, text: string, source: InputSource): string | null {
  if (FREE_TEXT_NAMES.has(key)) {
    if (text.length > INPUT_LIMITS.maxSearchLength) {
      return `${key} is too long (maximum is ${INPUT_LIMITS.maxSearchLength} characters)`;
    }
    if (countTerms(text) > INPUT_LIMITS.maxSearchTerms) {
      return `${key} has too many search terms (maximum is ${INPUT_LIMITS.maxSearchTerms})`;
    }
    return null;
  }
  if (source.commaLists && COMMA_LIST_NAMES.has(key)) {
    let items = 1;
    for (let at = text.indexOf(','); at !== -1; at = text.indexOf(',', at + 1)) {
      if (++items > INPUT_LIMITS.maxListItems) return tooMany(key);
    }
  }
  return null;
}

function countTerms(text: string): number {
  return text.split(/[\s+]+/).filter((term) => term.length > 0).length;
}

function tooMany(key: string): string {
  return `${key} has too many values (maximum is ${INPUT_LIMITS.maxListItems})`;
}

/** `not[labels]` → `labels`, `iids[]` → `iids`: the name a route reads the value under. */
function baseName(name: string): string {
  const inner = /\[([^[\]]+)\]$/.exec(name);
  if (inner?.[1]) return inner[1];
  return name.endsWith('[]') ? name.slice(0, -2) : name;
}

/** `per_page` as asked, capped like GitLab's (a larger value is served as the maximum, not refused). */
export function cappedPerPage(requested: number | undefined, fallback: number): number {
  return Math.min(requested ?? fallback, INPUT_LIMITS.maxPerPage);
}
