/**
 * RelatedIssuableInput — the reference input of GitLab's related-items form (spec): chips
 * for the pending references and a combobox input. Typing a space, pasting or Enter turns words
 * into chips (split on whitespace, empties dropped, duplicates ignored); `&` and `#` ask the
 * autocomplete source (GET `/groups/:path/-/autocomplete_sources/epics|issues?search=`, with
 * `confidential_only=true` in confidential mode) 500 ms after the last keystroke. Backspace in the
 * empty input removes the last chip; Escape closes the suggestions, then cancels the form.
 * The state lives in the form (`referenceFormReducer`); this component only renders and dispatches.
 */
import {
  type ClipboardEvent,
  type Dispatch,
  type KeyboardEvent,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { fetchReferenceSuggestions, type ReferenceSuggestion } from '../../data/index.ts';
import { useDebouncedQuery } from '../../lib/index.ts';
import { ReferenceChip } from './ReferenceChip.tsx';
import { ReferenceSuggestions, suggestionOptionId } from './ReferenceSuggestions.tsx';
import {
  type AutocompleteSources,
  moveHighlight,
  type ReferenceFormAction,
  type ReferenceFormState,
  suggestionQuery,
} from './referenceInput.ts';
import { RELATED_TEXT } from './relatedItemsTexts.ts';

export interface RelatedIssuableInputProps {
  readonly inputId: string;
  readonly state: ReferenceFormState;
  readonly dispatch: Dispatch<ReferenceFormAction>;
  readonly placeholder: string;
  readonly sources: AutocompleteSources;
  /** Confidential mode: suggest only confidential items. */
  readonly confidentialOnly: boolean;
  readonly onCancel: () => void;
  /** Ids of texts that describe the input (the error under the form, a hint). */
  readonly describedBy?: string;
  /** Focus the input when it appears (the form was just opened). */
  readonly autoFocus?: boolean;
}

export function RelatedIssuableInput({
  inputId,
  state,
  dispatch,
  placeholder,
  sources,
  confidentialOnly,
  onCancel,
  describedBy,
  autoFocus = false,
}: RelatedIssuableInputProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const listboxId = useId();
  const query = suggestionQuery(state.input, sources);
  const key = query ? `${query.source}\n${query.search}\n${confidentialOnly}` : null;
  const found = useDebouncedQuery(key, (signal) =>
    query
      ? fetchReferenceSuggestions(query.source, query.search, confidentialOnly, signal)
      : Promise.resolve([]),
  );
  const [highlight, setHighlight] = useState<{ key: string | null; index: number }>({ key: null, index: -1 });
  const [closedFor, setClosedFor] = useState<string | null>(null);

  const pendingSet = new Set(state.pending);
  const suggestions = (found.value ?? []).filter((suggestion) => !pendingSet.has(suggestion.reference));
  const open = key !== null && closedFor !== key;
  const active = open && highlight.key === key ? highlight.index : -1;
  const status = found.loading
    ? RELATED_TEXT.searching
    : found.failed
      ? RELATED_TEXT.suggestionsFailed
      : found.value !== null && suggestions.length === 0
        ? RELATED_TEXT.noSuggestions
        : null;

  // Keep the caret where it was inside the word left in the input after a split.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new value moves the caret to its end, so the caret is restored after each change of the value too.
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (input && document.activeElement === input) input.setSelectionRange(state.caret, state.caret);
  }, [state.input, state.caret]);

  const pick = (suggestion: ReferenceSuggestion) => {
    dispatch({
      type: 'picked',
      reference: suggestion.reference,
      detail: { title: suggestion.title, state: suggestion.state, confidential: suggestion.confidential },
    });
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && open && suggestions.length > 0) {
      event.preventDefault();
      setHighlight({
        key,
        index: moveHighlight(active, event.key === 'ArrowDown' ? 1 : -1, suggestions.length),
      });
    } else if (event.key === 'Enter') {
      const chosen = active >= 0 ? suggestions[active] : undefined;
      if (chosen) {
        event.preventDefault();
        pick(chosen);
      } else if (state.input.trim() !== '') {
        event.preventDefault();
        dispatch({ type: 'committed' });
      }
      // With nothing typed, Enter submits the form.
    } else if (event.key === 'Backspace' && input.value === '') {
      dispatch({ type: 'removed-last' });
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      if (open && (suggestions.length > 0 || status)) setClosedFor(key);
      else onCancel();
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text');
    if (!/\s/.test(text)) return;
    // A single-line input would swallow the newlines between pasted URLs: split them ourselves.
    event.preventDefault();
    const input = event.currentTarget;
    const start = input.selectionStart ?? input.value.length;
    const end = input.selectionEnd ?? start;
    const value = `${input.value.slice(0, start)}${text}${input.value.slice(end)}`;
    dispatch({ type: 'typed', value, caret: start + text.length });
  };

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: a click on the box's padding focuses its input; keyboard users are in the input already.
    <div
      className="ri-input"
      onClick={(event) => (event.target === event.currentTarget ? inputRef.current?.focus() : undefined)}
    >
      {state.pending.length > 0 ? (
        <ul className="ri-chips" aria-label={RELATED_TEXT.pendingReferences}>
          {state.pending.map((reference, index) => (
            <ReferenceChip
              key={reference}
              reference={reference}
              detail={state.details[reference]}
              disabled={state.submitting}
              onRemove={() => {
                dispatch({ type: 'removed', index });
                inputRef.current?.focus();
              }}
            />
          ))}
        </ul>
      ) : null}
      <input
        ref={inputRef}
        id={inputId}
        type="text"
        className="ri-input-field"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listboxId}
        aria-activedescendant={active >= 0 ? suggestionOptionId(listboxId, active) : undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        // biome-ignore lint/a11y/noAutofocus: the person just opened this form; the input is its first field.
        autoFocus={autoFocus}
        placeholder={placeholder}
        value={state.input}
        disabled={state.submitting}
        data-testid="related-issuable-input"
        onChange={(event) =>
          dispatch({
            type: 'typed',
            value: event.currentTarget.value,
            caret: event.currentTarget.selectionStart ?? event.currentTarget.value.length,
          })
        }
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        onBlur={() => dispatch({ type: 'committed' })}
      />
      {open ? (
        <ReferenceSuggestions
          listboxId={listboxId}
          suggestions={suggestions}
          active={active}
          status={status}
          onPick={pick}
          onHighlight={(index) => setHighlight({ key, index })}
        />
      ) : null}
    </div>
  );
}
