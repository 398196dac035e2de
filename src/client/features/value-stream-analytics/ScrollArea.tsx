import type { ReactNode } from 'react';

/**
 * A region that scrolls sideways when its chart or table is wider than the card: focusable, so
 * that keyboards can scroll it too, and named after what it holds.
 */
export function ScrollArea({
  label,
  className,
  children,
}: {
  label: string;
  className: string;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keys (WCAG 2.1.1).
    <section className={className} aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
