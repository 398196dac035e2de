/**
 * The transitions of the filtered-search bar (see `searchBarState.ts`): typing, choosing from the
 * dropdown, editing and removing items, submitting, and the suggestions' arrival. Pure: the component
 * dispatches actions and performs the effects (fetching, storage, `onSubmit`).
 */
import {
  type FilterOperator,
  type FilterToken,
  type FilterTokenType,
  hasFiltersApplied,
  hasOpenQuote,
  normalizeTokenValue,
  type RoadmapFilters,
  splitSearchTerms,
  TOKEN_TYPES,
  tokenInputText,
  tokenTypeForSymbol,
} from '../../../core/domain/searchTokens.ts';
import { addRecentSearch } from './recentSearches.ts';
import {
  type BarAction,
  type BarItem,
  type BarState,
  barStage,
  type Draft,
  filtersOf,
  loadFilters,
  offeredTypes,
  operatorsOf,
  suggestionRequest,
  typedFragment,
} from './searchBarState.ts';

/** What Enter with no highlighted option would submit, or null while a typed value is not valid. */
export function submission(state: BarState): RoadmapFilters | null {
  const stage = barStage(state);
  if (stage === 'value' && state.draft && state.input.trim()) {
    if (normalizeTokenValue(state.draft.type, state.input) === null) return null;
  }
  return filtersOf(finishDraft(state));
}

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
  const operators = operatorsOf(state, type);
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
  const operators = operatorsOf(state, draft.type);
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
  if (draft?.operator && operatorsOf(state, draft.type).length > 1) {
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
    case 'choose-operator': {
      if (!state.draft) return state;
      // A value typed before the operator was changed stays; a typed operator prefix does not.
      const input = /^\s*(!=?|=)\s*$/.test(state.input) ? '' : state.input;
      return { ...state, draft: { ...state.draft, operator: action.operator }, input, active: -1 };
    }
    case 'choose-value':
      if (!state.draft?.operator) return state;
      return commitToken(
        { ...state, open: true },
        { type: state.draft.type, operator: state.draft.operator, value: action.value },
      );
    case 'change-operator':
      if (!state.draft || operatorsOf(state, state.draft.type).length < 2) return state;
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
