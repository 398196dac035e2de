/**
 * A dropdown field with a search box over a grouped listbox: the create forms' group and project
 * dropdowns. The toggle shows the choice; opening focuses the search box, whose arrows move the
 * highlight (aria-activedescendant), Enter chooses, Escape closes (without cancelling the form) and
 * returns focus to the toggle. Fetching is the caller's: it hears `onOpenChange` and `onSearch`.
 */
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Icon, menuIndexAfter } from '../../../ui/index.ts';

export interface SelectSection<T> {
  readonly key: string;
  readonly label: string | null;
  readonly options: readonly T[];
}

export interface SearchableSelectProps<T> {
  /** The id of the field's visible label. */
  readonly labelId: string;
  readonly toggleText: string;
  readonly searchLabel: string;
  readonly search: string;
  readonly onSearch: (search: string) => void;
  readonly sections: readonly SelectSection<T>[];
  readonly optionKey: (option: T) => string;
  readonly renderOption: (option: T) => ReactNode;
  readonly selectedKey: string | null;
  /** A line under the options ('Loading', 'No matches found'); null for none. */
  readonly status: string | null;
  readonly onOpenChange: (open: boolean) => void;
  readonly onSelect: (option: T) => void;
  readonly disabled?: boolean;
  readonly testId?: string;
}

export function SearchableSelect<T>(props: SearchableSelectProps<T>) {
  const { labelId, toggleText, search, sections, optionKey, selectedKey, status, disabled = false } = props;
  const [open, setOpenState] = useState(false);
  const [active, setActive] = useState(-1);
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const listboxId = useId();
  const options = sections.flatMap((section) => section.options);
  const optionId = (index: number) => `${listboxId}-${index}`;
  const { onOpenChange } = props;

  const setOpen = (next: boolean) => {
    setOpenState(next);
    setActive(-1);
    onOpenChange(next);
  };

  useEffect(() => {
    if (open) searchRef.current?.focus();
  }, [open]);

  const choose = (option: T) => {
    props.onSelect(option);
    setOpen(false);
    toggleRef.current?.focus();
  };

  const onSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const next = menuIndexAfter(
      active,
      event.key === 'Home' || event.key === 'End' ? '' : event.key,
      options.length,
    );
    if (next !== null) {
      event.preventDefault();
      setActive(next);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = options[Math.max(active, 0)];
      if (option !== undefined) choose(option);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      toggleRef.current?.focus();
    }
  };

  let index = 0;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the wrapper only notices focus leaving the field to close its panel.
    <div
      ref={rootRef}
      className="tf-select"
      data-testid={props.testId}
      onBlur={(event) => {
        if (open && !rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={toggleRef}
        type="button"
        className="btn btn-default tf-select-toggle"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-labelledby={`${labelId} ${listboxId}-toggle`}
        disabled={disabled}
        onClick={() => setOpen(!open)}
      >
        <span id={`${listboxId}-toggle`} className="tf-select-text">
          {toggleText}
        </span>
        <Icon name="chevronDown" size={12} />
      </button>
      {open ? (
        // biome-ignore lint/a11y/noStaticElementInteractions: keeps focus in the search box while the mouse picks.
        <div
          className="tf-select-panel"
          onMouseDown={(event) => event.target !== searchRef.current && event.preventDefault()}
        >
          <input
            ref={searchRef}
            type="search"
            className="input tf-select-search"
            role="combobox"
            aria-label={props.searchLabel}
            aria-expanded="true"
            aria-controls={listboxId}
            aria-autocomplete="list"
            aria-activedescendant={active >= 0 ? optionId(active) : undefined}
            placeholder={props.searchLabel}
            autoComplete="off"
            value={search}
            onChange={(event) => {
              setActive(-1);
              props.onSearch(event.currentTarget.value);
            }}
            onKeyDown={onSearchKeyDown}
          />
          <div role="listbox" id={listboxId} aria-labelledby={labelId} className="tf-select-list">
            {sections.map((section) => (
              // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role="group"; no native element fits.
              <div
                key={section.key}
                role="group"
                aria-label={section.label ?? undefined}
                className="tf-select-group"
              >
                {section.label ? (
                  <div className="tf-select-group-label" aria-hidden="true">
                    {section.label}
                  </div>
                ) : null}
                {section.options.map((option) => {
                  const at = index++;
                  const key = optionKey(option);
                  return (
                    <div
                      key={`${section.key}:${key}`}
                      id={optionId(at)}
                      role="option"
                      tabIndex={-1}
                      aria-selected={key === selectedKey}
                      className={`tf-select-option${at === active ? ' is-active' : ''}`}
                      onMouseMove={() => (at === active ? undefined : setActive(at))}
                      onClick={() => choose(option)}
                      onKeyDown={(event) => (event.key === 'Enter' ? choose(option) : undefined)}
                    >
                      {key === selectedKey ? (
                        <Icon name="check" size={14} />
                      ) : (
                        <span className="tf-select-check" />
                      )}
                      {props.renderOption(option)}
                    </div>
                  );
                })}
              </div>
            ))}
          </div>
          {status ? (
            <p className="tf-select-status" role="status">
              {status}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
