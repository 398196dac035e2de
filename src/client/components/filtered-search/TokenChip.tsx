import type { KeyboardEvent } from 'react';
import {
  type FilterToken,
  OPERATOR_TEXT,
  tokenTypeSpec,
  tokenValueText,
} from '../../../core/domain/searchTokens.ts';
import { Icon } from '../../ui/index.ts';
import type { Draft } from './searchBarState.ts';
import { removeTokenText, TEXTS } from './texts.ts';

/** Delete or Backspace on a focused chip removes it, like its close button. */
const removeOnDelete = (onRemove: () => void) => (event: KeyboardEvent) => {
  if (event.key !== 'Delete' && event.key !== 'Backspace') return;
  event.preventDefault();
  onRemove();
};

function Operator({ operator }: { operator: FilterToken['operator'] }) {
  return (
    <span className="fs-seg fs-seg-operator">
      <span aria-hidden="true">{operator}</span>
      <span className="sr-only">{OPERATOR_TEXT[operator]}</span>
    </span>
  );
}

/** An applied token: type, operator and value segments; a click edits it, the cross removes it. */
export function TokenChip({
  token,
  valueTitle,
  onEdit,
  onRemove,
}: {
  token: FilterToken;
  /** What the value stands for, shown in its place (an epic's title for `&5`). */
  valueTitle?: string | undefined;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const title = tokenTypeSpec(token.type).title;
  const reference = tokenValueText(token);
  const value = valueTitle ? `${valueTitle} (${reference})` : reference;
  return (
    <span className="fs-token" data-testid="filtered-search-token" data-type={token.type}>
      <button type="button" className="fs-token-body" onClick={onEdit} onKeyDown={removeOnDelete(onRemove)}>
        <span className="fs-seg fs-seg-type">{title}</span> <Operator operator={token.operator} />{' '}
        <span className="fs-seg fs-seg-value" title={valueTitle ? reference : undefined}>
          {valueTitle ?? reference}
        </span>
      </button>
      <button
        type="button"
        className="fs-token-close"
        aria-label={removeTokenText(title, `${OPERATOR_TEXT[token.operator]} ${value}`)}
        onClick={onRemove}
      >
        <Icon name="close" size={12} />
      </button>
    </span>
  );
}

/** GitLab's `or[...]` filter read from the URL: shown so it can be removed, not edited. */
export function UnionChip({
  title,
  value,
  onRemove,
}: {
  title: string;
  value: string;
  onRemove: () => void;
}) {
  return (
    <span className="fs-token" data-testid="filtered-search-token" data-type="or">
      <span className="fs-token-body">
        <span className="fs-seg fs-seg-type">{title}</span>{' '}
        <span className="fs-seg fs-seg-operator">{TEXTS.isOneOf}</span>{' '}
        <span className="fs-seg fs-seg-value">{value}</span>
      </span>
      <button
        type="button"
        className="fs-token-close"
        aria-label={removeTokenText(title, `${TEXTS.isOneOf} ${value}`)}
        onClick={onRemove}
      >
        <Icon name="close" size={12} />
      </button>
    </span>
  );
}

/** A free-text search term; a click puts it back into the input. */
export function TermChip({
  text,
  onEdit,
  onRemove,
}: {
  text: string;
  onEdit: () => void;
  onRemove: () => void;
}) {
  return (
    <button
      type="button"
      className="fs-term"
      data-testid="filtered-search-term"
      onClick={onEdit}
      onKeyDown={removeOnDelete(onRemove)}
    >
      {text}
    </button>
  );
}

/** The type and operator of the token being typed; its value is the input right after it. */
export function DraftSegments({
  id,
  draft,
  canChangeOperator,
  onChangeOperator,
}: {
  id: string;
  draft: Draft;
  /** The token's type may take another operator in this bar. */
  canChangeOperator: boolean;
  onChangeOperator: () => void;
}) {
  const spec = tokenTypeSpec(draft.type);
  const { operator } = draft;
  return (
    <span className="fs-token fs-token-draft" id={id} data-testid="filtered-search-draft">
      <span className="fs-seg fs-seg-type">{spec.title}</span>{' '}
      {operator && canChangeOperator ? (
        <button
          type="button"
          className="fs-seg fs-seg-operator fs-seg-button"
          title={TEXTS.changeOperator}
          onMouseDown={(event) => event.preventDefault()}
          onClick={onChangeOperator}
        >
          <Operator operator={operator} />
        </button>
      ) : operator ? (
        <Operator operator={operator} />
      ) : null}
    </span>
  );
}
