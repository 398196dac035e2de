/**
 * What the dropdown offers for a bar state: grouped options (flattened, they are what the arrow keys
 * walk and `BarState.active` indexes), the status line under them, and the live announcement.
 */
import {
  describeFilters,
  type FilterOperator,
  type FilterTokenType,
  matchesSearch,
  OPERATOR_TEXT,
  type RoadmapFilters,
  roadmapFiltersKey,
  suggestionSearchText,
  tokenTypeSpec,
} from '../../../core/domain/searchTokens.ts';
import {
  type BarState,
  barStage,
  offeredTypes,
  operatorsOf,
  suggestionRequest,
  typedFragment,
  type ValueSuggestion,
} from './searchBarState.ts';
import { CONFIDENTIAL_OPTIONS, countText, FETCH_ERRORS, TEXTS } from './texts.ts';

export interface OptionContext {
  /** Token types this bar offers at all (signed-in user, epics supported). */
  readonly available: readonly FilterTokenType[];
  /** Spec: "The current user is preloaded as an author suggestion." */
  readonly currentUser: { readonly username: string; readonly name: string } | null;
}

export type BarOption =
  | {
      readonly kind: 'recent';
      readonly key: string;
      readonly label: string;
      readonly filters: RoadmapFilters;
    }
  | { readonly kind: 'clear-recent'; readonly key: string; readonly label: string }
  | {
      readonly kind: 'type';
      readonly key: string;
      readonly label: string;
      readonly symbol: string | null;
      readonly tokenType: FilterTokenType;
    }
  | {
      readonly kind: 'operator';
      readonly key: string;
      readonly label: string;
      readonly operator: FilterOperator;
    }
  | {
      readonly kind: 'value';
      readonly key: string;
      readonly label: string;
      readonly suggestion: ValueSuggestion;
    };

export interface OptionGroup {
  readonly key: string;
  readonly label: string;
  readonly options: readonly BarOption[];
}

function typeGroups(state: BarState, context: OptionContext): OptionGroup[] {
  const groups: OptionGroup[] = [];
  if (state.input.trim() === '' && state.recent.length > 0) {
    groups.push({
      key: 'recent',
      label: TEXTS.recentSearches,
      options: [
        ...state.recent.map(
          (filters): BarOption => ({
            kind: 'recent',
            key: `recent:${roadmapFiltersKey(filters)}`,
            label: describeFilters(filters),
            filters,
          }),
        ),
        { kind: 'clear-recent', key: 'clear-recent', label: TEXTS.clearRecentSearches },
      ],
    });
  }
  const fragment = typedFragment(state.input);
  const types = offeredTypes(state, context.available)
    .map(tokenTypeSpec)
    .filter((spec) => matchesSearch(spec.title, fragment));
  if (types.length > 0) {
    groups.push({
      key: 'types',
      label: TEXTS.filterBy,
      options: types.map((spec) => ({
        kind: 'type',
        key: `type:${spec.type}`,
        label: spec.title,
        symbol: spec.symbol,
        tokenType: spec.type,
      })),
    });
  }
  return groups;
}

/** The value suggestions for the draft: Yes/No, or fetched ones with the current user first. */
export function valueSuggestions(state: BarState, context: OptionContext): ValueSuggestion[] {
  const type = state.draft?.type;
  if (type === 'confidential') {
    const search = suggestionSearchText(state.input);
    return CONFIDENTIAL_OPTIONS.filter((option) => matchesSearch(option.title, search)).map((option) => ({
      ...option,
      detail: null,
      color: null,
    }));
  }
  const request = suggestionRequest(state);
  const fetched = request && state.suggestions?.key === request.key ? state.suggestions.values : [];
  const me = context.currentUser;
  if ((type !== 'author' && type !== 'assignee') || !me || !request) return [...fetched];
  const preload = matchesSearch(me.username, request.search) || matchesSearch(me.name, request.search);
  if (!preload) return [...fetched];
  const mine: ValueSuggestion = {
    value: me.username,
    title: me.name,
    detail: `@${me.username}`,
    color: null,
  };
  return [mine, ...fetched.filter((suggestion) => suggestion.value !== me.username)];
}

export function optionGroups(state: BarState, context: OptionContext): OptionGroup[] {
  const stage = barStage(state);
  if (stage === 'type' || !state.draft) return typeGroups(state, context);
  const spec = tokenTypeSpec(state.draft.type);
  if (stage === 'operator') {
    return [
      {
        key: 'operators',
        label: `${spec.title} ${TEXTS.operators.toLowerCase()}`,
        options: operatorsOf(state, spec.type).map((operator) => ({
          kind: 'operator',
          key: `operator:${operator}`,
          label: OPERATOR_TEXT[operator],
          operator,
        })),
      },
    ];
  }
  const values = valueSuggestions(state, context);
  if (values.length === 0) return [];
  return [
    {
      key: 'values',
      label: spec.title,
      options: values.map((suggestion) => ({
        kind: 'value',
        key: `value:${suggestion.value}`,
        label: suggestion.title,
        suggestion,
      })),
    },
  ];
}

export const flattenOptions = (groups: readonly OptionGroup[]): BarOption[] =>
  groups.flatMap((group) => group.options);

export type OptionStatus = { readonly kind: 'loading' | 'error' | 'empty'; readonly text: string } | null;

/** The line the dropdown shows under (or instead of) the values: loading, an error, or nothing found. */
export function optionStatus(state: BarState, optionCount: number): OptionStatus {
  if (barStage(state) !== 'value' || !state.draft) return null;
  const request = suggestionRequest(state);
  const current = request && state.suggestions?.key === request.key ? state.suggestions : null;
  if (request && current?.status === 'error') return { kind: 'error', text: FETCH_ERRORS[state.draft.type] };
  if (request && current?.status !== 'ready') return { kind: 'loading', text: TEXTS.loading };
  return optionCount === 0 ? { kind: 'empty', text: TEXTS.noSuggestions } : null;
}

/** What the polite live region says: errors and "nothing found" as they are, else the count. */
export function liveMessage(expanded: boolean, optionCount: number, status: OptionStatus): string {
  if (!expanded) return '';
  if (status?.kind === 'error' || status?.kind === 'empty') return status.text;
  if (status?.kind === 'loading') return '';
  return countText(optionCount);
}
