/**
 * README — filtered-search/: GitLab's filtered search bar for the roadmap (spec). Tokens (Author @,
 * Label ~, Milestone %, Confidential, Epic &, My-Reaction) are built type → operator → value in a
 * combobox with debounced suggestions; free text becomes search terms; Enter or the search button
 * calls `onSubmit(filters)`. The logic is a pure machine (`searchBarState.ts`, `searchBarReducer.ts`,
 * `barOptions.ts`) bound to React by `useSearchBar.ts`; URL and GraphQL mapping live in
 * `src/core/domain/searchTokens.ts`, fetches in `src/client/data/suggestions/suggestions.ts`.
 */
import {
  EMPTY_ROADMAP_FILTERS,
  type FilterTokenType,
  type RoadmapFilters,
  tokenValueText,
} from '../../../core/domain/searchTokens.ts';
import type { EpicSuggestionState } from '../../data/index.ts';
import { Icon } from '../../ui/index.ts';
import { SEARCH_TARGET } from '../filters/index.ts';
import { SuggestionDropdown } from './SuggestionDropdown.tsx';
import { type BarItem, operatorsOf } from './searchBarState.ts';
import { NETWORK_FETCHERS, type SuggestionFetchers } from './suggestionSource.ts';
import { DraftSegments, TermChip, TokenChip, UnionChip } from './TokenChip.tsx';
import { TEXTS } from './texts.ts';
import { useEpicTokenTitles } from './useEpicTokenTitles.ts';
import { useSearchBar } from './useSearchBar.ts';

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
  /**
   * The token types offered, in this order, instead of the roadmap's (which follow `currentUser` and
   * `epicsSupported`).
   */
  readonly tokenTypes?: readonly FilterTokenType[];
  /** Only the 'is' operator is offered (GitLab's bars whose API has no negated filters). */
  readonly isOnly?: boolean;
  /** The search landmark's name (default 'Filter epics'). */
  readonly label?: string;
}

export function FilteredSearchBar(props: FilteredSearchBarProps) {
  const bar = useSearchBar(props);
  const { state, dispatch, ids, focusInput } = bar;
  const at = state.insertAt ?? state.items.length;
  const epicTitles = useEpicTokenTitles(
    props.fullPath,
    state.items.flatMap((item) => (item.kind === 'token' ? [item.token] : [])),
    (props.fetchers ?? NETWORK_FETCHERS).epics,
  );
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
      <TokenChip
        key={item.id}
        token={item.token}
        valueTitle={item.token.type === 'epic' ? epicTitles.get(item.token.value) : undefined}
        onEdit={edit}
        onRemove={remove}
      />
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
    <search
      aria-label={props.label ?? TEXTS.landmark}
      className="filtered-search"
      data-testid="filtered-search"
    >
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
          <span className={`fs-entry${state.draft ? ' has-draft' : ''}`}>
            {state.draft ? (
              <DraftSegments
                id={ids.draft}
                draft={state.draft}
                canChangeOperator={operatorsOf(state, state.draft.type).length > 1}
                onChangeOperator={() => {
                  dispatch({ type: 'change-operator' });
                  focusInput();
                }}
              />
            ) : null}
            <label htmlFor={ids.input} className="sr-only">
              {TEXTS.inputLabel}
            </label>
            <input
              ref={bar.inputRef}
              id={ids.input}
              type="text"
              role="combobox"
              className={`fs-input${state.draft ? ' is-draft' : ''}`}
              placeholder={TEXTS.placeholder}
              value={state.input}
              autoComplete="off"
              spellCheck={false}
              aria-autocomplete="list"
              aria-expanded={bar.expanded}
              aria-controls={ids.listbox}
              aria-activedescendant={bar.activeId}
              aria-describedby={state.draft ? ids.draft : undefined}
              data-shortcut-target={SEARCH_TARGET}
              data-testid="filtered-search-input"
              onChange={(event) =>
                dispatch({ type: 'input', text: event.target.value, available: bar.available })
              }
              onFocus={() => dispatch({ type: 'focus' })}
              onBlur={() => dispatch({ type: 'blur' })}
              onClick={() => dispatch({ type: 'focus' })}
              onKeyDown={bar.onKeyDown}
            />
          </span>
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
              bar.submit(EMPTY_ROADMAP_FILTERS);
              focusInput();
            }}
          >
            <Icon name="close" />
          </button>
        ) : null}
        <SuggestionDropdown
          listboxId={ids.listbox}
          optionId={ids.option}
          groups={bar.groups}
          active={bar.expanded ? state.active : -1}
          status={bar.status}
          expanded={bar.expanded}
          onChoose={bar.choose}
          onActivate={(index) => dispatch({ type: 'activate', index })}
        />
      </div>
      <button
        type="button"
        className="btn btn-default btn-icon fs-submit"
        aria-label={TEXTS.search}
        data-testid="filtered-search-submit"
        onClick={bar.submitTyped}
      >
        <Icon name="search" />
      </button>
      <div className="sr-only" role="status" aria-live="polite" aria-atomic="true">
        {bar.liveText}
      </div>
    </search>
  );
}
