/**
 * The filtered-search bar's state, free of React and the DOM, and what can be read from it; the
 * transitions are in `searchBarReducer.ts`. A token is built in three steps (spec: "Segments move
 * type, then operator, then data"): with no draft the input holds free text and the dropdown offers
 * token types; a draft without an operator offers operators (a type with a single one skips this
 * step); a draft with an operator takes its value from the input.
 */
import {
  EMPTY_ROADMAP_FILTERS,
  type FilterOperator,
  type FilterToken,
  type FilterTokenType,
  type RoadmapFilters,
  splitSearchTerms,
  suggestionSearchText,
  tokenTypeSpec,
  type UnionFilters,
} from '../../../core/domain/searchTokens.ts';

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
  /** Only 'is' is offered, whatever the token type allows elsewhere (GitLab's OPERATORS_IS bars). */
  readonly isOnly: boolean;
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

export function initialBarState(
  filters: RoadmapFilters,
  recent: readonly RoadmapFilters[],
  options: { readonly isOnly?: boolean } = {},
): BarState {
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
      isOnly: options.isOnly ?? false,
    },
    filters,
  );
}

/** The operators a token of `type` may take in this bar; the first is the default. */
export function operatorsOf(
  state: Pick<BarState, 'isOnly'>,
  type: FilterTokenType,
): readonly [FilterOperator, ...FilterOperator[]] {
  return state.isOnly ? ['='] : tokenTypeSpec(type).operators;
}

/** The bar showing `filters`, with nothing being typed. */
export function loadFilters(state: BarState, filters: RoadmapFilters): BarState {
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

export function filtersOf(state: BarState): RoadmapFilters {
  const tokens = state.items.flatMap((item) => (item.kind === 'token' ? [item.token] : []));
  const terms = state.items.flatMap((item) => (item.kind === 'term' ? [item.text] : []));
  return { tokens, search: terms.join(' '), or: state.or };
}
