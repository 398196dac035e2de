export interface Crumb {
  readonly label: string;
  readonly href: string;
}

/** The trail to the current page; the last crumb is the current page. */
export function Breadcrumbs({ items }: { items: readonly Crumb[] }) {
  if (items.length === 0) return null;
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumb" data-testid="breadcrumbs">
      <ol>
        {items.map((item, index) => (
          <li key={item.href}>
            <a href={item.href} aria-current={index === items.length - 1 ? 'page' : undefined}>
              {item.label}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
