import type { ReactNode } from 'react';

export function EmptyState({
  title,
  description,
  children,
  testId = 'empty-state',
}: {
  title: string;
  /** None when undefined (the caller may render its own in children). */
  description?: string | undefined;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <section className="empty-state" data-testid={testId} aria-label={title}>
      <p className="empty-state-title">{title}</p>
      {description ? <p className="empty-state-description">{description}</p> : null}
      {children}
    </section>
  );
}
