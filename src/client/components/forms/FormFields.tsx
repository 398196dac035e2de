/**
 * Labelled form fields stacked label-over-control, with help and a problem under each: what the
 * checkout, the Billing page's plan assignment and the contact-sales form share.
 */
import type { ReactElement } from 'react';

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
    <div className="form-stack-field">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      {children}
      {help ? <p className="muted form-stack-help">{help}</p> : null}
      {problem ? (
        <p className="form-error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled text input: `id` names it, and its test id is the same. */
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
  type = 'text',
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
  type?: 'text' | 'date';
}) {
  return (
    <Field id={id} label={label} problem={problem} help={help}>
      <input
        id={id}
        type={type}
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
