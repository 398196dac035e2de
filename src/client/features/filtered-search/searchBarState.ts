/**
 * The filtered-search bar as an explicit state machine, free of React and the DOM. A token is built in
 * three steps (spec §5: "Segments move type, then operator, then data"): with no draft the input holds
 * free text and the dropdown offers token types; a draft without an operator offers operators (a type
 * with a single one skips this step); a draft with an operator takes its value from the input.
 */
import {
  EMPTY_ROADMAP_FILTERS,
  type FilterOperator,
  type FilterToken,
  type FilterTokenType,
  hasFiltersApplied,
  hasOpenQuote,
  normalizeTokenValue,
  type RoadmapFilters,
  splitSearchTerms,
  suggestionSearchText,
  TOKEN_TYPES,
  tokenInputText,
  tokenTypeForSymbol,
  tokenTypeSpec,
  type UnionFilters,
} from '../../../core/domain/searchTokens.ts';
import { addRecentSearch } from './recentSearches.ts';

/** One value the dropdown offers for a draft token. */
export interface ValueSuggestion {
  /** The token value chosen with it (unquoted). */
  readonly value: string;
  readonly title: string;
  /** Secondary text: a username, an epic reference. */
  readonly detail: string | null;
  /** A label's colour swatch. */
  readonly color: string | null;
}

export type BarItem =
  | { readonly id: number; readonly kind: 'token'; readonly token: FilterToken }
  | { readonly id: number; readonly kind: 'term'; readonly text: string };

export interface Draft {
  readonly type: FilterTokenType;
  readonly operator: FilterOperator | null;
  /** The token this draft was opened from, put back if the draft is abandoned without a value. */
  readonly original: BarItem | null;
}

export interface Suggestions {
  /** Which request they answer (see `suggestionRequest`). */
  readonly key: string;
  readonly status: 'loading' | 'ready' | 'error';
  readonly values: readonly ValueSuggestion[];
}

export interface BarState {
  readonly items: readonly BarItem[];
  readonly or: UnionFilters;
  /** The input's text: free text without a draft, the draft's value with one. */
  readonly input: string;
  readonly draft: Draft | null;
  /** Where in `items` the input sits (editing a token in the middle); null: after the last item. */
  readonly insertAt: number | null;
  readonly open: boolean;
  /** Index of the highlighted option in the flattened dropdown, -1 for none. */
  readonly active: number;
  readonly suggestions: Suggestions | null;
  readonly recent: readonly RoadmapFilters[];
  readonly nextId: number;
}

export type Stage = 'type' | 'operator' | 'value';

export type BarAction =
  | { readonly type: 'load'; readonly filters: RoadmapFilters }
  | { readonly type: 'submitted'; readonly filters: RoadmapFilters }
  | { readonly type: 'focus' }
  | { readonly type: 'blur' }
  | { readonly type: 'close' }
  | { readonly type: 'input'; readonly text: string; readonly available: readonly FilterTokenType[] }
  | { readonly type: 'move'; readonly delta: 1 | -1; readonly count: number }
  | { readonly type: 'activate'; readonly index: number }
  | { readonly type: 'choose-type'; readonly tokenType: FilterTokenType }
  | { readonly type: 'choose-operator'; readonly operator: FilterOperator }
  | { readonly type: 'choose-value'; readonly value: string }
  | { readonly type: 'change-operator' }
  | { readonly type: 'backspace' }
  | { readonly type: 'edit'; readonly id: number }
  | { readonly type: 'remove'; readonly id: number }
  | { readonly type: 'remove-or'; readonly key: keyof UnionFilters; readonly value: string }
  | { readonly type: 'clear-recent' }
  | { readonly type: 'suggestions-loading'; readonly key: string }
  | { readonly type: 'suggestions-loaded'; readonly key: string; readonly values: readonly ValueSuggestion[] }
  | { readonly type: 'suggestions-failed'; readonly key: string };

