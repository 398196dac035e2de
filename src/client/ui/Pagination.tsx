import { Icon } from './Icon.tsx';
import { QueryLink } from './QueryLink.tsx';

/** Previous / Next for cursor paging; a missing target renders as a disabled control. */
export function Pagination({
  previous,
  next,
  onNavigate,
}: {
  previous: string | null;
  next: string | null;
  onNavigate: (search: string) => void;
}) {
  if (previous === null && next === null) return null;
  return (
    <nav className="pagination" aria-label="Pagination" data-testid="pagination">
      {previous !== null ? (
        <QueryLink
          search={previous}
          onNavigate={onNavigate}
          className="btn btn-default"
          rel="prev"
          data-testid="pagination-previous"
        >
          <Icon name="chevronLeft" />
          Previous
        </QueryLink>
      ) : (
        <span className="btn btn-default btn-disabled" aria-disabled="true" data-testid="pagination-previous">
          <Icon name="chevronLeft" />
          Previous
        </span>
      )}
      {next !== null ? (
        <QueryLink
          search={next}
          onNavigate={onNavigate}
          className="btn btn-default"
          rel="next"
          data-testid="pagination-next"
        >
          Next
          <Icon name="chevronRight" />
        </QueryLink>
      ) : (
        <span className="btn btn-default btn-disabled" aria-disabled="true" data-testid="pagination-next">
          Next
          <Icon name="chevronRight" />
        </span>
      )}
    </nav>
  );
}
