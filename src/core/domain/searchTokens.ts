/**
 * The filtered-search token model of the roadmap (spec, "Search token") and its two
 * mappings: to and from GitLab's URL parameters, and to the GraphQL variables GitLab's roadmap sends
 * (GitLab's front end). Token values are kept unquoted; quotes exist only in text a person reads or types.
 */

export type FilterTokenType =
  | 'author'
  | 'label'
  | 'milestone'
  | 'confidential'
  | 'epic'
  | 'my-reaction'
  | 'assignee';

/** 'is' (=, the default) and 'is not' (!=). */
export type FilterOperator = '=' | '!=';

export interface FilterToken {
  readonly type: FilterTokenType;
  readonly operator: FilterOperator;
  /** Unquoted: a username, label or milestone title, emoji name, 'true'/'false', or an epic value. */
  readonly value: string;
}

/** GitLab's `or[...]` parameters: read from the URL and passed on, not built by the bar. */
export interface UnionFilters {
  readonly labelName: readonly string[];
  readonly authorUsername: readonly string[];
}

export interface RoadmapFilters {
  readonly tokens: readonly FilterToken[];
  /** The free-text search terms joined by spaces ('' for none). */
  readonly search: string;
  readonly or: UnionFilters;
}

export const EMPTY_ROADMAP_FILTERS: RoadmapFilters = {
  tokens: [],
  search: '',
  or: { labelName: [], authorUsername: [] },
};

export interface TokenTypeSpec {
  readonly type: FilterTokenType;
  readonly title: string;
  /** Typing it at the start of a word starts this token (GitLab's reference prefixes). */
  readonly symbol: string | null;
  /** The first is the default; a single one is chosen without asking. */
  readonly operators: readonly [FilterOperator, ...FilterOperator[]];
  /** At most one token of this type in a search. */
  readonly unique: boolean;
}

/** GitLab's roadmap tokens, in the order the bar offers them. */
export const TOKEN_TYPES: readonly TokenTypeSpec[] = [
  { type: 'author', title: 'Author', symbol: '@', operators: ['=', '!='], unique: true },
  { type: 'label', title: 'Label', symbol: '~', operators: ['=', '!='], unique: false },
  { type: 'milestone', title: 'Milestone', symbol: '%', operators: ['='], unique: true },
  { type: 'confidential', title: 'Confidential', symbol: null, operators: ['='], unique: true },
  { type: 'epic', title: 'Epic', symbol: '&', operators: ['='], unique: true },
  { type: 'my-reaction', title: 'My-Reaction', symbol: null, operators: ['=', '!='], unique: true },
  // Not the roadmap's: value stream analytics filters by assignees (several, all of them required).
  { type: 'assignee', title: 'Assignee', symbol: '@', operators: ['='], unique: false },
];

/** The roadmap's token types, in the order its bar offers them. */
const ROADMAP_TOKEN_TYPES: readonly FilterTokenType[] = [
  'author',
  'label',
  'milestone',
  'confidential',
  'epic',
  'my-reaction',
];

export function tokenTypeSpec(type: FilterTokenType): TokenTypeSpec {
  const spec = TOKEN_TYPES.find((candidate) => candidate.type === type);
  if (!spec) throw new Error(`unknown filter token type ${type}`);
  return spec;
}

export const OPERATOR_TEXT: Readonly<Record<FilterOperator, string>> = { '=': 'is', '!=': 'is not' };

/** Spec: "Epic (&, only when epics are supported) and My-Reaction (only for signed-in users)". */
export function availableTokenTypes(options: {
  readonly signedIn: boolean;
  readonly epicsSupported: boolean;
}): FilterTokenType[] {
  return ROADMAP_TOKEN_TYPES.filter(
    (type) => (type !== 'epic' || options.epicsSupported) && (type !== 'my-reaction' || options.signedIn),
  );
}

/**
 * The token type a symbol starts, if one of the available ones has it: the first of them in their
 * order (`@` is Author's, or Assignee's where no Author is offered).
 */