export function barStage(state: BarState): Stage {
  if (!state.draft) return 'type';
  return state.draft.operator === null ? 'operator' : 'value';
}

export function initialBarState(filters: RoadmapFilters, recent: readonly RoadmapFilters[]): BarState {
  return loadFilters(
    {
      items: [],
      or: EMPTY_ROADMAP_FILTERS.or,
      input: '',
      draft: null,
      insertAt: null,
      open: false,
      active: -1,
      suggestions: null,
      recent,
      nextId: 1,
    },
    filters,
  );
}

function loadFilters(state: BarState, filters: RoadmapFilters): BarState {
  let nextId = state.nextId;
  const items: BarItem[] = [
    ...filters.tokens.map((token): BarItem => ({ id: nextId++, kind: 'token', token })),
    ...splitSearchTerms(filters.search).map((text): BarItem => ({ id: nextId++, kind: 'term', text })),
  ];
  return {
    ...state,
    items,
    or: filters.or,
    input: '',
    draft: null,
    insertAt: null,
    active: -1,
    suggestions: null,
    nextId,
  };
}

/** The last word of free text: what the token-type list is filtered by. */
export function typedFragment(input: string): string {
  return /(\S*)$/.exec(input)?.[1] ?? '';
}

/** The search a value suggestion fetch runs for, and its identity; null when nothing is fetched. */
export function suggestionRequest(
  state: BarState,
): { readonly key: string; readonly type: FilterTokenType; readonly search: string } | null {
  if (barStage(state) !== 'value' || !state.draft || state.draft.type === 'confidential') return null;
  const symbol = tokenTypeSpec(state.draft.type).symbol;
  const typed = state.input.trim();
  const search = suggestionSearchText(symbol && typed.startsWith(symbol) ? typed.slice(1) : typed);
  return { key: `${state.draft.type}\n${search}`, type: state.draft.type, search };
}

/** Types a new token may have: the available ones minus unique types already used. */
export function offeredTypes(state: BarState, available: readonly FilterTokenType[]): FilterTokenType[] {
  const used = new Set(state.items.flatMap((item) => (item.kind === 'token' ? [item.token.type] : [])));
  return available.filter((type) => !(tokenTypeSpec(type).unique && used.has(type)));
}

/** What Enter with no highlighted option would submit, or null while a typed value is not valid. */
export function submission(state: BarState): RoadmapFilters | null {
  const stage = barStage(state);
  if (stage === 'value' && state.draft && state.input.trim()) {
    if (normalizeTokenValue(state.draft.type, state.input) === null) return null;
  }
  return filtersOf(finishDraft(state));
}

export function filtersOf(state: BarState): RoadmapFilters {
  const tokens = state.items.flatMap((item) => (item.kind === 'token' ? [item.token] : []));
  const terms = state.items.flatMap((item) => (item.kind === 'term' ? [item.text] : []));
  return { tokens, search: terms.join(' '), or: state.or };
}

// ---- Transitions ---------------------------------------------------------------------------------

function insertItems(state: BarState, items: readonly BarItem[]): BarState {
  const at = state.insertAt ?? state.items.length;
  return {
    ...state,
    items: [...state.items.slice(0, at), ...items, ...state.items.slice(at)],
    insertAt: state.insertAt === null ? null : at + items.length,
  };
}

/** Turns free text into term items at the input's place. */
function commitTerms(state: BarState, text: string): BarState {
  let nextId = state.nextId;
  const terms = splitSearchTerms(text).map((term): BarItem => ({ id: nextId++, kind: 'term', text: term }));
  return { ...insertItems(state, terms), nextId, input: '' };
}

function commitToken(state: BarState, token: FilterToken): BarState {
  const next = insertItems(state, [{ id: state.nextId, kind: 'token', token }]);
  return { ...next, nextId: state.nextId + 1, draft: null, input: '', insertAt: null, active: -1 };
}

/**
 * Ends whatever is being typed: a draft with a valid value becomes a token, one without is dropped
 * (an edited token comes back), and free text becomes terms.
 */
