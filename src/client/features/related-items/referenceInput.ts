/**
 * The state of a reference input and its form (spec, "Forms", "Add existing"): the
 * pending references shown as chips, the word being typed, what autocomplete told us about picked
 * references, the error under the form and whether a submit runs. Pure: the components dispatch.
 */
import { addPendingReferences, splitReferences } from '../../../core/domain/referenceParsing.ts';

/** What a chip can show beyond its reference (known once picked from the suggestions). */
export interface ReferenceDetail {
  readonly title: string;
  readonly state: 'opened' | 'closed' | null;
  readonly confidential: boolean;
}

export interface ReferenceFormState {
  readonly pending: readonly string[];
  /** The text in the input: at most the word under the caret once typing has been split. */
  readonly input: string;
  /** Where the caret belongs in `input` after a split (characters from its start). */
  readonly caret: number;
  readonly details: Readonly<Record<string, ReferenceDetail>>;
  /** The text shown under the form; null when there is none. */
  readonly error: string | null;
  readonly submitting: boolean;
}

export type ReferenceFormAction =
  /** The input's value changed (typing, pasting); `caret` is the caret's offset in `value`. */
  | { readonly type: 'typed'; readonly value: string; readonly caret: number }
  /** Enter or leaving the input: everything typed becomes chips. */
  | { readonly type: 'committed' }
  /** A suggestion was chosen: it replaces the word being typed. */
  | { readonly type: 'picked'; readonly reference: string; readonly detail: ReferenceDetail }
  | { readonly type: 'removed'; readonly index: number }
  /** Backspace in an empty input. */
  | { readonly type: 'removed-last' }
  | { readonly type: 'submitting' }
  | { readonly type: 'failed'; readonly error: string }
  | { readonly type: 'reset' };

export const EMPTY_REFERENCE_FORM: ReferenceFormState = {
  pending: [],
  input: '',
  caret: 0,
  details: {},
  error: null,
  submitting: false,
};

/**
 * GitLab's split of the input at the caret: every whitespace-separated word the caret is not in
 * becomes a pending reference; the word the caret is in (possibly empty) stays in the input.
 */
export function splitAtCaret(
  value: string,
  caret: number,
): { readonly untouched: string[]; readonly touched: string; readonly touchedStart: number } {
  const untouched: string[] = [];
  let touched = '';
  let touchedStart = -1;
  let position = 0;
  for (const word of value.split(/\s/)) {
    if (touchedStart < 0 && caret >= position && caret <= position + word.length) {
      touched = word;
      touchedStart = position;
    } else if (word.trim() !== '') {
      untouched.push(word);
    }
    position += word.length + 1;
  }
  return { untouched, touched, touchedStart: Math.max(touchedStart, 0) };
}

function withoutIndex(state: ReferenceFormState, index: number): ReferenceFormState {
  if (index < 0 || index >= state.pending.length) return state;
  const pending = state.pending.filter((_, at) => at !== index);
  // Removing the last chip clears the error flag (spec: "removing the last one clears the error flag").
  return { ...state, pending, error: pending.length === 0 ? null : state.error };
}

export function referenceFormReducer(
  state: ReferenceFormState,
  action: ReferenceFormAction,
): ReferenceFormState {
  switch (action.type) {
    case 'typed': {
      const { untouched, touched, touchedStart } = splitAtCaret(action.value, action.caret);
      return {
        ...state,
        pending: addPendingReferences(state.pending, untouched),
        input: touched,
        caret: Math.min(Math.max(action.caret - touchedStart, 0), touched.length),
      };
    }
    case 'committed':
      return {
        ...state,
        pending: addPendingReferences(state.pending, splitReferences(state.input)),
        input: '',
        caret: 0,
      };
    case 'picked':
      return {
        ...state,
        pending: addPendingReferences(state.pending, [action.reference]),
        details: { ...state.details, [action.reference]: action.detail },
        input: '',
        caret: 0,
      };
    case 'removed':
      return withoutIndex(state, action.index);
    case 'removed-last':
      return state.input === '' ? withoutIndex(state, state.pending.length - 1) : state;
    case 'submitting':
      return { ...state, submitting: true, error: null };
    case 'failed':
      return { ...state, submitting: false, error: action.error };
    case 'reset':
      return EMPTY_REFERENCE_FORM;
  }
}

/**
 * The Add button is disabled while the input and the pending list are both empty, or while a
 * submit runs (spec, "Forms").
 */
export function canSubmitReferences(state: ReferenceFormState): boolean {
  return !state.submitting && (state.input.trim() !== '' || state.pending.length > 0);
}

/** What a submit sends: the pending references followed by what is still typed, deduplicated. */
export function referencesToSubmit(state: ReferenceFormState): string[] {
  return addPendingReferences(state.pending, splitReferences(state.input));
}

/** The autocomplete sources a form offers: GitLab's `autoCompleteSources` (URLs). */
export interface AutocompleteSources {
  readonly epics?: string;
  readonly issues?: string;
}

/**
 * The suggestion request the word being typed makes: `&text` searches epics, `#text` issues,
 * each only when the form has that source; null for anything else.
 */
export function suggestionQuery(
  word: string,
  sources: AutocompleteSources,
): { readonly source: string; readonly search: string } | null {
  const trigger = word.charAt(0);
  const source = trigger === '&' ? sources.epics : trigger === '#' ? sources.issues : undefined;
  return source ? { source, search: word.slice(1) } : null;
}

/** Arrow keys over `count` options: -1 is "none highlighted"; both ends wrap through it. */
export function moveHighlight(active: number, delta: 1 | -1, count: number): number {
  if (count === 0) return -1;
  if (active < 0) return delta === 1 ? 0 : count - 1;
  const next = active + delta;
  return next < 0 || next >= count ? -1 : next;
}
