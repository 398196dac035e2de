import { type KeyboardEvent, useEffect, useId, useMemo, useReducer, useRef, useState } from 'react';
import {
  availableTokenTypes,
  type RoadmapFilters,
  roadmapFiltersKey,
} from '../../../core/domain/searchTokens.ts';
import { type BarOption, flattenOptions, liveMessage, optionGroups, optionStatus } from './barOptions.ts';
import type { FilteredSearchBarProps } from './FilteredSearchBar.tsx';
import { browserStorage, readRecentSearches, writeRecentSearches } from './recentSearches.ts';
import { finishDraft, searchBarReducer, submission } from './searchBarReducer.ts';
import { filtersOf, initialBarState, suggestionRequest } from './searchBarState.ts';
import { NETWORK_FETCHERS } from './suggestionSource.ts';
import { useValueSuggestions } from './useValueSuggestions.ts';

/**
 * Binds the bar's pure machine to React: the reducer, the `value` prop it follows, recent searches in
 * storage, debounced suggestions, and the handlers the markup calls. It derives; it does not decide.
 */
export function useSearchBar({
  fullPath,
  groupId,
  currentUser,
  epicsSupported,
  value,
  onSubmit,
  epicsState = 'all',
  fetchers = NETWORK_FETCHERS,
  storage: storageOption,
  tokenTypes,
  isOnly = false,
}: FilteredSearchBarProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [storage] = useState(() => (storageOption === undefined ? browserStorage() : storageOption));
  const [state, dispatch] = useReducer(searchBarReducer, null, () =>
    initialBarState(value, readRecentSearches(storage, fullPath), { isOnly }),
  );
  const available = useMemo(
    () => tokenTypes ?? availableTokenTypes({ signedIn: currentUser !== null, epicsSupported }),
    [tokenTypes, currentUser, epicsSupported],
  );

  // Follow the applied filters when they change from outside (history, links), not on our own submit.
  const valueKey = roadmapFiltersKey(value);
  const loadedKey = useRef(valueKey);
  useEffect(() => {
    if (loadedKey.current === valueKey) return;
    loadedKey.current = valueKey;
    dispatch({ type: 'load', filters: value });
  }, [valueKey, value]);
  useEffect(() => writeRecentSearches(storage, fullPath, state.recent), [storage, fullPath, state.recent]);

  const scope = useMemo(() => ({ fullPath, groupId, epicsState }), [fullPath, groupId, epicsState]);
  useValueSuggestions(suggestionRequest(state), fetchers, scope, dispatch);

  const groups = optionGroups(state, { available, currentUser });
  const options = flattenOptions(groups);
  const status = optionStatus(state, options.length);
  const expanded = state.open && (options.length > 0 || status !== null);
  const active = expanded ? options[state.active] : undefined;
  const ids = {
    input: `${id}-input`,
    listbox: `${id}-listbox`,
    draft: `${id}-draft`,
    option: (index: number) => `${id}-option-${index}`,
  };

  useEffect(() => {
    if (!expanded || state.active < 0) return;
    document.getElementById(`${id}-option-${state.active}`)?.scrollIntoView({ block: 'nearest' });
  }, [expanded, state.active, id]);

  const focusInput = () => inputRef.current?.focus();
  const submit = (filters: RoadmapFilters) => {
    loadedKey.current = roadmapFiltersKey(filters);
    dispatch({ type: 'submitted', filters });
    onSubmit(filters);
  };
  const choose = (option: BarOption) => {
    if (option.kind === 'recent') submit(option.filters);
    else if (option.kind === 'clear-recent') dispatch({ type: 'clear-recent' });
    else if (option.kind === 'type') dispatch({ type: 'choose-type', tokenType: option.tokenType });
    else if (option.kind === 'operator') dispatch({ type: 'choose-operator', operator: option.operator });
    else dispatch({ type: 'choose-value', value: option.suggestion.value });
    focusInput();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      dispatch({ type: 'move', delta: event.key === 'ArrowDown' ? 1 : -1, count: options.length });
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const filters = active ? null : submission(state);
      if (active) choose(active);
      else if (filters) submit(filters);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      dispatch({ type: 'close' });
    } else if (event.key === 'Backspace' && state.input === '') {
      event.preventDefault();
      dispatch({ type: 'backspace' });
    }
  };

  return {
    state,
    dispatch,
    available,
    inputRef,
    ids,
    groups,
    status,
    expanded,
    activeId: active ? ids.option(state.active) : undefined,
    liveText: liveMessage(expanded, options.length, status),
    focusInput,
    choose,
    onKeyDown,
    submitTyped: () => submit(filtersOf(finishDraft(state))),
    submit,
  };
}
