/**
 * GitLab's GFM autocomplete in a markdown field, as text arithmetic: which trigger (`@`, `#`, `&`,
 * `%`, `~`, `/`, `:`) the caret is typing after and with what query, the reference a picked
 * suggestion becomes, and the text and caret once it is inserted. Fetching and drawing are the
 * client's; nothing here knows about the DOM.
 */
import { labelReference } from './quickActions.ts';

export type GfmTrigger = '@' | '#' | '&' | '%' | '~' | '/' | ':';

/** What each trigger suggests (GitLab's autocomplete_sources names, and emoji). */
export const GFM_SOURCE_OF_TRIGGER = {
  '@': 'members',
  '#': 'issues',
  '&': 'epics',
  '%': 'milestones',
  '~': 'labels',
  '/': 'commands',
  ':': 'emoji',
} as const satisfies Record<GfmTrigger, string>;

export type GfmSource = (typeof GFM_SOURCE_OF_TRIGGER)[GfmTrigger];

/** The trigger being typed: `start` is the trigger's offset, `end` the caret's (UTF-16 units). */
export interface GfmMatch {
  readonly trigger: GfmTrigger;
  readonly query: string;
  readonly start: number;
  readonly end: number;
}

/** A longer query is prose, not a reference: the list stays shut. */
const MAX_QUERY_LENGTH = 60;

/**
 * What a query may hold after its trigger. Labels and milestones have titles with spaces (typed
 * after an opening quote or not), the rest are single words; `/` names a command, `:` an emoji.
 */
const QUERY_PATTERN: Readonly<Record<GfmTrigger, RegExp>> = {
  '@': /^[\w.-]*$/,
  '#': /^[\w.-]*$/,
  '&': /^[\w.-]*$/,
  '%': /^"?[^\n"]*$/,
  '~': /^"?[^\n"]*$/,
  '/': /^\w*$/,
  ':': /^[\w+-]*$/,
};

/** A reference starts a word: at the text's start, after whitespace or an opening bracket. */
const WORD_START = /[\s([{]/;

const isTrigger = (char: string): char is GfmTrigger => char in QUERY_PATTERN;

/**
 * The trigger the caret is typing after, or null. The nearest trigger character before the caret
 * that starts a word wins, if what lies between it and the caret is a query of its kind; `/` counts
 * only at the start of a line (a quick action), so `a/b` and URLs never open the list.
 */
export function findGfmMatch(text: string, caret: number): GfmMatch | null {
  const lineStart = text.lastIndexOf('\n', caret - 1) + 1;
  const from = Math.max(lineStart, caret - MAX_QUERY_LENGTH - 1);
  for (let at = caret - 1; at >= from; at--) {
    const char = text[at] ?? '';
    if (!isTrigger(char)) continue;
    const before = at === 0 ? '' : (text[at - 1] ?? '');
    const startsWord = at === 0 || WORD_START.test(before);
    const query = text.slice(at + 1, caret);
    const placed = char === '/' ? at === lineStart : startsWord;
    if (placed && QUERY_PATTERN[char].test(query)) return { trigger: char, query, start: at, end: caret };
    // A nearer trigger that does not fit hides the farther ones only for single-word kinds.
    if (!/\s/.test(query) && placed) return null;
  }
  return null;
}

/** The words the server is asked for: a label or milestone query loses its opening quote. */
export function searchTextOf(match: GfmMatch): string {
  return match.query.replace(/^"/, '').trim();
}

/** GitLab's milestone reference by name: `%v1` for one word, `%"Sprint 4"` otherwise. */
export function milestoneAutocompleteReference(title: string): string {
  return /^[A-Za-z0-9_\-?.&]+$/.test(title) ? `%${title}` : `%"${title}"`;
}

/** The text a picked suggestion puts in place of the trigger and query (GitLab's insertion templates). */
export type GfmInsertion =
  | { readonly kind: 'user'; readonly username: string }
  | { readonly kind: 'reference'; readonly reference: string }
  | { readonly kind: 'milestone'; readonly title: string }
  | { readonly kind: 'label'; readonly title: string }
  | { readonly kind: 'command'; readonly name: string }
  /** The emoji itself: the markdown renderer draws no `:name:` shortcodes, the character shows everywhere. */
  | { readonly kind: 'emoji'; readonly unicode: string };

export function insertionText(insertion: GfmInsertion): string {
  switch (insertion.kind) {
    case 'user':
      return `@${insertion.username} `;
    case 'reference':
      return `${insertion.reference} `;
    case 'milestone':
      return `${milestoneAutocompleteReference(insertion.title)} `;
    case 'label':
      return `${labelReference(insertion.title)} `;
    case 'command':
      return `/${insertion.name} `;
    case 'emoji':
      return `${insertion.unicode} `;
  }
}

export interface GfmEdit {
  readonly value: string;
  /** Where the caret goes: just after the insertion. */
  readonly caret: number;
}

/**
 * The text with the match replaced by the insertion. The rest of the word after the caret (the
 * user went back into a reference) is replaced too, and a space already following is not doubled.
 */
export function applyGfmInsertion(text: string, match: GfmMatch, insertion: GfmInsertion): GfmEdit {
  const inserted = insertionText(insertion);
  const wordRest = /^[\w.-]*/.exec(text.slice(match.end))?.[0].length ?? 0;
  let after = text.slice(match.end + wordRest);
  if (after.startsWith(' ')) after = after.slice(1);
  return { value: text.slice(0, match.start) + inserted + after, caret: match.start + inserted.length };
}

/**
 * Items whose keys contain the query, case-insensitive: those where a key starts with it first,
 * each group in the order given; at most `limit`. Commands and emoji are filtered this way on the
 * client (their lists are short and fetched once).
 */
export function rankByQuery<T>(
  items: readonly T[],
  keysOf: (item: T) => readonly string[],
  query: string,
  limit: number,
): T[] {
  const wanted = query.toLowerCase();
  const starts: T[] = [];
  const contains: T[] = [];
  for (const item of items) {
    const keys = keysOf(item).map((key) => key.toLowerCase());
    if (keys.some((key) => key.startsWith(wanted))) starts.push(item);
    else if (keys.some((key) => key.includes(wanted))) contains.push(item);
  }
  return [...starts, ...contains].slice(0, limit);
}
