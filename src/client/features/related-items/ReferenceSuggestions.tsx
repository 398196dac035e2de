/**
 * The autocomplete listbox under a reference input: the combobox input keeps focus and names the
 * highlighted option through aria-activedescendant; the mouse picks without taking focus away.
 */
import type { ReferenceSuggestion } from '../../data/index.ts';
import { Icon } from '../../ui/index.ts';
import { RELATED_TEXT } from './relatedItemsTexts.ts';

export const suggestionOptionId = (listboxId: string, index: number): string =>
  `${listboxId}-option-${index}`;

export function ReferenceSuggestions({
  listboxId,
  suggestions,
  active,
  status,
  onPick,
  onHighlight,
}: {
  listboxId: string;
  suggestions: readonly ReferenceSuggestion[];
  active: number;
  /** A line under the options (searching, nothing found, failure); null for none. */
  status: string | null;
  onPick: (suggestion: ReferenceSuggestion) => void;
  onHighlight: (index: number) => void;
}) {
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: keeps focus in the combobox input while the mouse picks.
    <div
      className="ri-dropdown"
      data-testid="reference-suggestions"
      onMouseDown={(event) => event.preventDefault()}
    >
      <div role="listbox" id={listboxId} aria-label={RELATED_TEXT.suggestions} className="ri-listbox">
        {suggestions.map((suggestion, index) => (
          <div
            key={suggestion.reference}
            id={suggestionOptionId(listboxId, index)}
            role="option"
            tabIndex={-1}
            aria-selected={index === active}
            className={`ri-option${index === active ? ' is-active' : ''}`}
            onMouseMove={() => (index === active ? undefined : onHighlight(index))}
            onClick={() => onPick(suggestion)}
            onKeyDown={(event) => (event.key === 'Enter' ? onPick(suggestion) : undefined)}
          >
            {suggestion.confidential ? <Icon name="eyeSlash" size={14} className="ri-option-icon" /> : null}
            <span className="ri-option-reference">{suggestion.reference}</span>
            <span className="ri-option-title">{suggestion.title}</span>
          </div>
        ))}
      </div>
      {status ? (
        <p className="ri-status" role="status">
          {status}
        </p>
      ) : null}
    </div>
  );
}