export function finishDraft(state: BarState): BarState {
  const { draft } = state;
  if (!draft) return { ...commitTerms(state, state.input), insertAt: null };
  const value = draft.operator ? normalizeTokenValue(draft.type, state.input) : null;
  if (draft.operator && value !== null)
    return commitToken(state, { type: draft.type, operator: draft.operator, value });
  const restored = draft.original ? insertItems(state, [draft.original]) : state;
  return { ...restored, draft: null, input: '', insertAt: null, suggestions: null };
}

function startDraft(state: BarState, type: FilterTokenType, operator: FilterOperator | null, input = '') {
  const operators = tokenTypeSpec(type).operators;
  const chosen = operator ?? (operators.length === 1 ? operators[0] : null);
  return {
    ...state,
    draft: { type, operator: chosen, original: null },
    input,
    open: true,
    active: chosen === null ? 0 : -1,
    suggestions: null,
  };
}

/** Free text typed: a word starting with a token symbol (`~`) or a `type:` prefix starts that token. */
function typeFreeText(state: BarState, text: string, available: readonly FilterTokenType[]): BarState {
  const fragment = typedFragment(text);
  const before = text.slice(0, text.length - fragment.length);
  const offered = offeredTypes(state, available);
  const bySymbol = fragment ? tokenTypeForSymbol(fragment[0]!, offered) : null;
  if (bySymbol) return startDraft(commitTerms(state, before), bySymbol, '=', fragment.slice(1));
  const named = /^([\w-]+):(.*)$/.exec(fragment);
  const byName = TOKEN_TYPES.find(
    (spec) => named && spec.title.toLowerCase() === named[1]!.toLowerCase() && offered.includes(spec.type),
  );
  if (named && byName) return startDraft(commitTerms(state, before), byName.type, null, named[2]);
  return { ...state, input: text, open: true, active: -1 };
}

/** Text typed while the operator is asked for: `=` / `!=` choose it, anything else takes the default. */
function typeOperator(state: BarState, draft: Draft, text: string): BarState {
  const operators = tokenTypeSpec(draft.type).operators;
  if (text === '' || (text === '!' && operators.includes('!='))) return { ...state, input: text };
  const operator = (['!=', '='] as const).find((op) => text.startsWith(op) && operators.includes(op));
  const rest = operator ? text.slice(operator.length).trimStart() : text;
  return { ...state, draft: { ...draft, operator: operator ?? operators[0] }, input: rest, active: -1 };
}

/** A value typed: a space outside quotes after a valid value completes the token, as in GitLab. */
function typeValue(state: BarState, draft: Draft, text: string): BarState {
  const complete = /\s$/.test(text) && text.trim() !== '' && !hasOpenQuote(text);
  const value = complete && draft.operator ? normalizeTokenValue(draft.type, text) : null;
  if (draft.operator && value !== null)
    return commitToken(state, { type: draft.type, operator: draft.operator, value });
  // Fetched suggestions highlight their first entry when they arrive; Yes/No are there at once.
  const active = draft.type === 'confidential' && text.trim() ? 0 : -1;
  return { ...state, input: text, open: true, active };
}

function backspace(state: BarState): BarState {
  const { draft } = state;
  if (draft?.operator && tokenTypeSpec(draft.type).operators.length > 1) {
    return { ...state, draft: { ...draft, operator: null }, active: 0, suggestions: null };
  }
  if (draft) return { ...state, draft: null, input: '', active: -1, suggestions: null };
  const at = (state.insertAt ?? state.items.length) - 1;
  const previous = state.items[at];
  return previous ? openItem(state, previous) : state;
}

/** Takes an item out of the list into the input, remembering its place. */
function openItem(state: BarState, item: BarItem): BarState {
  const at = state.items.indexOf(item);
  const items = state.items.filter((candidate) => candidate !== item);
  const base = { ...state, items, insertAt: at, open: true, active: -1, suggestions: null };
  if (item.kind === 'term') return { ...base, draft: null, input: item.text };
  return {
    ...base,
    draft: { type: item.token.type, operator: item.token.operator, original: item },
    input: tokenInputText(item.token),
  };
}