export function tokenTypeForSymbol(
  symbol: string,
  available: readonly FilterTokenType[],
): FilterTokenType | null {
  return available.find((type) => tokenTypeSpec(type).symbol === symbol) ?? null;
}

// ---- Values as text ------------------------------------------------------------------------------

/** An all-digit value (an epic iid typed as a number) is recognised by this pattern only. */
export const DIGITS_ONLY = /^\d+$/;

const isQuoted = (text: string): boolean => text.length >= 2 && text.startsWith('"') && text.endsWith('"');

/** A value with white space is wrapped in double quotes when written into text. */
export function quoteValue(value: string): string {
  return /\s/.test(value) && !isQuoted(value) ? `"${value}"` : value;
}

export function unquoteValue(text: string): string {
  return isQuoted(text) ? text.slice(1, -1) : text;
}

/** The text a suggestion fetch searches for: quotes stripped, an unfinished opening quote too. */
export function suggestionSearchText(typed: string): string {
  const text = typed.trim();
  if (isQuoted(text)) return text.slice(1, -1).trim();
  return text.startsWith('"') ? text.slice(1).trim() : text;
}

/** True while the typed text has an opening quote that is not yet closed. */
export function hasOpenQuote(text: string): boolean {
  return (text.match(/"/g)?.length ?? 0) % 2 === 1;
}

/** Free text split into terms; a quoted phrase is one term and keeps its quotes. */
export function splitSearchTerms(search: string): string[] {
  return search.match(/"[^"]*"|\S+/g) ?? [];
}

/** Client-side filtering of milestone and emoji suggestions: case-insensitive substring. */
export function matchesSearch(text: string, search: string): boolean {
  return text.toLowerCase().includes(search.trim().toLowerCase());
}

/** GitLab's epic token value: `group/path::&123`. */
export const epicTokenValue = (groupFullPath: string, iid: string | number): string =>
  `${groupFullPath}::&${iid}`;

/** The iid an epic value names: the text after the last `::&`, or the whole value. */
export function epicIidOf(value: string): string {
  const at = value.lastIndexOf('::&');
  return (at >= 0 ? value.slice(at + 3) : value).trim();
}

/** The epic token's data: a number when the value is all digits, else the value itself. */
export function epicTokenData(value: string): number | string {
  return DIGITS_ONLY.test(value) ? Number(value) : value;
}

const CONFIDENTIAL_WORDS: Readonly<Record<string, 'true' | 'false'>> = {
  yes: 'true',
  true: 'true',
  no: 'false',
  false: 'false',
};

/**
 * The value a person's typed text stands for, or null when it cannot be one: the token's symbol and
 * quotes are dropped, Confidential accepts Yes/No, Epic accepts `123`, `&123` and `group&123`.
 */
export function normalizeTokenValue(type: FilterTokenType, typed: string): string | null {
  let text = typed.trim();
  const symbol = tokenTypeSpec(type).symbol;
  if (symbol && text.startsWith(symbol) && type !== 'epic') text = text.slice(symbol.length);
  text = unquoteValue(text.trim()).trim();
  if (text === '') return null;
  switch (type) {
    case 'confidential':
      return CONFIDENTIAL_WORDS[text.toLowerCase()] ?? null;
    case 'my-reaction':
      return text.replace(/^:(.+):$/, '$1');
    case 'epic': {
      if (text.includes('::&')) return DIGITS_ONLY.test(epicIidOf(text)) ? text : null;
      const match = /^(.*?)&(\d+)$/.exec(text);
      if (match) return match[1] ? epicTokenValue(match[1], match[2]!) : match[2]!;
      return DIGITS_ONLY.test(text) ? text : null;
    }
    default:
      return text;
  }
}

/** A token's value as the bar shows it: with its symbol, quoted when it has spaces. */
export function tokenValueText(token: FilterToken): string {
  switch (token.type) {
    case 'confidential':
      return token.value === 'true' ? 'Yes' : token.value === 'false' ? 'No' : token.value;
    case 'epic': {
      const at = token.value.lastIndexOf('::&');
      return at >= 0 ? `${token.value.slice(0, at)}&${epicIidOf(token.value)}` : `&${token.value}`;
    }
    case 'my-reaction':
      return quoteValue(token.value);
    default:
      return `${tokenTypeSpec(token.type).symbol ?? ''}${quoteValue(token.value)}`;
  }
}

/** A token's value as text in the input when it is opened for editing; `normalizeTokenValue` reads it back. */
export function tokenInputText(token: FilterToken): string {
  return token.type === 'confidential' || token.type === 'epic'
    ? tokenValueText(token)
    : quoteValue(token.value);
}

/** One line for people: `Author is @root, Label is not ~"to do", release notes`. */
export function describeFilters(filters: RoadmapFilters): string {
  const parts = filters.tokens.map(
    (token) => `${tokenTypeSpec(token.type).title} ${OPERATOR_TEXT[token.operator]} ${tokenValueText(token)}`,
  );
  for (const label of filters.or.labelName)
    parts.push(`Label is one of ${tokenValueText(labelToken(label))}`);
  for (const name of filters.or.authorUsername) parts.push(`Author is one of @${name}`);
  if (filters.search.trim()) parts.push(filters.search.trim());
  return parts.join(', ');
}

const labelToken = (value: string): FilterToken => ({ type: 'label', operator: '=', value });

export function hasFiltersApplied(filters: RoadmapFilters): boolean {
  return (
    filters.tokens.length > 0 ||
    filters.search.trim() !== '' ||
    filters.or.labelName.length > 0 ||
    filters.or.authorUsername.length > 0
  );
}

// ---- URL parameters (spec) ------------------------------------------------------------------

interface ParamRule {
  readonly type: FilterTokenType;
  readonly operator: FilterOperator;
  /** Written first; the others are also read (and removed). */
  readonly keys: readonly [string, ...string[]];
  readonly many: boolean;
}

/** In GitLab's order of reading them back into tokens. */
const PARAM_RULES: readonly ParamRule[] = [
  { type: 'author', operator: '=', keys: ['author_username'], many: false },
  { type: 'author', operator: '!=', keys: ['not[author_username]'], many: false },
  { type: 'milestone', operator: '=', keys: ['milestone_title'], many: false },
  { type: 'label', operator: '=', keys: ['label_name[]', 'label_name'], many: true },
  { type: 'label', operator: '!=', keys: ['not[label_name][]', 'not[label_name]'], many: true },
  { type: 'confidential', operator: '=', keys: ['confidential'], many: false },
  { type: 'my-reaction', operator: '=', keys: ['my_reaction_emoji'], many: false },
  { type: 'my-reaction', operator: '!=', keys: ['not[my_reaction_emoji]'], many: false },
  { type: 'epic', operator: '=', keys: ['epic_iid'], many: false },
];

const OR_LABEL_KEYS = ['or[label_name][]', 'or[label_name]'] as const;
const OR_AUTHOR_KEYS = ['or[author_username][]', 'or[author_username]'] as const;

/** Every key the filters own; the serializer removes these and touches nothing else. */
export const ROADMAP_FILTER_KEYS: readonly string[] = [
  ...PARAM_RULES.flatMap((rule) => rule.keys),
  'search',
  ...OR_LABEL_KEYS,
  ...OR_AUTHOR_KEYS,
];

function readAll(params: URLSearchParams, keys: readonly string[]): string[] {
  const values = keys.flatMap((key) => params.getAll(key)).map((value) => unquoteValue(value.trim()).trim());
  return [...new Set(values.filter(Boolean))];
}

/** The filters in a query string (`location.search`, with or without its '?'). */
export function parseRoadmapFilters(search: string): RoadmapFilters {
  const params = new URLSearchParams(search);
  const tokens: FilterToken[] = [];
  for (const rule of PARAM_RULES) {
    const values = readAll(params, rule.keys);
    for (const raw of rule.many ? values : values.slice(0, 1)) {
      const value = rule.type === 'confidential' ? CONFIDENTIAL_WORDS[raw.toLowerCase()] : raw;
      if (value) tokens.push({ type: rule.type, operator: rule.operator, value });
    }
  }
  return {
    tokens,
    search: params.get('search')?.trim() ?? '',
    or: { labelName: readAll(params, OR_LABEL_KEYS), authorUsername: readAll(params, OR_AUTHOR_KEYS) },
  };
}

/** Writes the filters into `into` (GitLab's keys), after removing every filter key it held. */
export function serializeRoadmapFilters(filters: RoadmapFilters, into: URLSearchParams): URLSearchParams {
  for (const key of ROADMAP_FILTER_KEYS) into.delete(key);
  const written = new Set<string>();
  for (const token of filters.tokens) {
    const rule = PARAM_RULES.find((r) => r.type === token.type && r.operator === token.operator);
    const value = token.value.trim();
    if (!rule || !value || (!rule.many && written.has(rule.keys[0]))) continue;
    written.add(rule.keys[0]);
    into.append(rule.keys[0], value);
  }
  if (filters.search.trim()) into.set('search', filters.search.trim());
  for (const label of filters.or.labelName) into.append(OR_LABEL_KEYS[0], label);
  for (const name of filters.or.authorUsername) into.append(OR_AUTHOR_KEYS[0], name);
  return into;
}

/**
 * A canonical query string for the filters, independent of token order (labels are ANDed, so order
 * means nothing): to compare, de-duplicate or store them.
 */
export function roadmapFiltersKey(filters: RoadmapFilters): string {
  const params = serializeRoadmapFilters(filters, new URLSearchParams());
  const entries = [...params].sort(([a, x], [b, y]) =>
    a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1,
  );
  return new URLSearchParams(entries).toString();
}

// ---- GraphQL variables (GitLab's front end) --------------------------------------------------------------

export interface RoadmapFilterVariables {
  labelName?: string[];
  authorUsername?: string;
  milestoneTitle?: string;
  myReactionEmoji?: string;
  confidential?: boolean;
  search?: string;
  not?: { labelName?: string[]; authorUsername?: string; myReactionEmoji?: string };
  or?: { labelName?: string[]; authorUsername?: string[] };
  /** From the epic token: the text after the last `::&` (GraphQL `ID`). */
  iid?: string;
}

/** The filter variables of GitLab's roadmap epics queries; empty filters are left out. */
export function roadmapFilterVariables(filters: RoadmapFilters): RoadmapFilterVariables {
  const values = (type: FilterTokenType, operator: FilterOperator): string[] =>
    filters.tokens
      .filter((token) => token.type === type && token.operator === operator)
      .map((token) => token.value.trim())
      .filter(Boolean);
  const first = (type: FilterTokenType, operator: FilterOperator) => values(type, operator)[0];

  const variables: RoadmapFilterVariables = {};
  const labels = values('label', '=');
  if (labels.length > 0) variables.labelName = labels;
  const author = first('author', '=');
  if (author) variables.authorUsername = author;
  const milestone = first('milestone', '=');
  if (milestone) variables.milestoneTitle = milestone;
  const reaction = first('my-reaction', '=');
  if (reaction) variables.myReactionEmoji = reaction;
  const confidential = first('confidential', '=');
  if (confidential === 'true' || confidential === 'false') variables.confidential = confidential === 'true';
  if (filters.search.trim()) variables.search = filters.search.trim();
  const epic = first('epic', '=');
  if (epic && epicIidOf(epic)) variables.iid = epicIidOf(epic);

  const not: NonNullable<RoadmapFilterVariables['not']> = {};
  const notLabels = values('label', '!=');
  if (notLabels.length > 0) not.labelName = notLabels;
  const notAuthor = first('author', '!=');
  if (notAuthor) not.authorUsername = notAuthor;
  const notReaction = first('my-reaction', '!=');
  if (notReaction) not.myReactionEmoji = notReaction;
  if (Object.keys(not).length > 0) variables.not = not;

  const or: NonNullable<RoadmapFilterVariables['or']> = {};
  if (filters.or.labelName.length > 0) or.labelName = [...filters.or.labelName];
  if (filters.or.authorUsername.length > 0) or.authorUsername = [...filters.or.authorUsername];
  if (Object.keys(or).length > 0) variables.or = or;
  return variables;
}
