import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon.tsx';

export type BadgeVariant = 'neutral' | 'info' | 'success' | 'warning' | 'danger' | 'muted';

export function Badge({
  variant = 'neutral',
  icon,
  children,
  testId,
}: {
  variant?: BadgeVariant;
  icon?: IconName;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <span className={`badge badge-${variant}`} data-testid={testId}>
      {icon ? <Icon name={icon} size={14} /> : null}
      {children}
    </span>
  );
}
