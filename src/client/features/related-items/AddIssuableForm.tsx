/**
 * AddIssuableForm — GitLab's related-items form (spec): the link-type radios (relates to,
 * blocks, is blocked by; relates_to by default) when `showLinkTypes`, the reference input with its
 * chips and autocomplete, Add and Cancel, and the error under the form. It calls no endpoint
 * itself: `onSubmit` posts (e.g. `addRelatedItems` or `addTreeItems` in data/tree/treeLinksRest.ts) and
 * answers the text to show, or null once the references were added. Add is disabled while the
 * input and the pending list are both empty, or while submitting.
 */
import { type FormEvent, useId, useReducer, useState } from 'react';
import { LINK_TYPES, type LinkType } from '../../data/index.ts';
import { Button } from '../../ui/index.ts';
import { RelatedIssuableInput } from './RelatedIssuableInput.tsx';
import {
  type AutocompleteSources,
  canSubmitReferences,
  EMPTY_REFERENCE_FORM,
  referenceFormReducer,
  referencesToSubmit,
} from './referenceInput.ts';
import {
  DEFAULT_LINK_TYPE,
  RELATED_TEXT,
  type RelatedIssuableType,
  referencePlaceholder,
} from './relatedItemsTexts.ts';

export interface AddIssuableFormProps {
  /** What the references name: sets the placeholder. */
  readonly issuableType: RelatedIssuableType;
  /** Confidential mode: confidential placeholder and only confidential suggestions. */
  readonly confidential?: boolean;
  /** The link-type radios of related items; the tree's add-existing form has none. */
  readonly showLinkTypes?: boolean;
  /** The type of the item the references are linked to (the radios' legend). */
  readonly currentType?: RelatedIssuableType;
  readonly sources: AutocompleteSources;
  /** A line under the input (the confidential parent's hint); null for none. */
  readonly hint?: string | null;
  readonly onSubmit: (references: string[], linkType: LinkType) => Promise<string | null>;
  readonly onCancel: () => void;
}

export function AddIssuableForm({
  issuableType,
  confidential = false,
  showLinkTypes = false,
  currentType = issuableType,
  sources,
  hint = null,
  onSubmit,
  onCancel,
}: AddIssuableFormProps) {
  const [state, dispatch] = useReducer(referenceFormReducer, EMPTY_REFERENCE_FORM);
  const [linkType, setLinkType] = useState<LinkType>(DEFAULT_LINK_TYPE);
  const inputId = useId();
  const errorId = useId();
  const hintId = useId();
  const placeholder = referencePlaceholder(issuableType, confidential);
  const describedBy = [state.error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmitReferences(state)) return;
    const references = referencesToSubmit(state);
    dispatch({ type: 'committed' });
    if (references.length === 0) return;
    dispatch({ type: 'submitting' });
    const error = await onSubmit(references, linkType);
    dispatch(error === null ? { type: 'reset' } : { type: 'failed', error });
  };

  return (
    <form className="ri-form" data-testid="add-issuable-form" onSubmit={(event) => void submit(event)}>
      {showLinkTypes ? (
        <>
          <fieldset className="ri-link-types">
            <legend className="ri-legend">{RELATED_TEXT.linkTypeLegend(currentType)}</legend>
            {LINK_TYPES.map((type) => (
              <label key={type} className="ri-link-type">
                <input
                  type="radio"
                  name={`${inputId}-link-type`}
                  value={type}
                  checked={linkType === type}
                  disabled={state.submitting}
                  onChange={() => setLinkType(type)}
                />
                {RELATED_TEXT.linkTypeLabel[type]}
              </label>
            ))}
          </fieldset>
          <p className="ri-legend">{RELATED_TEXT.followingItems(issuableType)}</p>
        </>
      ) : null}
      <label htmlFor={inputId} className="sr-only">
        {placeholder}
      </label>
      <RelatedIssuableInput
        inputId={inputId}
        state={state}
        dispatch={dispatch}
        placeholder={placeholder}
        sources={sources}
        confidentialOnly={confidential}
        onCancel={onCancel}
        autoFocus
        {...(describedBy ? { describedBy } : {})}
      />
      {hint ? (
        <p id={hintId} className="ri-hint">
          {hint}
        </p>
      ) : null}
      {state.error ? (
        <p id={errorId} className="ri-error" role="alert" data-testid="add-issuable-error">
          {state.error}
        </p>
      ) : null}
      <div className="ri-actions">
        <Button
          type="submit"
          variant="confirm"
          disabled={!canSubmitReferences(state)}
          aria-busy={state.submitting}
          data-testid="add-issuable-submit"
        >
          {RELATED_TEXT.add}
        </Button>
        <Button onClick={onCancel} data-testid="add-issuable-cancel">
          {RELATED_TEXT.cancel}
        </Button>
      </div>
    </form>
  );
}
