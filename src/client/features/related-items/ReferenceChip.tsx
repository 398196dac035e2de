/**
 * One pending reference of a related-items form (spec): the item's state (Open or Closed) and
 * title when known, its reference, and a remove button named 'Remove' plus the reference.
 */
import { Icon } from '../../ui/index.ts';
import type { ReferenceDetail } from './referenceInput.ts';
import { RELATED_TEXT } from './relatedItemsTexts.ts';

export function StateIcon({ state }: { state: 'opened' | 'closed' }) {
  const closed = state === 'closed';
  return (
    <span className={`ri-state ri-state-${closed ? 'closed' : 'opened'}`}>
      <Icon name={closed ? 'stateClosed' : 'stateOpen'} size={14} />
      <span className="sr-only">{closed ? RELATED_TEXT.closed : RELATED_TEXT.open}</span>
    </span>
  );
}

export function ReferenceChip({
  reference,
  detail,
  disabled,
  onRemove,
}: {
  reference: string;
  detail: ReferenceDetail | undefined;
  disabled: boolean;
  onRemove: () => void;
}) {
  return (
    <li className="ri-chip" data-testid="reference-chip">
      {detail?.state ? <StateIcon state={detail.state} /> : null}
      {detail?.confidential ? (
        <span className="ri-confidential">
          <Icon name="eyeSlash" size={14} />
          <span className="sr-only">{RELATED_TEXT.confidential}</span>
        </span>
      ) : null}
      <span className="ri-chip-reference">{reference}</span>
      {detail?.title ? <span className="ri-chip-title">{detail.title}</span> : null}
      <button
        type="button"
        className="ri-chip-remove"
        aria-label={RELATED_TEXT.removeReference(reference)}
        disabled={disabled}
        onClick={onRemove}
      >
        <Icon name="close" size={12} />
      </button>
    </li>
  );
}
