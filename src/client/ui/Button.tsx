import type { ButtonHTMLAttributes, Ref } from 'react';
import { Icon, type IconName } from './Icon.tsx';

export type ButtonVariant = 'default' | 'confirm' | 'tertiary' | 'danger';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  readonly variant?: ButtonVariant;
  readonly icon?: IconName;
  /** A square button showing only its icon; `aria-label` is then required by the caller. */
  readonly iconOnly?: boolean;
  readonly ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant = 'default',
  icon,
  iconOnly = false,
  className,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  const classes = ['btn', `btn-${variant}`, iconOnly ? 'btn-icon' : '', className ?? ''].filter(Boolean);
  return (
    <button type={type} className={classes.join(' ')} {...rest}>
      {icon ? <Icon name={icon} /> : null}
      {children}
    </button>
  );
}