function removeItem(state: BarState, id: number): BarState {
  const at = state.items.findIndex((item) => item.id === id);
  if (at < 0) return state;
  const insertAt = state.insertAt !== null && at < state.insertAt ? state.insertAt - 1 : state.insertAt;
  return { ...state, items: state.items.filter((item) => item.id !== id), insertAt };
}

function wrap(index: number, count: number): number {
  return ((index % count) + count) % count;
}

export function searchBarReducer(state: BarState, action: BarAction): BarState {
  switch (action.type) {
    case 'load':
      return loadFilters(state, action.filters);
    case 'submitted': {
      const recent = hasFiltersApplied(action.filters)
        ? addRecentSearch(state.recent, action.filters)
        : state.recent;
      return { ...loadFilters(state, action.filters), recent, open: false };
    }
    case 'focus':
      return { ...state, open: true };
    case 'blur':
      return { ...finishDraft(state), open: false, active: -1 };
    case 'close':
      return { ...state, open: false, active: -1 };
    case 'input': {
      const stage = barStage(state);
      if (stage === 'type' || !state.draft) return typeFreeText(state, action.text, action.available);
      if (stage === 'operator') return typeOperator(state, state.draft, action.text);
      return typeValue(state, state.draft, action.text);
    }
    case 'move': {
      if (action.count <= 0) return { ...state, open: true, active: -1 };
      if (!state.open || state.active < 0) {
        return { ...state, open: true, active: action.delta > 0 ? 0 : action.count - 1 };
      }
      return { ...state, active: wrap(state.active + action.delta, action.count) };
    }
    case 'activate':
      return { ...state, active: action.index };
    case 'choose-type': {
      const fragment = barStage(state) === 'type' ? typedFragment(state.input) : '';
      const before = commitTerms(state, state.input.slice(0, state.input.length - fragment.length));
      return startDraft(before, action.tokenType, null);
    }
    case 'choose-operator':
      if (!state.draft) return state;
      return { ...state, draft: { ...state.draft, operator: action.operator }, input: '', active: -1 };
    case 'choose-value':
      if (!state.draft?.operator) return state;
      return commitToken(
        { ...state, open: true },
        { type: state.draft.type, operator: state.draft.operator, value: action.value },
      );
    case 'change-operator':
      if (!state.draft || tokenTypeSpec(state.draft.type).operators.length < 2) return state;
      return {
        ...state,
        draft: { ...state.draft, operator: null },
        open: true,
        active: 0,
        suggestions: null,
      };
    case 'backspace':
      return state.input === '' ? backspace(state) : state;
    case 'edit': {
      const finished = finishDraft(state);
      const item = finished.items.find((candidate) => candidate.id === action.id);
      return item ? openItem(finished, item) : finished;
    }
    case 'remove':
      return removeItem(state, action.id);
    case 'remove-or':
      return {
        ...state,
        or: { ...state.or, [action.key]: state.or[action.key].filter((value) => value !== action.value) },
      };
    case 'clear-recent':
      return { ...state, recent: [], active: -1 };
    case 'suggestions-loading':
    case 'suggestions-loaded':
    case 'suggestions-failed': {
      if (suggestionRequest(state)?.key !== action.key) return state;
      if (action.type === 'suggestions-loading') {
        return { ...state, suggestions: { key: action.key, status: 'loading', values: [] } };
      }
      if (action.type === 'suggestions-failed') {
        return { ...state, suggestions: { key: action.key, status: 'error', values: [] } };
      }
      const active = state.input.trim() && action.values.length > 0 ? 0 : state.active;
      return { ...state, suggestions: { key: action.key, status: 'ready', values: action.values }, active };
    }
  }
}
