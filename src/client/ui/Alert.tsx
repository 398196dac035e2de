import type { ReactNode } from 'react';

/** An inline message. `danger` alerts are announced at once (role="alert"). */
export function Alert({
  variant = 'info',
  title,
  children,
  testId,
}: {
  variant?: 'info' | 'danger' | 'warning' | 'success';
  title?: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div
      className={`alert alert-${variant}`}
      role={variant === 'danger' ? 'alert' : 'status'}
      data-testid={testId}
    >
      {title ? <p className="alert-title">{title}</p> : null}
      <div className="alert-body">{children}</div>
    </div>
  );
}
