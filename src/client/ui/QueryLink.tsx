import type { AnchorHTMLAttributes } from 'react';
import { isPlainLeftClick } from './navigation.ts';

export interface QueryLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'onClick'> {
  /** The query string of the target view (with or without the leading `?`). */
  readonly search: string;
  readonly onNavigate: (search: string) => void;
  readonly 'data-testid'?: string | undefined;
}

/**
 * A real link to another view of the same page (`?query`): a plain click is handled in place by
 * `onNavigate`, while middle-click and ctrl-click open the URL as usual.
 */
export function QueryLink({ search, onNavigate, children, ...rest }: QueryLinkProps) {
  const query = search.replace(/^\?/, '');
  const href = query ? `?${query}` : window.location.pathname;
  return (
    <a
      href={href}
      onClick={(event) => {
        if (!isPlainLeftClick(event)) return;
        event.preventDefault();
        onNavigate(query);
      }}
      {...rest}
    >
      {children}
    </a>
  );
}
