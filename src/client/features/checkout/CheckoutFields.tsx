import type { ReactElement, ReactNode } from 'react';
import { Button } from '../../ui/index.ts';
import { CHECKOUT_TEXTS } from './checkoutTexts.ts';

/** A labelled control with its help and its problem under it. */
export function Field({
  id,
  label,
  problem,
  help,
  children,
}: {
  id: string;
  label: string;
  problem?: string | undefined;
  help?: string | undefined;
  children: ReactElement;
}) {
  return (
    <div className="checkout-field">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      {children}
      {help ? <p className="muted checkout-help">{help}</p> : null}
      {problem ? (
        <p className="form-error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/** A text field of the checkout: `id` names it, and its test id is the same. */
export function TextField({
  id,
  label,
  value,
  onChange,
  problem,
  help,
  autoComplete,
  numeric = false,
  maxLength,
  className,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  problem?: string | undefined;
  help?: string | undefined;
  autoComplete?: string;
  numeric?: boolean;
  maxLength?: number;
  className?: string;
}) {
  return (
    <Field id={id} label={label} problem={problem} help={help}>
      <input
        id={id}
        className={className ? `input ${className}` : 'input'}
        autoComplete={autoComplete}
        inputMode={numeric ? 'numeric' : undefined}
        maxLength={maxLength}
        aria-invalid={problem ? true : undefined}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        data-testid={id}
      />
    </Field>
  );
}

export type StepState = 'open' | 'done' | 'next';

/** One numbered step: open while it is being filled in, a summary with 'Edit' once done. */
export function CheckoutStep({
  number,
  title,
  state,
  summary,
  onEdit,
  testId,
  children,
}: {
  number: number;
  title: string;
  state: StepState;
  summary: string;
  onEdit: () => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <li
      className={`checkout-step checkout-step-${state}`}
      data-testid={testId}
      aria-current={state === 'open' ? 'step' : undefined}
    >
      <div className="checkout-step-head">
        <h2 className="checkout-step-title">
          <span className="checkout-step-number" aria-hidden="true">
            {number}
          </span>
          {title}
        </h2>
        {state === 'done' ? (
          <Button
            variant="tertiary"
            onClick={onEdit}
            aria-label={`${CHECKOUT_TEXTS.edit} ${title.toLowerCase()}`}
          >
            {CHECKOUT_TEXTS.edit}
          </Button>
        ) : null}
      </div>
      {state === 'open' ? <div className="checkout-step-body">{children}</div> : null}
      {state === 'done' && summary ? <p className="checkout-step-summary">{summary}</p> : null}
    </li>
  );
}

/** A list to choose from, as `[label, value]`; `placeholder` offers choosing nothing yet. */
export function SelectField({
  id,
  label,
  value,
  onChange,
  options,
  placeholder,
  problem,
  autoComplete,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly (readonly [label: string, value: string])[];
  placeholder?: string;
  problem?: string | undefined;
  autoComplete?: string;
}) {
  return (
    <Field id={id} label={label} problem={problem}>
      <select
        id={id}
        className="input"
        autoComplete={autoComplete}
        aria-invalid={problem ? true : undefined}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        data-testid={id}
      >
        {placeholder === undefined ? null : <option value="">{placeholder}</option>}
        {options.map(([text, option]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </Field>
  );
}
