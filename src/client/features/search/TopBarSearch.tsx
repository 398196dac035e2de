import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '../../../core/domain/globalSearch.ts';
import { FREQUENT_LIST_COUNT } from '../../../core/domain/recentUsage.ts';
import { fetchSearchSuggestions } from '../../data/index.ts';
import { browserStorage, useDebouncedQuery } from '../../lib/index.ts';
import { Avatar, Icon } from '../../ui/index.ts';
import { readFrequentItems } from '../home/index.ts';
import {
  enterTarget,
  flattenOptions,
  frequentOptionGroups,
  moveActive,
  type OptionGroup,
  suggestionOptionGroups,
} from './searchBoxModel.ts';
import { SEARCH_TEXTS } from './searchTexts.ts';

/** The `data-shortcut-target` of the top bar's search box: `s` and `/` focus it. */
export const GLOBAL_SEARCH_TARGET = 'global-search';

/** A phone shows fewer frequent items (spec: list count 3 on mobile). */
const isNarrow = () => typeof window !== 'undefined' && window.matchMedia?.('(max-width: 600px)').matches;

function useFrequentGroups(username: string | null, open: boolean): OptionGroup[] {
  return useMemo(() => {
    if (!username || !open) return [];
    const storage = browserStorage('Frequently visited items');
    const count = isNarrow() ? FREQUENT_LIST_COUNT.mobile : FREQUENT_LIST_COUNT.desktop;
    return frequentOptionGroups(
      readFrequentItems(storage, username, 'groups'),
      readFrequentItems(storage, username, 'projects'),
      count,
    );
  }, [username, open]);
}

/**
 * The top bar's search (a WAI-ARIA combobox with a listbox popup): while empty, the signed-in user's
 * frequently visited groups and projects; as one types (debounced), a few groups, projects, epics,
 * issues and users they may see. Arrows move the active option, Enter opens it (or the results
 * page of the term), Escape closes the list, then leaves the box.
 */
export function TopBarSearch({ username, groupId }: { username: string | null; groupId: number | null }) {
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const trimmed = term.trim();
  const suggestions = useDebouncedQuery(
    open && trimmed !== '' ? `${groupId ?? ''}:${trimmed}` : null,
    (signal) => fetchSearchSuggestions(trimmed, groupId, signal),
    SEARCH_DEBOUNCE_MS,
  );
  const frequent = useFrequentGroups(username, open);
  const groups = trimmed === '' ? frequent : suggestionOptionGroups(suggestions.value ?? []);
  const options = flattenOptions(groups);
  const optionId = (index: number) => `${listId}-option-${index}`;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new term or new suggestions reset the active option.
  useEffect(() => setActive(-1), [trimmed, suggestions.value]);

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      setActive((current) => moveActive(current, event.key === 'ArrowDown' ? 1 : -1, options.length));
    } else if (event.key === 'Enter') {
      const target = enterTarget(options, active, term, groupId);
      if (target === null) return;
      event.preventDefault();
      window.location.assign(target);
    } else if (event.key === 'Escape') {
      // Not the search field's own Escape, which would clear the term.
      event.preventDefault();
      event.stopPropagation();
      if (open) setOpen(false);
      else inputRef.current?.blur();
    }
  };

  const status =
    trimmed === ''
      ? null
      : suggestions.loading
        ? SEARCH_TEXTS.loading
        : suggestions.failed
          ? SEARCH_TEXTS.failed
          : options.length === 0 && suggestions.value
            ? SEARCH_TEXTS.noMatches
            : null;
  let index = 0;
  return (
    <div className="top-search" data-testid="top-search">
      <Icon name="search" />
      <input
        ref={inputRef}
        type="search"
        className="top-search-input"
        role="combobox"
        aria-label={SEARCH_TEXTS.label}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        placeholder={SEARCH_TEXTS.placeholder}
        autoComplete="off"
        value={term}
        maxLength={255}
        data-shortcut-target={GLOBAL_SEARCH_TARGET}
        data-testid="top-search-input"
        onChange={(event) => {
          setTerm(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <span className="top-search-key" aria-hidden="true">
        /
      </span>
      {/* Pressing inside the popup keeps the focus in the box, so the list stays open for the click. */}
      <div
        className="top-search-popup"
        hidden={!open}
        data-testid="top-search-popup"
        onPointerDown={(event) => event.preventDefault()}
      >
        <div id={listId} role="listbox" aria-label={SEARCH_TEXTS.label}>
          {groups.map((group) => (
            // biome-ignore lint/a11y/useSemanticElements: ARIA's listbox groups its options with role=group.
            <div key={group.label} role="group" aria-label={group.label} className="top-search-group">
              <div className="top-search-group-label" aria-hidden="true">
                {group.label}
              </div>
              {group.options.map((option) => {
                const position = index++;
                return (
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's input takes the keys (aria-activedescendant).
                  <div
                    key={option.key}
                    id={optionId(position)}
                    role="option"
                    tabIndex={-1}
                    aria-selected={position === active}
                    className={position === active ? 'top-search-option is-active' : 'top-search-option'}
                    data-testid="top-search-option"
                    onPointerEnter={() => setActive(position)}
                    onClick={() => window.location.assign(option.path)}
                  >
                    <Avatar name={option.title} colorKey={option.colorKey} size={24} />
                    <span className="top-search-option-text">
                      <span className="top-search-option-title">{option.title}</span>
                      <span className="top-search-option-subtitle">{option.subtitle}</span>
                    </span>
                  </div>
                );
              })}
            </div>
          ))}
        </div>
        {trimmed === '' && groups.length === 0 ? (
          <p className="top-search-status">{SEARCH_TEXTS.noFrequent}</p>
        ) : null}
        {status ? (
          <p className="top-search-status" role="status">
            {status}
          </p>
        ) : null}
        {trimmed !== '' ? (
          <a
            className="top-search-all"
            href={enterTarget([], -1, term, groupId) ?? '#'}
            data-testid="top-search-all"
          >
            {SEARCH_TEXTS.searchFor(trimmed)}
          </a>
        ) : null}
      </div>
    </div>
  );
}
