/**
 * README — filtered-search/: GitLab's filtered search bar for the roadmap (spec §2.4). Tokens (Author @,
 * Label ~, Milestone %, Confidential, Epic &, My-Reaction) are built type → operator → value from a
 * combobox with debounced suggestions; free text becomes search terms; Enter or the search button
 * calls `onSubmit(filters)`. The logic is the pure machine in `searchBarState.ts` and `barOptions.ts`;
 * URL and GraphQL mapping live in `src/core/domain/searchTokens.ts`; fetches in `src/client/data`.
 */
import { type KeyboardEvent, useEffect, useId, useMemo, useReducer, useRef, useState } from 'react';
import {
  availableTokenTypes,
  EMPTY_ROADMAP_FILTERS,
  type RoadmapFilters,
  roadmapFiltersKey,
  tokenValueText,
} from '../../../core/domain/searchTokens.ts';
import type { EpicSuggestionState } from '../../data/index.ts';
import { Icon } from '../../ui/index.ts';
import { SEARCH_TARGET } from '../filters/index.ts';
import { type BarOption, flattenOptions, liveMessage, optionGroups, optionStatus } from './barOptions.ts';
import { browserStorage, readRecentSearches, writeRecentSearches } from './recentSearches.ts';
import { SuggestionDropdown } from './SuggestionDropdown.tsx';
import {
  type BarItem,
  filtersOf,
  finishDraft,
  initialBarState,
  searchBarReducer,
  submission,
  suggestionRequest,
} from './searchBarState.ts';
import { NETWORK_FETCHERS, type SuggestionFetchers } from './suggestionSource.ts';
import { DraftSegments, TermChip, TokenChip, UnionChip } from './TokenChip.tsx';
import { TEXTS } from './texts.ts';
import { useValueSuggestions } from './useValueSuggestions.ts';

export interface FilteredSearchBarProps {
  /** The group's full path: suggestions come from it and recent searches are kept per group. */
  readonly fullPath: string;
  /** Ranks the group's members first among Author suggestions. */
  readonly groupId: string | number | null;
  /** Preloaded as the first Author suggestion; null (signed out) also hides My-Reaction. */
  readonly currentUser: { readonly username: string; readonly name: string } | null;
  /** Offers the Epic token. */
  readonly epicsSupported: boolean;
  /** The applied filters (from the URL); the bar shows them and follows their changes. */
  readonly value: RoadmapFilters;
  /** Enter, the search button, a recent search or the clear button. */
  readonly onSubmit: (filters: RoadmapFilters) => void;
  /** The epic state the Epic token searches (default 'all'). */
  readonly epicsState?: EpicSuggestionState;
  /** Where suggestions come from (the network by default). */
  readonly fetchers?: SuggestionFetchers;
  /** Where recent searches are kept (local storage by default; null keeps none). */
  readonly storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
}

