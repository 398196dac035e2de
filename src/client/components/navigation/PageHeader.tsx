import type { ReactNode } from 'react';
import { Breadcrumbs, type Crumb } from '../../ui/index.ts';

/** Breadcrumbs, an optional line above the title, the page's one h1, actions and subtitle. */
export function PageHeader({
  crumbs,
  eyebrow,
  title,
  actions,
  children,
}: {
  crumbs?: readonly Crumb[];
  eyebrow?: ReactNode;
  title: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="page-header">
      {crumbs ? <Breadcrumbs items={crumbs} /> : null}
      {eyebrow ? <div className="page-eyebrow">{eyebrow}</div> : null}
      <div className="page-header-row">
        <h1 className="page-title">{title}</h1>
        {actions ? <div className="page-actions">{actions}</div> : null}
      </div>
      {children}
    </div>
  );
}
