import { type KeyboardEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { INVITE_SEARCH_DELAY_MS } from '../../../core/domain/memberRules.ts';
import { startDebouncedFetch } from '../../lib/index.ts';

/** A search's state: the typed text, its matches, the one marked, and whether the list is open. */
export function useSearchCombobox<T>(
  search: (term: string, signal: AbortSignal) => Promise<T[]>,
  enabled: boolean,
  /** Searching waits for this many typed characters (the people search: suggestions follow typing). */
  minLength = 0,
) {
  const [term, setTerm] = useState('');
  const [options, setOptions] = useState<readonly T[]>([]);
  const [active, setActive] = useState(0);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!enabled || !open) return;
    if (term.trim().length < minLength) {
      setOptions([]);
      return;
    }
    return startDebouncedFetch(
      INVITE_SEARCH_DELAY_MS,
      (signal) => search(term.trim(), signal),
      (found) => {
        setOptions(found);
        setActive(0);
      },
      () => setOptions([]),
    );
  }, [term, open, enabled, search, minLength]);
  return { term, setTerm, options, active, setActive, open, setOpen };
}

export type SearchComboboxState = ReturnType<typeof useSearchCombobox<unknown>>;

/**
 * The invite modal's search box (WAI-ARIA combobox): the typed text, the choices as a listbox under
 * it, arrows to move, Enter or a click to pick, Escape to close the list. `onOtherKey` takes the
 * keys it leaves alone.
 */
export function SearchCombobox<C extends { readonly key: string }>({
  inputId,
  box,
  choices,
  onPick,
  render,
  placeholder,
  listLabel,
  onOtherKey,
}: {
  inputId: string;
  box: Pick<SearchComboboxState, 'term' | 'setTerm' | 'active' | 'setActive' | 'open' | 'setOpen'>;
  choices: readonly C[];
  onPick: (choice: C) => void;
  render: (choice: C) => ReactNode;
  placeholder: string;
  listLabel: string;
  onOtherKey?: (event: KeyboardEvent<HTMLInputElement>) => void;
}) {
  const listId = useId();
  const expanded = box.open && choices.length > 0;
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && choices.length) {
      event.preventDefault();
      box.setOpen(true);
      box.setActive((box.active + 1) % choices.length);
    } else if (event.key === 'ArrowUp' && choices.length) {
      event.preventDefault();
      box.setActive((box.active - 1 + choices.length) % choices.length);
    } else if (event.key === 'Enter' && choices[box.active]) {
      event.preventDefault();
      const choice = choices[box.active];
      if (choice) onPick(choice);
    } else if (event.key === 'Escape' && box.open) {
      event.stopPropagation();
      box.setOpen(false);
    } else {
      onOtherKey?.(event);
    }
  };
  return (
    <>
      <input
        id={inputId}
        className="input"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded ? `${listId}-${box.active}` : undefined}
        placeholder={placeholder}
        autoComplete="off"
        value={box.term}
        onChange={(event) => {
          box.setTerm(event.target.value);
          box.setOpen(true);
        }}
        onFocus={() => box.setOpen(true)}
        onBlur={() => box.setOpen(false)}
        onKeyDown={onKeyDown}
        data-testid="invite-search"
      />
      <div id={listId} role="listbox" className="combobox-list" hidden={!expanded} aria-label={listLabel}>
        {choices.map((choice, index) => (
          <div
            key={choice.key}
            id={`${listId}-${index}`}
            role="option"
            tabIndex={-1}
            aria-selected={index === box.active}
            className={index === box.active ? 'combobox-option combobox-option-active' : 'combobox-option'}
            onMouseDown={(event) => {
              // Keeps focus in the box: the list would close before the click lands.
              event.preventDefault();
              onPick(choice);
            }}
            data-testid="invite-option"
          >
            {render(choice)}
          </div>
        ))}
      </div>
    </>
  );
}