export function FilteredSearchBar({
  fullPath,
  groupId,
  currentUser,
  epicsSupported,
  value,
  onSubmit,
  epicsState = 'all',
  fetchers = NETWORK_FETCHERS,
  storage: storageProp,
}: FilteredSearchBarProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [storage] = useState(() => (storageProp === undefined ? browserStorage() : storageProp));
  const [state, dispatch] = useReducer(searchBarReducer, null, () =>
    initialBarState(value, readRecentSearches(storage, fullPath)),
  );
  const available = useMemo(
    () => availableTokenTypes({ signedIn: currentUser !== null, epicsSupported }),
    [currentUser, epicsSupported],
  );

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
  const optionId = (index: number) => `${id}-option-${index}`;
  const listboxId = `${id}-listbox`;

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
      if (active) choose(active);
      else {
        const filters = submission(state);
        if (filters) submit(filters);
      }
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      dispatch({ type: 'close' });
    } else if (event.key === 'Backspace' && state.input === '') {
      event.preventDefault();
      dispatch({ type: 'backspace' });
    }
  };

  const at = state.insertAt ?? state.items.length;
  const renderItem = (item: BarItem) => {
    const edit = () => {
      dispatch({ type: 'edit', id: item.id });
      focusInput();
    };
    const remove = () => {
      dispatch({ type: 'remove', id: item.id });
      focusInput();
    };
    return item.kind === 'token' ? (
      <TokenChip key={item.id} token={item.token} onEdit={edit} onRemove={remove} />
    ) : (
      <TermChip key={item.id} text={item.text} onEdit={edit} onRemove={remove} />
    );
  };
  const hasContent = state.items.length > 0 || state.input !== '' || state.draft !== null;
  const unions = [
    ...state.or.labelName.map((label) => ({ key: 'labelName' as const, title: 'Label', label })),
    ...state.or.authorUsername.map((label) => ({ key: 'authorUsername' as const, title: 'Author', label })),
  ];

  return (
    <search aria-label={TEXTS.landmark} className="filtered-search" data-testid="filtered-search">
      <div className="fs-box">
        <Icon name="search" className="fs-icon" />
        {/* biome-ignore lint/a11y/noStaticElementInteractions: a mouse shortcut; the input is reachable by Tab. */}
        <div
          className="fs-tokens"
          onMouseDown={(event) => {
            if ((event.target as HTMLElement).closest('button, input, a')) return;
            event.preventDefault();
            focusInput();
          }}
        >
          <span className="fs-items">{state.items.slice(0, at).map(renderItem)}</span>
          <span className="fs-items">
            {state.draft ? (
              <DraftSegments
                id={`${id}-draft`}
                draft={state.draft}
                onChangeOperator={() => {
                  dispatch({ type: 'change-operator' });
                  focusInput();
                }}
              />
            ) : null}
          </span>
          <label htmlFor={`${id}-input`} className="sr-only">
            {TEXTS.inputLabel}
          </label>
          <input
            ref={inputRef}
            id={`${id}-input`}
            type="text"
            role="combobox"
            className={`fs-input${state.draft ? ' is-draft' : ''}`}
            placeholder={TEXTS.placeholder}
            value={state.input}
            autoComplete="off"
            spellCheck={false}
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listboxId}
            aria-activedescendant={active ? optionId(state.active) : undefined}
            aria-describedby={state.draft ? `${id}-draft` : undefined}
            data-shortcut-target={SEARCH_TARGET}
            data-testid="filtered-search-input"
            onChange={(event) => dispatch({ type: 'input', text: event.target.value, available })}
            onFocus={() => dispatch({ type: 'focus' })}
            onBlur={() => dispatch({ type: 'blur' })}
            onClick={() => dispatch({ type: 'focus' })}
            onKeyDown={onKeyDown}
          />
          <span className="fs-items">
            {state.items.slice(at).map(renderItem)}
            {unions.map(({ key, title, label }) => (
              <UnionChip
                key={`${key}:${label}`}
                title={title}
                value={
                  key === 'labelName'
                    ? tokenValueText({ type: 'label', operator: '=', value: label })
                    : `@${label}`
                }
                onRemove={() => {
                  dispatch({ type: 'remove-or', key, value: label });
                  focusInput();
                }}
              />
            ))}
          </span>
        </div>
        {hasContent || unions.length > 0 ? (
          <button
            type="button"
            className="fs-clear"
            aria-label={TEXTS.clear}
            title={TEXTS.clear}
            data-testid="filtered-search-clear"
            onClick={() => {
              submit(EMPTY_ROADMAP_FILTERS);
              focusInput();
            }}
          >
            <Icon name="close" />
          </button>
        ) : null}
        <SuggestionDropdown
          listboxId={listboxId}
          optionId={optionId}
          groups={groups}
          active={expanded ? state.active : -1}
          status={status}
          expanded={expanded}
          onChoose={choose}
          onActivate={(index) => dispatch({ type: 'activate', index })}
        />
      </div>
      <button
        type="button"
        className="btn btn-default btn-icon fs-submit"
        aria-label={TEXTS.search}
        data-testid="filtered-search-submit"
        onClick={() => submit(filtersOf(finishDraft(state)))}
      >
        <Icon name="search" />
      </button>
      <div className="sr-only" role="status" aria-live="polite" aria-atomic="true">
        {liveMessage(expanded, options.length, status)}
      </div>
    </search>
  );
}
