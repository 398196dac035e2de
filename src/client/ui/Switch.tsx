import type { ButtonHTMLAttributes, ReactNode } from 'react';

export interface SwitchProps
  extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onChange' | 'role' | 'type' | 'children'> {
  readonly checked: boolean;
  /** Called with the new value; not called while `aria-disabled` is set. */
  readonly onCheckedChange: (checked: boolean) => void;
  /** Visible text beside the switch; without it the caller names it (`aria-label(ledby)`). */
  readonly label?: ReactNode;
}

/**
 * An on/off switch (WAI-ARIA `switch`). It is disabled with `aria-disabled`, not `disabled`, so
 * keyboard and screen-reader users still reach it and hear why (its description).
 */
export function Switch({ checked, onCheckedChange, label, className, ...rest }: SwitchProps) {
  const disabled = rest['aria-disabled'] === true || rest['aria-disabled'] === 'true';
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      className={['switch', className ?? ''].filter(Boolean).join(' ')}
      {...rest}
      onClick={() => {
        if (!disabled) onCheckedChange(!checked);
      }}
    >
      <span className="switch-track" aria-hidden="true">
        <span className="switch-thumb" />
      </span>
      {label}
    </button>
  );
}
