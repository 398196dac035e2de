import type { ReactNode } from 'react';

/** A labelled list of an item's attributes (the read-only sidebar of GitLab's issuable pages). */
export function DetailList({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="detail-sidebar" aria-label={title}>
      <dl className="detail-list">{children}</dl>
    </section>
  );
}

export function Detail({ term, children, testId }: { term: string; children: ReactNode; testId?: string }) {
  return (
    <div data-testid={testId}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export const None = () => <span className="muted">None</span>;

/** The description as plain text, keeping its line breaks (markdown rendering comes later). */
export function PlainDescription({ text }: { text: string | null }) {
  return text ? (
    <div className="description" data-testid="description">
      {text}
    </div>
  ) : (
    <p className="muted" data-testid="description">
      No description
    </p>
  );
}
